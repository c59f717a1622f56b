// SPDX-License-Identifier: MIT
#include "app/sparkctl/clustercontext.h"

#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"

#include <QCoreApplication>
#include <QMutex>

namespace sparkctl {

namespace {
struct ContextText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::ClusterCommands)
};
} // namespace

using namespace spark;

Expected<ClusterContext> ClusterContext::open(const QString &name)
{
    auto nodes = ClusterSessions::open(name);
    if (!nodes)
        return nodes.error();
    ClusterContext context;
    context.nodes = std::move(*nodes);
    context.targets = context.nodes->targets();
    return context;
}

void ClusterContext::askPasswords(bool fromStdin)
{
    targets = nodes->targets(sudoTargets(devices(), fromStdin, WhenNotRemembered::AskOnTerminal));
}

OptionSpec clusterOption()
{
    return {QStringLiteral("cluster"), ContextText::tr("The cluster (default: the one planned last)."),
            QStringLiteral("NAME"), {}, Completion::Clusters};
}

OptionSpec sudoStdinOption()
{
    return {QStringLiteral("sudo-password-stdin"),
            ContextText::tr("Read one sudo password for every node from the first line of stdin.")};
}

void printProgress(const QString &node, double fraction, const QString &sentence)
{
    static QMutex mutex;
    QMutexLocker locker(&mutex);
    if (Output::json())
        Output::line(QStringLiteral("progress"), {{QStringLiteral("node"), node},
                                                  {QStringLiteral("fraction"), fraction},
                                                  {QStringLiteral("text"), sentence}});
    else if (!Output::quiet())
        printOut(QStringLiteral("[%1 %2%] %3\n").arg(node, -10).arg(int(fraction * 100), 3).arg(sentence));
}

} // namespace sparkctl
