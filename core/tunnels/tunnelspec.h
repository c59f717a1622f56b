// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

namespace spark {

// A tunnel the user wants: local port on this computer → port on the node's
// own loopback, with a name, and an optional path to open in the browser.
struct TunnelSpec
{
    QString name;
    quint16 localPort = 0;
    quint16 remotePort = 0;
    QString path;              // "/" or "/lab"; empty: nothing to open in the browser

    QJsonObject toJson() const;
    static TunnelSpec fromJson(const QJsonObject &object);

    friend bool operator==(const TunnelSpec &, const TunnelSpec &) = default;
};

} // namespace spark
