// SPDX-License-Identifier: MIT
#pragma once

namespace spark::ui {

// The state a drawing shows for a port, a cable or a node. The wizard and the
// dashboard map their core findings onto it; the drawings only pick colours
// and markers from it.
enum class DrawState {
    None, // nothing expected or known: an empty port, a cable not yet checked
    Next, // the next cable goes here (highlighted)
    Ok, // plugged in where the plan says, link up (green)
    Wrong, // plugged in, but into the wrong port or to the wrong node (red)
    Missing, // the plan expects a cable here and none is seen (amber, dashed)
    Degraded, // cabled correctly but slow or erroring (orange)
};

} // namespace spark::ui
