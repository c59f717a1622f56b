// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/drawstate.h"

#include <QList>
#include <QString>

namespace spark::ui {

// Everything a topology picture shows: the nodes, the switch if there is one,
// the cables between them and "belongs here" arrows. Plain data, filled by the
// wizard from a cabling plan and its findings, or by the dashboard from health.
struct TopologyNode
{
    QString name; // "Spark 1"
    QString detail; // "spark-a" or an address; may be empty
    DrawState state = DrawState::None;

    friend bool operator==(const TopologyNode &, const TopologyNode &) = default;
};

struct TopologyCable
{
    int a = 0; // node index
    int b = 0; // node index, or TopologyModel::kSwitch
    int portA = -1; // QSFP port at a (0 or 1), -1 when not known
    int portB = -1; // QSFP port at b, or the switch port number; -1 when not known
    DrawState state = DrawState::None;
    QString label; // optional text on the cable: "196 Gb/s", "cable 2"

    friend bool operator==(const TopologyCable &, const TopologyCable &) = default;
};

// "The cable at fromNode/fromPort belongs at toNode/toPort".
struct TopologyArrow
{
    int fromNode = 0;
    int fromPort = -1;
    int toNode = 0;
    int toPort = -1;
    QString label;

    friend bool operator==(const TopologyArrow &, const TopologyArrow &) = default;
};

struct TopologyModel
{
    enum class Kind { Direct, Ring, Switch };
    static constexpr int kSwitch = -1;

    Kind kind = Kind::Direct;
    QList<TopologyNode> nodes;
    QList<TopologyCable> cables;
    QList<TopologyArrow> arrows;
    QString switchName; // shown on the switch box; a default name when empty

    friend bool operator==(const TopologyModel &, const TopologyModel &) = default;
};

} // namespace spark::ui
