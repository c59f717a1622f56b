// SPDX-License-Identifier: MIT
// Soak benchmark for issue 20: the health watch as the app runs it
// (ClusterWatch → HealthSession over the registered devices' own SSH
// sessions, one round a second) on a switched cluster of 16 sparklab Sparks
// ("h20-soak", 10.131.77.0/24) for 30 minutes, while faults come at random
// but reproducible times (--seed): an sshd restart that also drops the
// node's SSH connections, a counter reset (the cable's netdevs made again
// between two polls, as a reboot or a driver reload does), a cable pulled and
// plugged back after 10–30 s, and a node gone for two minutes (its management
// link down: no answer at all, as a node switched off). Not a test: it prints,
// per fault, the rounds until the change was reported and until the node was
// back without an alert, then the totals against the targets (every
// change within two rounds, every recovery seen, no alert open at the end),
// the RSS slope over the run, and the threads and file descriptors at the
// start and the end. Needs root.
// Run: build/default/tests/integration/bench_soak [SECONDS] [SEED]   (default 1800 s, seed 20)
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "core/ssh/sshlibrary.h"
#include "support/clusterlab.h"
#include "support/processusage.h"
#include "support/switchcluster.h"

#include <QDir>
#include <QElapsedTimer>
#include <QMap>
#include <QMutex>
#include <QThread>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <random>
#include <thread>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString labName = QStringLiteral("h20-soak");
const QString labSubnet = QStringLiteral("10.131.77.0/24");
const QString clusterName = QStringLiteral("soak16");
const QString mgmtInterface = QStringLiteral("enP7s7"); // sparklab's management netdev in a node
constexpr int kNodes = 16;
constexpr int kRoundMs = 1000;
constexpr int kNodeGoneSeconds = 120;
// At the lab's 1:100 a port carries at most 2 Gb/s; a reset read as a rate would be thousands.
constexpr double kSpikeGbps = 3.0;

enum class FaultKind { SshdRestart, CounterReset, Unplug, NodeGone };

const char *kindName(FaultKind kind)
{
    switch (kind) {
    case FaultKind::SshdRestart:
        return "sshd restart";
    case FaultKind::CounterReset:
        return "counter reset";
    case FaultKind::Unplug:
        return "cable pulled";
    case FaultKind::NodeGone:
        return "node gone";
    }
    return "?";
}

struct Fault
{
    FaultKind kind = FaultKind::SshdRestart;
    int node = 0;        // 0-based
    qint64 atMs = 0;     // from the start of the soak
    int holdSeconds = 0; // how long the cable stays out, the node away
    qint64 startedMs = -1;
    qint64 inEffectMs = -1; // the lab's command that makes it has returned: the change is there
    qint64 endedMs = -1; // the fault undone (cable back, node back)
    QString failed;      // a lab command that did not do its part
};

// Faults one after the other, each 40–100 s after the last one ended, none
// in the last three minutes (so that every recovery can be seen).
QList<Fault> schedule(quint32 seed, int seconds)
{
    std::mt19937 random(seed);
    const auto between = [&random](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
    QList<Fault> faults;
    qint64 at = 60'000;
    while (true) {
        Fault fault;
        fault.kind = FaultKind(between(0, 3));
        fault.node = between(0, kNodes - 1);
        fault.holdSeconds = fault.kind == FaultKind::Unplug ? between(10, 30)
                          : fault.kind == FaultKind::NodeGone ? kNodeGoneSeconds
                                                              : 0;
        fault.atMs = at;
        if (at + fault.holdSeconds * 1000 > (seconds - 180) * 1000LL)
            break;
        faults.append(fault);
        at += fault.holdSeconds * 1000 + between(40, 100) * 1000;
    }
    return faults;
}

// What the analysis needs of one round: fixed-size and reserved before the
// soak, so that the benchmark's own record adds nothing to the RSS slope it
// reports (a round's alerts as full objects were about 2 kB each).
enum AlertFlag : quint8 { AnyAlert = 1, Unreachable = 2, LinkDown = 4 };
struct Round
{
    qint64 atMs = 0;
    std::array<bool, kNodes> answered{};          // per node: reachable with a fresh snapshot
    std::array<float, kNodes> highestPortGbps{};  // per node
    std::array<quint8, kNodes> alerts{};          // per node: AlertFlag bits
};

bool hasAlert(const Round &round, AlertFlag flag, int node)
{
    return (round.alerts.at(size_t(node)) & flag) != 0;
}

bool anyAlertOn(const Round &round, int node)
{
    return hasAlert(round, AnyAlert, node);
}

int countEntries(const QString &dir)
{
    return int(QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size());
}

// Least-squares slope of (minute, kB).
double slopeKbPerMinute(const QList<std::pair<double, double>> &points)
{
    const double n = double(points.size());
    if (n < 2)
        return 0;
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto &[x, y] : points) {
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    const double denominator = n * sxx - sx * sx;
    return denominator == 0 ? 0 : (n * sxy - sx * sy) / denominator;
}

} // namespace

