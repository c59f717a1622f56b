// SPDX-License-Identifier: MIT
// Benchmark for issue 18's "health in the background": the desktop's cost of
// the whole watch as the app runs it (ClusterWatch → HealthSession over the
// registered devices' own SSH sessions, the rate history, the notices) for a
// switched cluster of 16 sparklab Sparks ("h18-wbench", 10.131.219.0/24):
// first in the background (no window), then as a shown link-health window
// has it. Prints the process's CPU as % of one core for each phase, the ticks
// and the polls per node per tick, and the RSS. Not a test; needs root.
// Run: build/default/tests/integration/bench_clusterwatch [SECONDS per phase] [BACKGROUND_MS]
//   (default 120 s and 10000 ms)
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "core/ssh/sshlibrary.h"
#include "support/clusterlab.h"
#include "support/processusage.h"
#include "support/switchcluster.h"

#include <QElapsedTimer>
#include <QTimer>


#include <cstdio>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString labName = QStringLiteral("h18-wbench");
const QString labSubnet = QStringLiteral("10.131.219.0/24");
const QString clusterName = QStringLiteral("bench16");
constexpr int kNodes = 16;

} // namespace

int main(int argc, char *argv[])
{
    if (const int rule = sparklabRootRule(); rule != 0)
        return rule;
    QCoreApplication app(argc, argv);
    setApplicationIdentity(app);
    const int seconds = argc > 1 ? qMax(20, QString::fromLocal8Bit(argv[1]).toInt()) : 120;
    const int backgroundMs = argc > 2 ? qMax(1000, QString::fromLocal8Bit(argv[2]).toInt()) : 10000;
    ScratchHome home;
    ClusterLab lab;
    if (!upSwitchCluster(lab, home, labName, labSubnet, kNodes, clusterName))
        return 1;
    ensureSshLibraryInitialised();
    DeviceRegistry registry;
    if (!registry.load())
        return 1;
    ClusterWatch watch(registry);
    watch.setRates({1000, backgroundMs});
    int ticks = 0;
    int fresh = 0;
    watch.setBackground(true);
    HealthSession *session = watch.session(clusterName);
    if (!session) {
        fprintf(stderr, "the cluster is not watched\n");
        return 1;
    }
    QObject::connect(&session->monitor(), &HealthMonitor::tick, &app,
                     [&](const QDateTime &, const QList<NodeHealth> &nodes, const QList<HealthAlert> &) {
                         ++ticks;
                         for (const NodeHealth &node : nodes)
                             fresh += node.reachable && node.snapshot && !node.stale ? 1 : 0;
                     });
    int notices = 0;
    QObject::connect(&watch, &ClusterWatch::notice, &app, [&](const HealthNotice &) { ++notices; });
    printf("%d sparklab Sparks (switch, port 0) in one configured cluster; %d s per phase\n", kNodes, seconds);
    runFor(20); // connected, facts probed once (the first answers), a few rounds

    const auto phase = [&](const char *name) {
        ticks = 0;
        fresh = 0;
        const int sentBefore = session->monitor().ticks();
        const double cpu = processCpuMs();
        QElapsedTimer wall;
        wall.start();
        runFor(seconds);
        const double percent = (processCpuMs() - cpu) * 100.0 / double(wall.elapsed());
        printf("%-34s every %5d ms: %6.2f %% of one core; %d rounds sent, %d reported, %.1f %% fresh node answers; RSS %lld kB\n",
               name, watch.intervalMs(clusterName), percent, session->monitor().ticks() - sentBefore, ticks,
               100.0 * fresh / std::max(1, ticks * kNodes), static_cast<long long>(rssKb()));
    };
    phase("background (no window)");
    watch.openForView(clusterName);
    watch.setView(clusterName, ClusterView::Shown);
    phase("a shown window (the same session)");
    watch.setView(clusterName, ClusterView::Closed);
    phase("window closed (background again)");
    printf("notices: %d (a healthy lab: none expected)\n", notices);
    return 0;
}
