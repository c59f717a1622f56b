// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/networkconfig.h"
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// On DGX OS, NetworkManager runs the CX-7 ports (netplan's renderer), out of the
// box under its DHCP auto-profiles ("Wired connection N"). Our netplan file makes
// NetworkManager profiles with the highest autoconnect priority, so they take the
// planned ports; every other profile stays exactly as it is, inactive while the
// cluster runs, and takes its port again after a rollback. Nothing of the user's
// NetworkManager settings is edited or deleted.
class NetworkManagerHandover
{
    Q_DECLARE_TR_FUNCTIONS(spark::NetworkManagerHandover)

public:
    // NetworkManager's highest autoconnect priority, given to our profiles.
    static constexpr int OurAutoconnectPriority = 999;

    // The profiles on the planned ports that ours displace (not netplan's own).
    static QList<NmProfile> setAside(const QList<NmProfile> &profiles, const QList<InterfaceAddress> &ours);
    // The DHCP auto-profiles among them: they step back without asking.
    static QList<NmProfile> automatic(const QList<NmProfile> &setAside);
    // Those the user made (a static address, or anything but DHCP): set aside only with consent.
    static QList<NmProfile> needingConsent(const QList<NmProfile> &setAside);
    // For the plan: one sentence for the node's DHCP auto-profiles, one per
    // profile of the user's; what happens to each, and how it comes back.
    static QStringList describe(const QString &node, const QList<NmProfile> &setAside);
    // One sentence for the DHCP auto-profiles of several nodes (node -> what it sets aside).
    static QString describeAutomatic(const QList<std::pair<QString, QList<NmProfile>>> &nodes);
};

} // namespace spark
