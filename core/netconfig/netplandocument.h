// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/networkconfig.h"
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// An earlier netplan file that configures the same CX-7 interfaces as ours: it
// is disabled (moved into the backup) only with the user's consent.
struct NetplanConflict
{
    QString path;
    QStringList interfaces; // the CX-7 interfaces both files configure
    NetplanFile::Origin origin = NetplanFile::Origin::Other;

    friend bool operator==(const NetplanConflict &, const NetplanConflict &) = default;
};

// Our one netplan file per node: only the CX-7 interfaces of the cluster, no
// DHCP on them, IPv6 link-local kept for cable discovery.
class NetplanDocument
{
    Q_DECLARE_TR_FUNCTIONS(spark::NetplanDocument)

public:
    static QString fileName();  // 60-spark-companion.yaml (core/facts/networkconfig.h)
    static QString directory(); // /etc/netplan
    static QString path();

    // The YAML for one node from its interfaces in the address plan.
    static Expected<QString> render(const QString &clusterName, const QList<InterfaceAddress> &interfaces);

    // The files (other than ours) that configure any of the interfaces we configure.
    static QList<NetplanConflict> conflicts(const QList<NetplanFile> &files, const QList<InterfaceAddress> &ours);
    // A sentence per conflict for the plan.
    static QStringList describeConflicts(const QString &node, const QList<NetplanConflict> &conflicts);
};

} // namespace spark
