// SPDX-License-Identifier: MIT
// `sparkctl monitor`: the link-health dashboard without a window.
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/interruptguard.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"

#include "core/cluster/clustersessions.h"
#include "core/devices/deviceregistry.h"
#include "core/health/healthjson.h"
#include "core/health/healthmonitor.h"
#include "core/health/sessionpolling.h"
#include "core/linktest/linkverdict.h"
#include "core/ssh/sshlibrary.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>

#include <cstdio>
#include <memory>

namespace sparkctl {

namespace {
struct MonitorText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::Monitor)
};
} // namespace

namespace {

const QString commandPath = QStringLiteral("monitor");

QString rate(const std::optional<double> &gbps)
{
    return gbps ? spark::LinkVerdict::formatGbps(*gbps) : QStringLiteral("–");
}

// One line per port that has a twin present: "spark-1 port 0: rx 95 tx 94 Gb/s, 2/2 twins up".
void printTick(const QList<spark::NodeHealth> &nodes)
{
    for (const spark::NodeHealth &node : nodes) {
        if (!node.reachable) {
            printOut(MonitorText::tr("%1: unreachable (%2), next try in %3 ticks\n")
                         .arg(node.node, node.unreachableDetail)
                         .arg(node.retryInTicks));
            continue;
        }
        if (!node.snapshot) {
            printOut(QStringLiteral("%1: connecting\n").arg(node.node));
            continue;
        }
        for (int port = 0; port < 2; ++port) {
            int present = 0;
            int up = 0;
            for (const spark::NetdevSnapshot &netdev : node.snapshot->netdevs) {
                if (netdev.port != port || !netdev.present)
                    continue;
                ++present;
                up += netdev.isUp() ? 1 : 0;
            }
            if (present == 0)
                continue;
            const spark::PortRates *rates = node.rates ? node.rates->portRates(port) : nullptr;
            printOut(MonitorText::tr("%1 port %2: rx %3 tx %4 Gb/s, %5/2 twins up\n")
                         .arg(node.node)
                         .arg(port)
                         .arg(rate(rates ? rates->rxGbps : std::nullopt), rate(rates ? rates->txGbps : std::nullopt))
                         .arg(up));
        }
    }
}

int runMonitor(QCommandLineParser &parser)
{
    const QString json = QStringLiteral("json");
    const QString interval = QStringLiteral("interval");
    const QString count = QStringLiteral("count");
    const QString scale = QStringLiteral("scale");
    bool ok = false;
    const int intervalMs = parser.value(interval).toInt(&ok);
    if (!ok || intervalMs < 200)
        return usageError(parser, commandPath, MonitorText::tr("--interval must be a number of milliseconds, at least 200."));
    const int ticks = parser.value(count).toInt(&ok);
    if (!ok || ticks < 0)
        return usageError(parser, commandPath, MonitorText::tr("--count must be 0 or more."));
    spark::HealthThresholds thresholds;
    thresholds.scale = parser.value(scale).toDouble(&ok);
    if (!ok || thresholds.scale <= 0 || thresholds.scale > 1)
        return usageError(parser, commandPath, MonitorText::tr("--scale must be above 0 and at most 1."));

    spark::DeviceRegistry registry;
    if (const auto loaded = registry.load(); !loaded) {
        return Output::failure(loaded.error().message, loaded.error().detail);
    }
    spark::ensureSshLibraryInitialised();
    QList<spark::Device> devices;
    QList<spark::HealthMonitor::Node> nodes;
    for (const QString &name : parser.positionalArguments()) {
        const spark::Device *device = registry.find(name);
        if (!device) {
            return Output::failure(
                MonitorText::tr("no device named \"%1\"; see the registered devices with the GUI or 'sparkctl device list'.")
                    .arg(name));
        }
        devices.append(*device);
        nodes.append({device->name, {}});
    }
    // The same sessions (and target rule) as the window's health dashboard.
    const spark::ClusterSessions sessions({}, devices);
    const bool asJson = parser.isSet(json);
    // The window's binding: the same poll timeout and the same silence rule.
    const spark::SessionPolling polling = spark::SessionPolling::over(sessions);
    spark::HealthMonitor monitor(nodes, {}, polling.poller, thresholds);
    monitor.setSilence(polling.silence);
    int seen = 0;
    const auto alertFields = [](const spark::HealthAlert &alert) {
        return QJsonObject{{QStringLiteral("node"), alert.node},
                           {QStringLiteral("message"), alert.message},
                           {QStringLiteral("cause"), alert.cause},
                           {QStringLiteral("fix"), alert.fix}};
    };
    QObject::connect(&monitor, &spark::HealthMonitor::alertRaised, &monitor, [asJson, alertFields](const spark::HealthAlert &alert) {
        if (asJson)
            Output::line(QStringLiteral("alert"), alertFields(alert));
        else
            printOut(QStringLiteral("ALERT %1: %2 %3 %4\n").arg(alert.node, alert.message, alert.cause, alert.fix));
    });
    QObject::connect(&monitor, &spark::HealthMonitor::alertCleared, &monitor, [asJson, alertFields](const spark::HealthAlert &alert) {
        if (asJson)
            Output::line(QStringLiteral("cleared"), alertFields(alert));
        else
            printOut(QStringLiteral("CLEARED %1: %2\n").arg(alert.node, alert.message));
    });
    QObject::connect(&monitor, &spark::HealthMonitor::tick, &monitor,
                     [&](const QDateTime &time, const QList<spark::NodeHealth> &health, const QList<spark::HealthAlert> &active) {
                         if (asJson) {
                             for (const spark::NodeHealth &node : health)
                                 Output::line(QStringLiteral("node"),
                                              spark::HealthJson::node(node.node, time, node.snapshot, node.rates, active));
                         } else if (!Output::quiet()) {
                             printTick(health);
                         }
                         if (ticks > 0 && ++seen >= ticks)
                             QCoreApplication::quit();
                     });
    bool interrupted = false;
    const InterruptGuard guard([&interrupted](int) {
        interrupted = true;
        QCoreApplication::quit();
    });
    monitor.start(intervalMs);
    // The CLI's only event loop (no window): runs until --count ticks or Ctrl-C.
    const int status = QCoreApplication::exec();
    monitor.stop();
    Output::result(status == 0, {{QStringLiteral("ticks"), seen},
                                 {QStringLiteral("activeAlerts"), int(monitor.history().active().size())}});
    if (interrupted)
        return Interrupted;
    return status == 0 ? Success : Failure;
}

} // namespace

void registerMonitorCommands(CommandTable &table)
{
    table.add(streaming({QStringLiteral("monitor"), MonitorText::tr("Watch link health of registered Sparks (--json for JSON Lines)"),
               MonitorText::tr("Watch the CX-7 links of registered Sparks: rates, errors and alerts, once a second."),
               {deviceArgument(ArgumentSpec::Some, MonitorText::tr("Registered devices to watch."))},
               {{QStringLiteral("json"), MonitorText::tr("One JSON object per node and tick (JSON Lines).")},
                {QStringLiteral("interval"), MonitorText::tr("Milliseconds between polls (default 1000)."),
                 QStringLiteral("ms"), QStringLiteral("1000")},
                {QStringLiteral("count"), MonitorText::tr("Stop after this many ticks (default: run until stopped)."),
                 QStringLiteral("n"), QStringLiteral("0")},
                {QStringLiteral("scale"), MonitorText::tr("Rate scale of an emulated cluster (default 1)."),
                 QStringLiteral("factor"), QStringLiteral("1")}},
               &runMonitor}));
}

} // namespace sparkctl
