// SPDX-License-Identifier: MIT
#include "core/serving/servescripts.h"

#include "core/common/shellquote.h"
#include "core/serving/serveplanner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace spark {

namespace {
const QLatin1String logMarker("@@serve:log");
const QLatin1String healthMarker("@@serve:health ");
const QLatin1String modelsMarker("@@serve:models");

QString labelFilter(const char *label, const QString &value)
{
    return QStringLiteral("label=%1=%2").arg(QLatin1String(label), value);
}
} // namespace

QString ServeScripts::serveLog(const QString &launchId)
{
    return QStringLiteral("/tmp/spark-serve-%1.log").arg(launchId);
}

QString ServeScripts::dockerRun(const ServeNodePlan &node)
{
    return shellJoin(node.dockerRun);
}

QString ServeScripts::startServe(const ServePlan &plan)
{
    // sh gets the command as its arguments ("$@"), never as text to parse.
    const QString inner = QStringLiteral("\"$@\" >>%1 2>&1; echo \"%2$?\" >>%1")
                              .arg(shellQuote(serveLog(plan.launchId)), QLatin1String(exitMarker));
    QStringList words{QStringLiteral("docker"), QStringLiteral("exec"), QStringLiteral("-d"), plan.nodes.constFirst().container,
                      QStringLiteral("sh"), QStringLiteral("-c"), inner, QStringLiteral("sh")};
    return shellJoin(words + plan.serve);
}

QString ServeScripts::rayStatus(const QString &container)
{
    return shellJoin({QStringLiteral("docker"), QStringLiteral("exec"), container, QStringLiteral("ray"), QStringLiteral("status")});
}

QString ServeScripts::containerStates(const QString &launchId)
{
    return shellJoin({QStringLiteral("docker"), QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                      labelFilter(ServePlanner::launchLabel, launchId), QStringLiteral("--format"),
                      QStringLiteral("{{.Names}}|{{.State}}")});
}

QString ServeScripts::lastLines(const QString &container, int lines)
{
    return shellJoin({QStringLiteral("docker"), QStringLiteral("logs"), QStringLiteral("--tail"), QString::number(lines),
                      container})
         + QStringLiteral(" 2>&1");
}

QString ServeScripts::headPoll(const ServePlan &plan)
{
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(plan.port);
    const QString &container = plan.nodes.constFirst().container;
    // Solo, vLLM is the container's own process: its output is the container's log.
    const QString log = plan.nodes.constFirst().role == ServeNodePlan::Role::Solo
                          ? lastLines(container, 40)
                          : shellJoin({QStringLiteral("docker"), QStringLiteral("exec"), container, QStringLiteral("tail"), QStringLiteral("-n"),
                                       QStringLiteral("40"), serveLog(plan.launchId)})
                                + QStringLiteral(" 2>/dev/null");
    QString script = QStringLiteral("echo %1; %2\n").arg(logMarker, log);
    script += QStringLiteral("echo \"%1$(curl -s -m 5 -o /dev/null -w '%{http_code}' %2 2>/dev/null)\"\n")
                  .arg(healthMarker, shellQuote(url + QStringLiteral("/health")));
    script += QStringLiteral("echo %1; curl -s -m 5 %2 2>/dev/null; echo\n").arg(modelsMarker, shellQuote(url + QStringLiteral("/v1/models")));
    return script;
}

QString ServeScripts::removeContainers(const QString &cluster, const QString &launchId)
{
    const QString filter = launchId.isEmpty() ? labelFilter(ServePlanner::clusterLabel, cluster)
                                              : labelFilter(ServePlanner::launchLabel, launchId);
    // Only containers that carry our label are named; nothing else is touched.
    return QStringLiteral("ids=$(%1) || exit $?; [ -z \"$ids\" ] || docker rm -f $ids")
        .arg(shellJoin({QStringLiteral("docker"), QStringLiteral("ps"), QStringLiteral("-aq"), QStringLiteral("--filter"), filter}));
}

std::optional<int> ServeScripts::activeRayNodes(const QString &output)
{
    bool inActive = false;
    bool seen = false;
    int count = 0;
    for (const QString &raw : output.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line == QLatin1String("Active:")) {
            inActive = seen = true;
            continue;
        }
        if (!inActive)
            continue;
        if (line.endsWith(QLatin1Char(':')) || line.isEmpty())
            break;
        // " 1 node_2f1c…": a count, then the node's id.
        bool ok = false;
        const int n = line.section(QLatin1Char(' '), 0, 0).toInt(&ok);
        if (ok && line.section(QLatin1Char(' '), 1).startsWith(QLatin1String("node_")))
            count += n;
    }
    return seen ? std::optional<int>(count) : std::nullopt;
}

ServeScripts::HeadPoll ServeScripts::parseHeadPoll(const QString &output)
{
    HeadPoll poll;
    enum class Part { None,
                      Log,
                      Models } part = Part::None;
    QString models;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        if (line == logMarker) {
            part = Part::Log;
        } else if (line.startsWith(healthMarker)) {
            poll.healthStatus = line.mid(healthMarker.size()).trimmed().toInt();
            part = Part::None;
        } else if (line == modelsMarker) {
            part = Part::Models;
        } else if (part == Part::Log) {
            if (line.startsWith(QLatin1String(exitMarker)))
                poll.exitCode = line.mid(qsizetype(qstrlen(exitMarker))).trimmed().toInt();
            else if (!line.isEmpty())
                poll.serveLog.append(line);
        } else if (part == Part::Models) {
            models += line;
        }
    }
    const QJsonArray data = QJsonDocument::fromJson(models.toUtf8()).object().value(QStringLiteral("data")).toArray();
    for (const QJsonValue &entry : data)
        poll.models.append(entry.toObject().value(QStringLiteral("id")).toString());
    return poll;
}

QList<QPair<QString, QString>> ServeScripts::parseStates(const QString &output)
{
    QList<QPair<QString, QString>> states;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QStringList fields = line.trimmed().split(QLatin1Char('|'));
        if (fields.size() == 2 && !fields.at(0).isEmpty())
            states.append({fields.at(0), fields.at(1)});
    }
    return states;
}

} // namespace spark
