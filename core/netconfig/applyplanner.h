// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/networkconfig.h"
#include "core/netconfig/addressplan.h"
#include "core/netconfig/netplandocument.h"
#include "core/netconfig/pingmesh.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

// One step of the safe apply on one node. `command` is a complete shell line
// built only from fixed text and validated, quoted tokens; `asRoot` steps run
// through sudo.
struct ApplyStep
{
    enum class Kind { Precheck,
                      Backup,
                      Install,
                      DisableOld,
                      ArmRevert,
                      Apply,
                      Verify,
                      Disarm };
    Kind kind = Kind::Backup;
    QString description;
    QString command;
    bool asRoot = false;
};

QString applyStepKindKey(ApplyStep::Kind kind);

struct ApplyOptions
{
    QString backupStamp;           // UTC "20261202T160000Z": names the backup folder
    int revertSeconds = 180;       // the node restores its old network by itself unless disarmed in time
    bool disableConflicts = false; // the user agreed to disable the earlier files and set their own profiles aside
};

// The ordered steps for one node. Verify waits until every node has run Apply
// (its pings reach the other nodes); if any step before Disarm fails, run
// `revertCommand` (or let the timer do it when the node is unreachable).
struct NodeApplyPlan
{
    QString node;
    QString netplan;
    QString arpSysctl; // ArpSysctl's file for this node
    QList<NetplanConflict> conflicts;
    QList<NmProfile> setAside; // NetworkManager profiles on our ports that ours displace (NetworkManagerHandover)
    QList<ApplyStep> steps;
    QList<PingCheck> checks;
    QString revertCommand; // as root
};

class ApplyPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::ApplyPlanner)

public:
    static QString backupRoot();    // /etc/spark-companion/backups
    static QString revertPidFile(); // /run/spark-companion-netplan-revert.pid
    // Undoes the apply that made the backup folder `backupDir` (a shell word:
    // quoted, or "$b"), and only what it changed: our netplan file back to its
    // earlier version (or gone), the files it moved aside back, our sysctl
    // file (or its absence); every other file stays as it is now.
    static QString undoFilesCommand(const QString &backupDir);
    // The running state the backup recorded: ARP settings, each CX-7 port's
    // own NetworkManager connection (LiveActivation), the MTUs.
    static QString restoreRuntimeCommand(const QString &backupDir);
    // Both: what the revert and the node's own timer run.
    static QString restoreCommand(const QString &backupDir);
    // "NETDEV MTU" per CX-7 netdev the node has: the backup's mtu-runtime.
    static QString currentMtusCommand();

    // `profiles`: the node's NetworkManager profiles on CX-7 ports (the probe's).
    static Expected<NodeApplyPlan> plan(const QString &clusterName, const QString &node, const AddressPlan &addresses,
                                        const QList<NetplanFile> &existingFiles, const ApplyOptions &options,
                                        const QList<NmProfile> &profiles = {});
};

} // namespace spark
