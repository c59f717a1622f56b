// SPDX-License-Identifier: MIT
// Model inventory benchmark on a sparklab lab of 4 nodes ("h31-invbench",
// 10.131.237.0/24) holding 20 models each, every figure against a baseline
// measured in the same run (median of several rounds):
// - the program's inventory of the 4 nodes (ModelInventoryJob, as the Models
//   tab and `sparkctl model list` read them: a session per node, the host key
//   checked, the listing script, its parsing and judging) against OpenSSH
//   running the very same listing script on the 4 nodes at once, each over a
//   fresh connection: one SSH round trip plus the nodes' own `find`, the
//   issue's floor; target <= 1.5;
// - `sparkctl model list --json`, the whole process, against the same floor
//   (for the record: it adds the program's start and the registry's read).
// Needs root (sparklab). Run: build/default/tests/integration/bench_inventory [ROUNDS]   (not a CTest test)
#include "core/models/hfcachelisting.h"
#include "core/models/modelinventoryjob.h"
#include "support/clusterlab.h"
#include "support/registereddevices.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString labName = QStringLiteral("h31-invbench");
const QString labSubnet = QStringLiteral("10.131.237.0/24");
constexpr int ModelsPerNode = 20;

qint64 medianOf(int rounds, const std::function<bool()> &work)
{
    QList<qint64> times;
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer clock;
        clock.start();
        if (!work())
            return -1;
        times.append(clock.elapsed());
    }
    std::sort(times.begin(), times.end());
    return times.at(times.size() / 2);
}

// OpenSSH running `script` on every device at once, a fresh connection each.
bool sshEach(const QList<Device> &devices, const QString &knownHosts, const QString &script)
{
    QList<QProcess *> running;
    for (const Device &device : devices) {
        auto *process = new QProcess;
        process->start(QStringLiteral("ssh"), {QStringLiteral("-F"), QStringLiteral("/dev/null"), QStringLiteral("-i"), device.identityFile,
                                               QStringLiteral("-o"), QStringLiteral("UserKnownHostsFile=") + knownHosts,
                                               QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-p"),
                                               QString::number(device.port), device.user + QLatin1Char('@') + device.host, script});
        running.append(process);
    }
    bool ok = true;
    for (QProcess *process : running) {
        process->waitForFinished(60000);
        const QByteArray out = process->readAllStandardOutput();
        if (process->exitCode() != 0 || !out.contains(HfCacheListing::endMarker)) {
            fprintf(stderr, "ssh failed: %s\n", process->readAllStandardError().constData());
            ok = false;
        }
        delete process;
    }
    return ok;
}

bool inventory(const QList<Device> &devices)
{
    ModelInventoryJob job;
    QFuture<QList<NodeModels>> read = job.read(devices, {});
    read.waitForFinished();
    for (const NodeModels &node : read.result()) {
        if (node.error || node.models.size() != ModelsPerNode) {
            fprintf(stderr, "%s: %s (%lld models)\n", qPrintable(node.node), node.error ? qPrintable(node.error->message) : "read",
                    static_cast<long long>(node.models.size()));
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (const int rule = sparklabRootRule(); rule != 0)
        return rule;
    QCoreApplication app(argc, argv);
    setApplicationIdentity(app);
    const int rounds = argc > 1 ? qMax(1, QString::fromLocal8Bit(argv[1]).toInt()) : 9;
    ScratchHome home;
    ClusterLab lab;
    if (!lab.up(labName, labSubnet, {QStringLiteral("none"), QStringLiteral("--nodes"), QStringLiteral("4")}))
        return 1;
    const QList<Device> devices = registerLabDevices(lab, home);
    if (devices.size() != 4) {
        fprintf(stderr, "could not register the lab's nodes\n");
        return 1;
    }
    for (int node = 1; node <= 4; ++node) {
        for (int model = 0; model < ModelsPerNode; ++model) {
            const ProcessResult added = SparkLab::run({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("--name"), labName,
                                                       QString::number(node), QStringLiteral("bench/model-%1").arg(model),
                                                       QStringLiteral("--shards"), QString::number(1 + model % 4),
                                                       QStringLiteral("--shard-kib"), QStringLiteral("64")});
            if (added.exitCode != 0) {
                fprintf(stderr, "model add failed: %s\n", added.err.constData());
                return 1;
            }
        }
    }
    const Expected<QString> script = HfCacheListing::script({});
    if (!script)
        return 1;
    const QString knownHosts = home.filePath(QStringLiteral(".ssh/known_hosts"));
    // One round of each first: the nodes' page cache and sshd warm, as for every round after.
    if (!sshEach(devices, knownHosts, *script) || !inventory(devices))
        return 1;
    const qint64 floor = medianOf(rounds, [&] { return sshEach(devices, knownHosts, *script); });
    const qint64 ours = medianOf(rounds, [&] { return inventory(devices); });
    const qint64 command = medianOf(rounds, [&] {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("list"), QStringLiteral("--json")}, {}, 60000)
                   .exitCode
            == 0;
    });
    if (floor <= 0 || ours < 0 || command < 0)
        return 1;
    printf("model inventory, 4 nodes x %d models, median of %d rounds\n", ModelsPerNode, rounds);
    printf("%-62s %6lld ms\n", "floor: OpenSSH, the listing script on 4 nodes at once", static_cast<long long>(floor));
    printf("%-62s %6lld ms\n", "ours: ModelInventoryJob on 4 nodes", static_cast<long long>(ours));
    printf("%-62s %6lld ms\n", "sparkctl model list --json (the whole process)", static_cast<long long>(command));
    printf("ratio ours / floor: %.2f (target <= 1.5)\n", double(ours) / double(floor));
    printf("ratio sparkctl / floor: %.2f (for the record)\n", double(command) / double(floor));
    return 0;
}
