// SPDX-License-Identifier: MIT
#include "core/tunnels/tunnelplanner.h"

namespace spark {

TunnelSpec TunnelPlanner::dashboard()
{
    return TunnelSpec{tr("DGX Dashboard"), DashboardPort, DashboardPort, QStringLiteral("/")};
}

std::optional<quint16> TunnelPlanner::parsePort(const QString &text)
{
    const QString trimmed = text.trimmed();
    for (const QChar c : trimmed)
        if (!c.isDigit() || c.unicode() > 127)
            return std::nullopt;
    bool ok = false;
    const uint value = trimmed.toUInt(&ok);
    if (!ok || value == 0 || value > 65535)
        return std::nullopt;
    return quint16(value);
}

Expected<TunnelSpec> TunnelPlanner::validate(const TunnelSpec &spec, const QList<TunnelSpec> &existing)
{
    TunnelSpec tidy = spec;
    tidy.name = spec.name.simplified();
    tidy.path = spec.path.trimmed();
    if (tidy.name.isEmpty())
        return Error(tr("Give the tunnel a name, such as \"Jupyter\"."));
    if (tidy.remotePort == 0)
        return Error(tr("The port on the device for \"%1\" must be a number from 1 to 65535.").arg(tidy.name));
    if (tidy.localPort == 0)
        return Error(tr("The local port for \"%1\" must be a number from 1024 to 65535.").arg(tidy.name));
    if (tidy.localPort < FirstUnprivilegedPort)
        return Error(tr("Local port %1 for \"%2\" needs administrator rights on this computer; use a port from 1024 "
                        "to 65535, such as %3.")
                         .arg(tidy.localPort)
                         .arg(tidy.name)
                         .arg(tidy.localPort + 8000 <= 65535 ? tidy.localPort + 8000 : 8080));
    if (!tidy.path.isEmpty() && (!tidy.path.startsWith(QLatin1Char('/')) || tidy.path.contains(QLatin1Char(' '))))
        return Error(tr("The browser path for \"%1\" must start with \"/\" and have no spaces, such as \"/lab\".")
                         .arg(tidy.name));
    for (const TunnelSpec &other : existing) {
        if (other.name.simplified().compare(tidy.name, Qt::CaseInsensitive) == 0)
            return Error(tr("There is already a tunnel named \"%1\"; choose another name.").arg(tidy.name));
        if (other.localPort == tidy.localPort)
            return Error(tr("Local port %1 is already used by the tunnel \"%2\"; choose another port.")
                             .arg(tidy.localPort)
                             .arg(other.name));
    }
    return tidy;
}

std::optional<quint16> TunnelPlanner::suggestPort(quint16 taken, const PortCheck &isLocalPortFree)
{
    for (int candidate = qMax<int>(taken + 1, FirstUnprivilegedPort), tries = 0; candidate <= 65535 && tries < 100;
         ++candidate, ++tries) {
        if (isLocalPortFree(quint16(candidate)))
            return quint16(candidate);
    }
    return std::nullopt;
}

Expected<TunnelSpec> TunnelPlanner::plan(const TunnelSpec &spec, const PortCheck &isLocalPortFree,
                                         const QList<TunnelSpec> &existing)
{
    auto valid = validate(spec, existing);
    if (!valid || isLocalPortFree(valid->localPort))
        return valid;
    const auto suggestion = suggestPort(valid->localPort, isLocalPortFree);
    if (!suggestion)
        return Error(tr("Port %1 on this computer is already in use by another program, and so are the next ones. "
                        "Close the program that uses it, or choose another port.")
                         .arg(valid->localPort));
    return Error(tr("Port %1 on this computer is already in use by another program. Use port %2 instead, or close "
                    "the program that uses %1.")
                     .arg(valid->localPort)
                     .arg(*suggestion),
                 QString::number(*suggestion));
}

Expected<TunnelSpec> TunnelPlanner::planOnFreePort(const TunnelSpec &spec, const PortCheck &isLocalPortFree,
                                                   const QList<TunnelSpec> &existing)
{
    auto planned = plan(spec, isLocalPortFree, existing);
    if (planned || planned.error().detail.isEmpty())
        return planned;
    TunnelSpec moved = spec;
    moved.localPort = quint16(planned.error().detail.toUInt());
    return plan(moved, isLocalPortFree, existing);
}

QUrl TunnelPlanner::browserUrl(const TunnelSpec &spec)
{
    if (spec.path.isEmpty() || spec.localPort == 0)
        return {};
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("localhost"));
    url.setPort(spec.localPort);
    url.setPath(spec.path);
    return url;
}

} // namespace spark
