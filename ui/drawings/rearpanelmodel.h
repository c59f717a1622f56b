// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/drawstate.h"

#include <QString>

#include <array>

namespace spark::ui {

// One QSFP port as the rear-panel drawing shows it.
struct PanelPort
{
    DrawState state = DrawState::None;
    QString peer; // where its cable goes, shown under the port: "Spark 2 · port 1"
    QString note; // an extra sentence for the tooltip, e.g. a finding

    friend bool operator==(const PanelPort &, const PanelPort &) = default;
};

// Everything one Spark's rear-panel drawing shows. Plain data: the wizard
// fills it from a cabling plan and the observed links.
struct RearPanelModel
{
    QString title; // "Spark 1 · spark-a"
    std::array<PanelPort, 2> ports; // index = port number: 0 left, 1 right
    bool selectable = false; // the user may click a QSFP port to choose it
    int arrowFrom = -1; // an arrow from this port …
    int arrowTo = -1; // … to this one: "the cable belongs there"

    friend bool operator==(const RearPanelModel &, const RearPanelModel &) = default;
};

} // namespace spark::ui
