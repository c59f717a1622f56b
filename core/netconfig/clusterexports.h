// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/netconfig/addressplan.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

struct ExportNode
{
    QString name;
    QString managementHost; // as registered: hostname or address on the management LAN
    QString user;
    quint16 sshPort = 22;
};

// Files for running work on the cluster: an MPI hostfile, the NCCL environment
// and an Ansible inventory.
class ClusterExports
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterExports)

public:
    // "host slots=1" per node (management addresses; MPI starts ranks over SSH there).
    static Expected<QString> mpiHostfile(const QList<ExportNode> &nodes);
    // NCCL_IB_HCA lists the RoCE device of every cabled twin; the socket
    // bootstrap and MPI's TCP stay on the management port.
    static QString ncclEnvironment(const QString &clusterName, const CablingPlan &cabling);
    static Expected<QString> ansibleInventory(const QString &clusterName, const QList<ExportNode> &nodes,
                                              const AddressPlan &addresses);

    // A management host: a hostname, an IPv4 or an IPv6 address, nothing else.
    static bool isValidHost(const QString &host);
    // A YAML double-quoted scalar.
    static QString yamlQuote(const QString &text);
};

} // namespace spark
