// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/ncclenvironment.h"
#include "core/netconfig/addressplan.h"
#include "core/serving/recipe.h"
#include "core/topology/cablingplan.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// What the planner knows of one node of the cluster, read before the launch.
struct ServeNode
{
    QString name;
    QString managementAddress;                // the IPv4 address on the management port (a ring's Ray network)
    QString modelCacheRoot;                   // the cache folder where the model is complete; empty: it is not
    QString modelProblem;                     // why it is not, when known ("3 of 48 shards missing")
    qint64 memTotalBytes = -1;                // MemTotal (-1: not read)
    std::optional<QStringList> images;        // "repository:tag" and "repository@digest" the node has; nullopt: not read
    QString dockerProblem;                    // why Docker could not be asked (not installed, not allowed); empty: fine
    std::optional<QList<int>> listeningPorts; // TCP ports something listens on; nullopt: not read
};

struct ServeRequest
{
    Recipe recipe;
    QString cluster;
    ClusterLayout layout = ClusterLayout::Direct2;
    QList<ServeNode> nodes; // cluster order: the first is the head
    AddressPlan addresses;  // the cluster's CX-7 addresses
    std::optional<int> gidIndex;
    QList<QPair<QString, QString>> overrides; // placeholder values the user gave ("port", "tensor_parallel", …)
    QString soloNode;                         // non-empty: serve on this node alone, without Ray
    qint64 weightBytes = -1;                  // the model's weights (-1: not known)
    QString launchId;                         // names the containers; [a-z0-9]{8}
};

struct ServeNodePlan
{
    enum class Role { Solo,
                      Head,
                      Worker };
    QString node;
    Role role = Role::Solo;
    QString container;                      // its container's name
    QString address;                        // the address Ray and NCCL's bootstrap use (empty when solo)
    QString netdev;                         // the interface carrying it
    QList<EnvironmentVariable> environment; // set in the container
    QStringList dockerRun;                  // the whole command: "docker", "run", "-d", …
};

struct ServePlan
{
    QString cluster;
    QString recipe; // its name
    QString source; // where it was read
    QString model;
    QString image;
    QString launchId;
    int port = 8000; // the API's port on the head node
    int tensorParallel = 1;
    int pipelineParallel = 1;
    QString network;            // "cx7", "management" or "" (solo): where Ray and NCCL's bootstrap run
    QList<ServeNodePlan> nodes; // the head (or the solo node) first
    QStringList serve;          // the vllm serve command, run in the head's container
    QString fit;                // the fit sentence, when the weights are known
    QStringList notes;          // what the planner chose on its own, and advice
    QStringList warnings;       // the recipe's warnings and what it asks that is not applied
    QStringList refusals;       // why it must not start, one sentence each; empty: it may

    bool canStart() const { return refusals.isEmpty() && !nodes.isEmpty(); }
    QString head() const { return nodes.isEmpty() ? QString() : nodes.constFirst().node; }
    QJsonObject toJson() const;
};

QString serveRoleKey(ServeNodePlan::Role role); // "solo", "head", "worker"

} // namespace spark
