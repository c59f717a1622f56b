// SPDX-License-Identifier: MIT
// Benchmark for issue 9's figures: the desktop's cost of watching 16 sparklab
// Sparks (a switch lab) at 1 Hz with HealthMonitor over one SSH session per
// node. Against a baseline measured in the same run over the same sessions:
// one `true` exec per node per tick (the bare SSH round trips). Prints the
// desktop process's CPU as % of one core for both and their ratio, the remote
// execs per node per tick, and the RSS at the start and the end.
// Needs root (sparklab).
// Run: build/default/tests/integration/bench_health [SECONDS] [INTERVAL_MS]
//   (default 60 s at 1000 ms; 600 for the figure; 10000 ms: the background watch's rate)
#include "core/health/healthmonitor.h"
#include "core/ssh/sshlibrary.h"
#include "core/ssh/sshsession.h"
#include "support/processusage.h"
#include "support/sparklab.h"

#include <QElapsedTimer>
#include <QTimer>


#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString labName = QStringLiteral("h9-bench");
const QString labSubnet = QStringLiteral("10.131.94.0/24");
constexpr int kNodes = 16;

} // namespace

int main(int argc, char *argv[])
{
    if (const int rule = sparklabRootRule(); rule != 0)
        return rule;
    QCoreApplication app(argc, argv);
    setApplicationIdentity(app);
    const int seconds = argc > 1 ? qMax(10, QString::fromLocal8Bit(argv[1]).toInt()) : 60;
    const int intervalMs = argc > 2 ? qMax(100, QString::fromLocal8Bit(argv[2]).toInt()) : 1000;
    ScratchHome home;
    SparkLab lab;
    const ProcessResult up = SparkLab::run({QStringLiteral("up"), QStringLiteral("switch"), QStringLiteral("--nodes"),
                                            QString::number(kNodes), QStringLiteral("--name"), labName,
                                            QStringLiteral("--mgmt-subnet"), labSubnet, QStringLiteral("--replace")});
    if (up.exitCode != 0) {
        fprintf(stderr, "sparklab up failed: %s\n", up.err.constData());
        return 1;
    }
    // Down again however the run ends.
    const std::shared_ptr<void> down(nullptr, [](void *) {
        SparkLab::run({QStringLiteral("down"), QStringLiteral("--name"), labName});
    });
    qputenv("SPARKLAB_LAB", labName.toUtf8());
    const bool attached = lab.attach(labName, kNodes);
    qunsetenv("SPARKLAB_LAB");
    if (!attached)
        return 1;
    ensureSshLibraryInitialised();
    std::vector<std::unique_ptr<SshSession>> sessions;
    QHash<QString, SshSession *> byName;
    QList<HealthMonitor::Node> nodes;
    for (int i = 0; i < lab.nodes().size(); ++i) {
        SshTarget target = lab.target(i);
        target.password = lab.node(i).password;
        target.acceptedFingerprint = lab.node(i).fingerprint;
        sessions.push_back(std::make_unique<SshSession>(target));
        byName.insert(lab.node(i).name, sessions.back().get());
        nodes.append({lab.node(i).name, {}});
        if (!sessions.back()->connectToHost().result()) {
            fprintf(stderr, "cannot log in to %s\n", qPrintable(lab.node(i).name));
            return 1;
        }
    }
    printf("%d sparklab nodes (switch, port 0), baseline %d s, monitor %d s, one tick every %d ms\n", int(sessions.size()),
           std::min(seconds, 120), seconds, intervalMs);

    // Baseline: the bare SSH round trip, one `true` per node per tick.
    int baselineExecs = 0;
    QTimer baselineTick;
    QObject::connect(&baselineTick, &QTimer::timeout, &app, [&] {
        for (const auto &session : sessions) {
            ++baselineExecs;
            session->exec(QStringLiteral("true"), {}, 5000);
        }
    });
    double cpu = processCpuMs();
    QElapsedTimer wall;
    wall.start();
    baselineTick.start(intervalMs);
    const int baselineSeconds = std::min(seconds, 120); // a rate: two minutes are plenty
    runFor(baselineSeconds);
    baselineTick.stop();
    const double baselinePercent = (processCpuMs() - cpu) * 100.0 / double(wall.elapsed());

    // The monitor.
    QHash<QString, int> polls;
    HealthThresholds thresholds;
    thresholds.scale = 0.01;
    HealthMonitor monitor(nodes, {}, [&](const QString &node, const QByteArray &script) {
        ++polls[node];
        return byName.value(node)->exec(QStringLiteral("sh -s"), script, 5000);
    }, thresholds);
    int ticks = 0;
    int fresh = 0;
    QObject::connect(&monitor, &HealthMonitor::tick, &app, [&](const QDateTime &, const QList<NodeHealth> &health, const QList<HealthAlert> &) {
        ++ticks;
        for (const NodeHealth &node : health)
            fresh += node.reachable && node.snapshot && !node.stale ? 1 : 0;
    });
    runFor(2); // the baseline's last execs end
    const qint64 rssStart = rssKb();
    cpu = processCpuMs();
    wall.restart();
    monitor.start(intervalMs);
    runFor(seconds);
    monitor.stop();
    const double monitorPercent = (processCpuMs() - cpu) * 100.0 / double(wall.elapsed());
    const qint64 rssEnd = rssKb();
    int totalPolls = 0;
    int mostPolls = 0;
    for (const int count : std::as_const(polls)) {
        totalPolls += count;
        mostPolls = std::max(mostPolls, count);
    }
    const int sent = monitor.ticks();

    printf("baseline (one `true` exec per node per tick): %6.2f %% of one core, %d execs\n", baselinePercent, baselineExecs);
    printf("health monitor:                              %6.2f %% of one core (%.2f x the baseline)\n", monitorPercent,
           baselinePercent > 0 ? monitorPercent / baselinePercent : 0.0);
    printf("ticks: %d sent, %d reported; remote execs: %d (%.3f per node per tick, at most %d on one node in %d ticks)\n", sent,
           ticks, totalPolls, double(totalPolls) / std::max(1, sent * kNodes), mostPolls, sent);
    printf("fresh answers: %.1f %% of node-ticks (the rest came a tick late)\n", 100.0 * fresh / std::max(1, ticks * kNodes));
    printf("RSS: %lld kB at the start, %lld kB at the end (%.3f x)\n", static_cast<long long>(rssStart),
           static_cast<long long>(rssEnd), rssStart > 0 ? double(rssEnd) / double(rssStart) : 0.0);
    sessions.clear();
    return 0;
}
