// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

struct PeerNode
{
    QString name;
    QString managementHost;
    quint16 sshPort = 22;
    QStringList cx7Addresses; // the node's CX-7 IPv4 addresses from the address plan
};

// fromNode's public key goes into toNode's authorized_keys.
struct KeyCopy
{
    QString fromNode;
    QString toNode;
    friend bool operator==(const KeyCopy &, const KeyCopy &) = default;
};

// onNode's known_hosts gets aboutNode's host key for these names and addresses.
struct KnownHostsEntry
{
    QString onNode;
    QString aboutNode;
    QStringList hosts;
    quint16 port = 22;
    friend bool operator==(const KnownHostsEntry &, const KnownHostsEntry &) = default;
};

// Node-to-node SSH: every node makes its own key pair (a private key never
// leaves its node), every other node authorises it, and every node learns the
// others' host keys for their management and CX-7 addresses.
struct PeerTrustPlan
{
    QStringList keyGenerations; // nodes, in order
    QList<KeyCopy> copies;
    QList<KnownHostsEntry> knownHosts;
};

class PeerTrustPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::PeerTrustPlanner)

public:
    static Expected<PeerTrustPlan> plan(const QList<PeerNode> &nodes);

    // ~/.ssh/id_ed25519_spark_cluster, made once per node; prints the public key.
    static QString keyGenerationCommand(const QString &node);
    // Adds the public key to authorized_keys unless it is there already.
    static Expected<QString> authorizeCommand(const QString &publicKey);
    // "host1,host2 ssh-ed25519 AAAA…" ("[host]:port" for another port than 22).
    static Expected<QString> knownHostsLine(const QStringList &hosts, quint16 port, const QString &hostKey);
    static Expected<QString> knownHostsCommand(const QString &line);
    // A Host block for the node's ~/.ssh/config that uses the cluster key for the peers.
    static Expected<QString> sshConfigCommand(const QStringList &peerHosts);
};

} // namespace spark
