// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/nodefacts.h"

#include <QString>

namespace spark {

// Turns the output of ProbeScript::build() into NodeFacts: splits the
// sections and hands each to its parser. Missing or unreadable sections
// leave their fields empty and add a line to NodeFacts::problems; this
// never fails as a whole. `node` is copied into NodeFacts::node.
NodeFacts parseProbeOutput(const QString &output, const QString &node = {});

} // namespace spark
