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

// Files for running work on the cluster: an MPI hostfile, an Ansible inventory
// and the vLLM commands (the NCCL environment: NcclEnvironment).
class ClusterExports
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterExports)

public:
    // "host slots=1" per node (management addresses; MPI starts ranks over SSH there).
    static Expected<QString> mpiHostfile(const QList<ExportNode> &nodes);
    // NVIDIA's vLLM playbook ("Run on two Sparks") for this cluster, as the
    // serving plan has it (the shipped vllm-two-sparks recipe): the Ray head on
    // the first node and a worker on each other, the bootstrap on the network
    // every node reaches (a ring's management network), the commands to run by
    // hand. `nodes` in cluster order; the addresses as planned (or applied).
    static Expected<QString> vllmCommands(const QString &clusterName, const QList<ExportNode> &nodes,
                                          const AddressPlan &addresses);
    static Expected<QString> ansibleInventory(const QString &clusterName, const QList<ExportNode> &nodes,
                                              const AddressPlan &addresses);

    // A YAML double-quoted scalar.
    static QString yamlQuote(const QString &text);
};

} // namespace spark
