// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

enum class ClusterLayout { Direct2, Ring3, Switch };

// "direct2", "ring3", "switch" — the words of the CLI and of clusters.json.
QString layoutKey(ClusterLayout layout);
std::optional<ClusterLayout> layoutFromKey(const QString &key);

// One QSFP port of one node (port 0 = left cage, port 1 = right cage).
struct PortEnd
{
    QString node;
    int port = 0;

    friend bool operator==(const PortEnd &, const PortEnd &) = default;
};

// One cable. `to` is empty when the cable goes to the switch.
struct Cable
{
    int number = 0; // 1-based, the order the wizard shows
    PortEnd from;
    std::optional<PortEnd> to;

    bool toSwitch() const { return !to.has_value(); }
    friend bool operator==(const Cable &, const Cable &) = default;
};

// Every cable end to end, and the ports that stay empty.
struct CablingPlan
{
    ClusterLayout layout = ClusterLayout::Direct2;
    QStringList nodes;
    QList<Cable> cables;
    QList<PortEnd> emptyPorts;

    // The cable plugged into this port, if any.
    const Cable *cableAt(const PortEnd &end) const;
    // The sentences the wizard shows: one per cable, then one per empty port.
    QStringList describe() const;
    QJsonObject toJson() const;

    friend bool operator==(const CablingPlan &, const CablingPlan &) = default;
};

namespace CablingText {
// "left port (Port 0)" / "right port (Port 1)"
QString portLabel(int port);
// "Spark B, left port (Port 0)"
QString end(const PortEnd &end);
// "Cable 2: Spark B, left port (Port 0) → Spark C, right port (Port 1)"
QString cable(const Cable &cable);
} // namespace CablingText

} // namespace spark
