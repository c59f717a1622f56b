// SPDX-License-Identifier: MIT
#include "core/netconfig/networkmanagerhandover.h"

namespace spark {

QList<NmProfile> NetworkManagerHandover::setAside(const QList<NmProfile> &profiles, const QList<InterfaceAddress> &ours)
{
    QList<NmProfile> result;
    for (const NmProfile &profile : profiles) {
        if (profile.isFromNetplan())
            continue;
        const bool onOurPort = std::any_of(ours.cbegin(), ours.cend(), [&](const InterfaceAddress &interface) {
            return interface.netdev == profile.interfaceName;
        });
        if (onOurPort)
            result.append(profile);
    }
    return result;
}

QList<NmProfile> NetworkManagerHandover::automatic(const QList<NmProfile> &setAside)
{
    QList<NmProfile> result;
    for (const NmProfile &profile : setAside) {
        if (profile.usesDhcp())
            result.append(profile);
    }
    return result;
}

QList<NmProfile> NetworkManagerHandover::needingConsent(const QList<NmProfile> &setAside)
{
    QList<NmProfile> result;
    for (const NmProfile &profile : setAside) {
        if (!profile.usesDhcp())
            result.append(profile);
    }
    return result;
}

QStringList NetworkManagerHandover::describe(const QString &node, const QList<NmProfile> &setAside)
{
    QStringList lines;
    QStringList automatic;
    for (const NmProfile &profile : setAside) {
        if (profile.usesDhcp())
            automatic.append(QStringLiteral("\"%1\" (%2)").arg(profile.id, profile.interfaceName));
    }
    if (!automatic.isEmpty())
        lines.append(tr("On %1, NetworkManager's DHCP profiles %2 (the DGX OS default) step back for Spark Companion's; "
                        "they are not changed, and a rollback gives the ports back to them.", nullptr, int(automatic.size()))
                         .arg(node, automatic.join(QStringLiteral(", "))));
    for (const NmProfile &profile : needingConsent(setAside)) {
        lines.append(tr("On %1, your NetworkManager profile \"%2\" on %3 (%4) is set aside while the cluster runs, "
                        "once you agree; it is not changed or deleted, and a rollback gives the port back to it.")
                         .arg(node, profile.id, profile.interfaceName,
                              profile.ipv4Addresses.isEmpty() ? profile.ipv4Method
                                                              : profile.ipv4Addresses.join(QStringLiteral(", "))));
    }
    return lines;
}

QString NetworkManagerHandover::describeAutomatic(const QList<std::pair<QString, QList<NmProfile>>> &nodes)
{
    QStringList names;
    int profiles = 0;
    for (const auto &[node, setAside] : nodes) {
        const qsizetype count = automatic(setAside).size();
        if (count > 0)
            names.append(node);
        profiles += int(count);
    }
    if (profiles == 0)
        return {};
    return tr("On %1, NetworkManager's DHCP profiles on the planned ports (%n in all, the DGX OS default) step back for "
              "Spark Companion's; they are not changed, and a rollback gives the ports back to them.", nullptr, profiles)
        .arg(names.join(QStringLiteral(", ")));
}

} // namespace spark