int main(int argc, char *argv[])
{
    if (const int rule = sparklabRootRule(); rule != 0)
        return rule;
    QCoreApplication app(argc, argv);
    setApplicationIdentity(app);
    const int seconds = argc > 1 ? qMax(300, QString::fromLocal8Bit(argv[1]).toInt()) : 1800;
    const quint32 seed = argc > 2 ? QString::fromLocal8Bit(argv[2]).toUInt() : 20;
    ScratchHome home;
    ClusterLab lab;
    if (!upSwitchCluster(lab, home, labName, labSubnet, kNodes, clusterName))
        return 1;
    const QStringList names = lab.nodeNames();
    ensureSshLibraryInitialised();
    DeviceRegistry registry;
    if (!registry.load())
        return 1;
    ClusterWatch watch(registry);
    watch.setRates({kRoundMs, kRoundMs});
    watch.setBackground(true);
    HealthSession *session = watch.session(clusterName);
    if (!session) {
        fprintf(stderr, "the cluster is not watched\n");
        return 1;
    }
    QElapsedTimer clock;
    QList<Round> rounds;
    rounds.reserve(seconds + 120);
    QList<HealthAlert> lastActive;
    QObject::connect(&session->monitor(), &HealthMonitor::tick, &app,
                     [&](const QDateTime &, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active) {
                         if (!clock.isValid())
                             return;
                         Round round;
                         round.atMs = clock.elapsed();
                         lastActive = active;
                         for (const HealthAlert &alert : active) {
                             const int index = int(names.indexOf(alert.node));
                             if (index < 0 || index >= kNodes)
                                 continue;
                             quint8 &flags = round.alerts[size_t(index)];
                             flags |= AnyAlert;
                             if (alert.rule == u"unreachable")
                                 flags |= Unreachable;
                             if (alert.rule == u"link-down")
                                 flags |= LinkDown;
                         }
                         for (int index = 0; index < kNodes && index < names.size(); ++index) {
                             const QString &name = names.at(index);
                             const auto node = std::find_if(nodes.cbegin(), nodes.cend(),
                                                            [&](const NodeHealth &n) { return n.node == name; });
                             const bool fresh = node != nodes.cend() && node->reachable && node->snapshot && !node->stale;
                             double highest = 0;
                             if (node != nodes.cend() && node->rates) {
                                 for (const PortRates &port : node->rates->ports)
                                     highest = std::max({highest, port.rxGbps.value_or(0), port.txGbps.value_or(0)});
                             }
                             round.answered[size_t(index)] = fresh;
                             round.highestPortGbps[size_t(index)] = float(highest);
                         }
                         rounds.append(round);
                     });
    int notices = 0;
    QMap<QString, int> noticesByRule; // "raised unreachable", "cleared link-down", …
    QObject::connect(&watch, &ClusterWatch::notice, &app, [&](const HealthNotice &notice) {
        ++notices;
        const QString rule = notice.alerts.isEmpty() ? QStringLiteral("?")
                                                     : notice.alerts.constFirst().rule + QLatin1Char(' ') + notice.node
                                                           + QStringLiteral(" at %1 s").arg(clock.isValid() ? clock.elapsed() / 1000 : -1);
        ++noticesByRule[(notice.kind == HealthNotice::Kind::Raised ? QStringLiteral("raised ") : QStringLiteral("cleared "))
                        + rule];
    });
    runFor(30); // connected, facts probed, the first rounds
    if (!session->monitor().lastNodes().isEmpty()) {
        for (const NodeHealth &node : session->monitor().lastNodes()) {
            if (!node.reachable)
                fprintf(stderr, "before the soak: %s does not answer (%s)\n", qPrintable(node.node),
                        qPrintable(node.unreachableDetail));
        }
    }

    QList<Fault> faults = schedule(seed, seconds);
    printf("%d sparklab Sparks (switch, port 0), one round a second for %d s, seed %u: %d faults\n", kNodes, seconds, seed,
           int(faults.size()));
    fflush(stdout);
    const int threadsAtStart = countEntries(QStringLiteral("/proc/self/task"));
    const int fdsAtStart = countEntries(QStringLiteral("/proc/self/fd"));
    QList<std::pair<double, double>> rss; // minute, kB
    clock.start();
    QMutex faultMutex;
    std::atomic<bool> stop{false};
    std::thread injector([&] {
        const auto sleepUntil = [&](qint64 ms) {
            while (!stop && clock.elapsed() < ms)
                QThread::msleep(50);
        };
        for (qsizetype i = 0; i < faults.size() && !stop; ++i) {
            Fault fault;
            {
                const QMutexLocker locker(&faultMutex);
                fault = faults.at(i);
            }
            sleepUntil(fault.atMs);
            if (stop)
                break;
            const QString number = QString::number(fault.node + 1);
            const QString cable = QStringLiteral("%1:0-switch:%2").arg(names.at(fault.node)).arg(fault.node + 1);
            fault.startedMs = clock.elapsed();
            const auto must = [&fault](const ProcessResult &result, const QString &what) {
                if (result.exitCode != 0 && fault.failed.isEmpty())
                    fault.failed = what + QStringLiteral(": ") + QString::fromUtf8(result.err.trimmed());
            };
            switch (fault.kind) {
            case FaultKind::SshdRestart:
                must(lab.fault({QStringLiteral("sshd-stop"), number}), QStringLiteral("sshd-stop"));
                // A restart also loses the sessions it served (systemd keeps them; a reboot of sshd's host does not).
                lab.lab().sh(fault.node, QStringLiteral("for p in $(ss -tnpH state established '( sport = :22 )' | "
                                                        "grep -o 'pid=[0-9]*' | cut -d= -f2); do kill $p; done"));
                must(lab.fault({QStringLiteral("sshd-start"), number}), QStringLiteral("sshd-start"));
                break;
            case FaultKind::CounterReset:
                must(lab.fault({QStringLiteral("unplug"), cable}), QStringLiteral("unplug"));
                must(lab.fault({QStringLiteral("replug"), cable}), QStringLiteral("replug"));
                break;
            case FaultKind::Unplug:
                must(lab.fault({QStringLiteral("unplug"), cable}), QStringLiteral("unplug"));
                fault.inEffectMs = clock.elapsed();
                sleepUntil(fault.startedMs + fault.holdSeconds * 1000LL);
                must(lab.fault({QStringLiteral("replug"), cable}), QStringLiteral("replug"));
                break;
            case FaultKind::NodeGone:
                must(lab.lab().sh(fault.node, QStringLiteral("ip link set %1 down").arg(mgmtInterface)), QStringLiteral("link down"));
                fault.inEffectMs = clock.elapsed();
                sleepUntil(fault.startedMs + fault.holdSeconds * 1000LL);
                must(lab.lab().sh(fault.node, QStringLiteral("ip link set %1 up").arg(mgmtInterface)), QStringLiteral("link up"));
                break;
            }
            fault.endedMs = clock.elapsed();
            const QMutexLocker locker(&faultMutex);
            faults[i] = fault;
        }
    });
    for (int second = 0; second < seconds; second += 10) {
        runFor(10);
        rss.append({clock.elapsed() / 60000.0, double(rssKb())});
    }
    stop = true;
    injector.join();
    runFor(5); // the last round is reported
    const int threadsAtEnd = countEntries(QStringLiteral("/proc/self/task"));
    const int fdsAtEnd = countEntries(QStringLiteral("/proc/self/fd"));

    // Per fault: rounds from the moment the lab made it (its command returned)
    // until it shows (an alert on that node),
    // and rounds from its end until the node answers with no alert of its own.
    const auto roundsAfter = [&](qint64 fromMs, const std::function<bool(const Round &)> &holds) {
        int count = 0;
        for (const Round &round : std::as_const(rounds)) {
            if (round.atMs <= fromMs)
                continue;
            ++count;
            if (holds(round))
                return count;
        }
        return -1;
    };
    int worstDetection[4] = {0, 0, 0, 0};
    int worstRecovery[4] = {0, 0, 0, 0};
    int missedDetections = 0;
    int missedRecoveries = 0;
    int spikes = 0;
    int ran = 0;
    for (const Fault &fault : std::as_const(faults)) {
        if (fault.startedMs < 0)
            continue;
        ++ran;
        const QString name = names.at(fault.node);
        const int index = int(fault.kind);
        int detected = 0; // 0: nothing to report (no change a person must see)
        if (fault.kind == FaultKind::Unplug)
            detected = roundsAfter(fault.inEffectMs, [&](const Round &r) { return hasAlert(r, LinkDown, fault.node); });
        else if (fault.kind == FaultKind::NodeGone)
            detected = roundsAfter(fault.inEffectMs, [&](const Round &r) { return hasAlert(r, Unreachable, fault.node); });
        const int recovered = roundsAfter(std::max(fault.endedMs, fault.startedMs), [&](const Round &r) {
            return r.answered.at(size_t(fault.node)) && !anyAlertOn(r, fault.node);
        });
        double highest = 0;
        for (const Round &round : std::as_const(rounds)) {
            if (round.atMs >= fault.startedMs && round.atMs <= fault.endedMs + 10'000)
                highest = std::max(highest, double(round.highestPortGbps.at(size_t(fault.node))));
        }
        if (detected < 0)
            ++missedDetections;
        else
            worstDetection[index] = std::max(worstDetection[index], detected);
        if (recovered < 0)
            ++missedRecoveries;
        else
            worstRecovery[index] = std::max(worstRecovery[index], recovered);
        spikes += highest > kSpikeGbps ? 1 : 0;
        printf("%7.1f s  %-13s %-8s hold %3d s (made in %4lld ms): reported after %s rounds, back after %s rounds, "
               "highest port rate %.3f Gb/s\n",
               fault.startedMs / 1000.0, kindName(fault.kind), qPrintable(name), fault.holdSeconds,
               fault.inEffectMs < 0 ? 0LL : fault.inEffectMs - fault.startedMs,
               detected == 0 ? "-" : qPrintable(QString::number(detected)),
               recovered < 0 ? "never" : qPrintable(QString::number(recovered)), highest);
        if (!fault.failed.isEmpty())
            printf("           the lab could not make this fault: %s\n", qPrintable(fault.failed));
    }
    const QList<HealthAlert> openAtEnd = lastActive;
    printf("faults run: %d of %d; rounds reported: %d in %.0f s\n", ran, int(faults.size()), int(rounds.size()),
           clock.elapsed() / 1000.0);
    for (int kind = 0; kind < 4; ++kind)
        printf("  %-13s worst: reported after %d rounds, back after %d rounds\n", kindName(FaultKind(kind)),
               worstDetection[kind], worstRecovery[kind]);
    printf("changes not reported: %d (target 0); changes reported after more than 2 rounds: %s\n", missedDetections,
           std::max(worstDetection[2], worstDetection[3]) > 2 ? "some (see above)" : "none");
    printf("recoveries not seen: %d (target 0); counter resets read as a rate above %.1f Gb/s: %d (target 0)\n",
           missedRecoveries, kSpikeGbps, spikes);
    printf("alerts open at the end: %d (target 0)%s\n", int(openAtEnd.size()),
           openAtEnd.isEmpty() ? "" : qPrintable(QStringLiteral(": ") + openAtEnd.constFirst().key));
    QStringList byRule;
    for (auto it = noticesByRule.cbegin(); it != noticesByRule.cend(); ++it)
        byRule.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
    printf("notices to the desktop: %d (%s)\n", notices, qPrintable(byRule.join(QStringLiteral(", "))));
    // The session keeps the last minutes of every port's rates (RateHistory):
    // memory grows until that window is full, and must be flat after it.
    const double fullAfterMinutes = session->rates().keepSeconds() / 60.0 + 1;
    QList<std::pair<double, double>> filling;
    QList<std::pair<double, double>> full;
    for (const auto &point : std::as_const(rss))
        (point.first < fullAfterMinutes ? filling : full).append(point);
    printf("RSS: %.0f kB at the start, %.0f kB once the %.0f-minute rate history is full, %.0f kB at the end\n",
           rss.isEmpty() ? 0.0 : rss.constFirst().second, full.isEmpty() ? 0.0 : full.constFirst().second,
           fullAfterMinutes - 1, rss.isEmpty() ? 0.0 : rss.constLast().second);
    printf("RSS slope: %.1f kB/min while the history fills, %.2f kB/min after (%d samples; target: flat)\n",
           slopeKbPerMinute(filling), slopeKbPerMinute(full), int(full.size()));
    printf("threads: %d at the start, %d at the end; file descriptors: %d at the start, %d at the end (target: no growth)\n",
           threadsAtStart, threadsAtEnd, fdsAtStart, fdsAtEnd);
    return 0;
}
