// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark {

// A host a file for other tools may name (a hostfile, an inventory, a
// known_hosts line): a DNS name, an IPv4 address or an unscoped IPv6 address;
// nothing a shell or a YAML reader would read as more than one word.
bool isValidHostName(const QString &host);

} // namespace spark
