// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

namespace spark {

// Whether a program could listen on `port` of this computer's loopback now
// (the check TunnelPlanner is given outside tests).
bool isLocalPortFree(quint16 port);

} // namespace spark
