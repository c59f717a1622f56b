// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/cablingplan.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// A planned cluster: its name, layout, devices (by registered name) and choices.
struct ClusterDefinition
{
    QString name;
    ClusterLayout layout = ClusterLayout::Direct2;
    QStringList devices;
    std::optional<int> port;      // the user's left/right choice, if the layout takes one
    bool switchJumboFrames = false;
    QString baseRange;            // empty: the default

    QJsonObject toJson() const;
    static std::optional<ClusterDefinition> fromJson(const QJsonObject &object);

    // Letters, digits, ".", "_" and "-", starting with a letter or digit, at most 63.
    static bool isValidName(const QString &name);
    static QString nameRule();

    friend bool operator==(const ClusterDefinition &, const ClusterDefinition &) = default;
};

} // namespace spark
