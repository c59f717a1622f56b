// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/expected.h"
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestscripts.h"
#include "core/linktest/livetotals.h"
#include "core/linktest/linktestrun.h"
#include "core/ssh/execresult.h"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <vector>

namespace spark {

class SshSession;

struct LinkTestNode
{
    QString name;
    SshSession *session = nullptr; // the caller's, alive until the run ends
};

struct LinkTestOptions
{
    LinkTestMode mode = LinkTestMode::Tcp;
    // RDMA where every node has perftest and every end a RoCE v2 GID, else TCP
    // (the quick check); without it a missing tool or GID is an error.
    bool tcpWhereRdmaCannot = false;
    int seconds = 10;       // per phase
    int streams = 4;        // parallel TCP streams per twin (TCP mode)
    int messageBytes = 65536; // ib_write_bw message size (RDMA mode)
    QList<LinkPhase> phases = allPhases(); // A→B, B→A, then both at once

    static QList<LinkPhase> allPhases();
    int pings = 10;         // per twin, 0.2 s apart
    double portGbps = 184;  // NVIDIA Sync's bar for a real port; scaled by the nodes' rate scale
    // Links that share no port at the same time, where the nodes' cores allow
    // (LinkTestRounds); false: one link after the other.
    bool sideBySide = true;
};

struct LinkTestJob
{
    QString cluster;
    QList<LinkTarget> links;
    QList<LinkTestNode> nodes;
    LinkTestOptions options;
};

// Runs the link test over SSH, in rounds of links that share no port
// (LinkTestRounds; a node in two links of a round gets a second SSH session,
// as one session runs its commands one after another). Per link: ping both
// twins for latency and loss, then per phase (A→B, B→A, both at once) both
// twins at once:
// - TCP: iperf3 servers on end B (free ports, one test each, under `timeout`)
//   and the clients on end A. Samples stream as iperf3 prints them
//   (--forceflush, once a second).
// - RDMA: ib_write_bw servers on the receiving end (free ports, under
//   `timeout`, started in the background) and the clients on the sending end,
//   with each end's RoCE device and GID index. Samples stream as the clients
//   print them (--run_infinitely -D 1, line-buffered: once a second).
// Every phase ends with a clean-up on both ends that stops whatever is left,
// also after a failure or cancel().
class LinkTestRunner final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkTestRunner)

public:
    explicit LinkTestRunner(QObject *parent = nullptr);

    QFuture<Expected<LinkTestRun>> run(const LinkTestJob &job);
    // The same, blocking: never call it on the GUI thread.
    Expected<LinkTestRun> runBlocking(const LinkTestJob &job);


Q_SIGNALS:
    // The run as planned: links (without results), scale and expected rate.
    void started(const spark::LinkTestRun &run);
    void sample(const spark::LinkSample &sample); // twins as they arrive, then the port total per second
    void latencyMeasured(const QString &link, double microseconds, double lossPercent);
    void linkFinished(const spark::LinkResult &result);

private:
    struct PhaseResult
    {
        QList<LinkSample> samples;
        double retransmits = 0;
        double bytes = 0;
        QString problem; // a sentence when the phase could not run as planned
    };
    struct Ping
    {
        double latencyUs = -1;
        double lossPercent = 0;
        QString problem;
    };
    Ping ping(const LinkTarget &link, SshSession *sessionA, const LinkTestOptions &options);
    struct Preflight
    {
        QHash<QString, LinkTestScripts::NodeFacts> nodes;
        double scale = 1.0;
        LinkTestMode mode = LinkTestMode::Tcp; // the job's, or TCP where RDMA cannot run
        QList<LinkTarget> links;               // the job's, with perftest's set-up addresses
    };
    // Progress through the run: each ping and phase is one step (links of a round step at once).
    struct Steps
    {
        std::atomic<int> done{0};
        int total = 1;
        double fraction() { return double(done++) / std::max(total, 1); }
    };
    // The SSH sessions of a run: the job's one per node, and the extra ones a
    // round needs where a node is in more than one of its links.
    struct Sessions
    {
        QHash<QString, QList<SshSession *>> byNode; // the job's first
        std::vector<std::unique_ptr<SshSession>> extra;
    };
    // Opens what `rounds` need beyond the job's sessions, all at once; the
    // nodes where a second session would not open (their links then run apart).
    QStringList openExtraSessions(Sessions &sessions, const QHash<QString, int> &needed);
    // Free ports for each link of a round (two per end), none taken twice on a node.
    struct LinkPorts
    {
        QList<int> a;
        QList<int> b;
    };
    static QList<LinkPorts> portsForRound(const QList<LinkTarget> &links, const QList<int> &round,
                                          const Preflight &preflight, int firstPort);
    // One round's links, each on its own thread when there are several; false when cancelled.
    // Links that fell short beside others, measured again each alone: their verdict is then their own.
    bool confirmAlone(const QList<QList<int>> &rounds, Sessions &sessions, const Preflight &preflight,
                      const LinkTestJob &job, LinkTestRun &run, Steps &steps);
    bool measureRound(const QList<int> &round, Sessions &sessions, const Preflight &preflight, const LinkTestJob &job,
                      LinkTestRun &run, Steps &steps);
    Expected<Preflight> checkNodes(const QHash<QString, SshSession *> &sessions, const LinkTestJob &job);
    bool measureLink(const LinkTarget &link, SshSession *sessionA, SshSession *sessionB, const LinkPorts &ports,
                     const Preflight &preflight, const LinkTestJob &job, LinkResult &result, Steps &steps);
    PhaseResult runPhase(const LinkTarget &link, LinkPhase phase, const QList<int> &ports, SshSession *sessionA,
                         SshSession *sessionB, const LinkTestOptions &options);
    // portsA / portsB: free ports for servers on end A / end B, one per twin.
    PhaseResult runRdmaPhase(const LinkTarget &link, LinkPhase phase, const QList<int> &portsA, const QList<int> &portsB,
                             SshSession *sessionA, SshSession *sessionB, const LinkTestOptions &options);

    // The skeleton both tools' phases share.
    // A measured twin sample, and the port's total once both twins have that second.
    void record(PhaseResult &result, LiveTotals &totals, const LinkSample &measured);
    // Waits for a client script (cancelled with the run); the sentence when it stopped early.
    QString awaitClients(QFuture<Expected<ExecResult>> &clients, const QString &from, const QString &to);
    // The first twin whose tool reported an error, as a sentence.
    static QString firstTwinError(const std::array<QStringList, 2> &errors, const char *tool, const QString &node);

};

} // namespace spark
