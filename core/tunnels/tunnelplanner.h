// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/tunnels/tunnelspec.h"

#include <QCoreApplication>
#include <QList>
#include <QUrl>

#include <functional>
#include <optional>

namespace spark {

// Pure rules for tunnels: what a valid one is, whether its local port is free
// (asked through `isLocalPortFree`, so tests decide), which port to suggest
// instead, and where the browser goes.
class TunnelPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::TunnelPlanner)

public:
    using PortCheck = std::function<bool(quint16 port)>;
    static constexpr quint16 DashboardPort = 11000;
    static constexpr quint16 FirstUnprivilegedPort = 1024;

    // DGX Dashboard: local 11000 → the node's localhost:11000, opened at "/".
    static TunnelSpec dashboard();

    // "8888" → 8888; anything but a whole number from 1 to 65535 → nothing.
    static std::optional<quint16> parsePort(const QString &text);

    // The name is given, ports are in range (the local one from 1024: lower ones
    // need root), the path starts with "/", and no other tunnel of `existing`
    // (the device's others) uses the same name or local port.
    static Expected<TunnelSpec> validate(const TunnelSpec &spec, const QList<TunnelSpec> &existing = {});

    // validate(), then the local port must be free; if it is taken the error
    // names the next free port (see suggestPort).
    static Expected<TunnelSpec> plan(const TunnelSpec &spec, const PortCheck &isLocalPortFree,
                                     const QList<TunnelSpec> &existing = {});

    // Like plan(), but a taken local port moves to the next free one instead of
    // failing (for presets such as the dashboard, where any local port will do).
    static Expected<TunnelSpec> planOnFreePort(const TunnelSpec &spec, const PortCheck &isLocalPortFree,
                                               const QList<TunnelSpec> &existing = {});

    // The first free port after `taken` (up to 100 tries, never below 1024).
    static std::optional<quint16> suggestPort(quint16 taken, const PortCheck &isLocalPortFree);

    // http://localhost:<local><path>, or an empty URL when the tunnel has no path.
    static QUrl browserUrl(const TunnelSpec &spec);
};

} // namespace spark
