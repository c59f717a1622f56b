// SPDX-License-Identifier: MIT
#include "core/nccl/ncclbuilder.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/linktest/taggedtools.h"
#include "core/ssh/sshsession.h"


namespace spark {

namespace {

const QString shell = QStringLiteral("sh -s");
constexpr int checkTimeoutMs = 30000;
constexpr int keptLines = 6; // a failed step's last lines, for its sentence

Expected<NcclNodeReadiness> readReadiness(const NcclBuildNode &node)
{
    const Expected<ExecResult> result = node.session->exec(shell, NcclPrerequisites::script(), checkTimeoutMs).result();
    if (!result)
        return result.error();
    return NcclPrerequisites::parse(result->standardOutput, node.name);
}

void keep(QStringList &lines, const QString &line)
{
    if (line.trimmed().isEmpty())
        return;
    lines << line;
    if (lines.size() > keptLines)
        lines.removeFirst();
}

} // namespace

bool NcclBuildReport::ready() const
{
    return std::all_of(nodes.cbegin(), nodes.cend(), [](const NcclBuildNodeResult &node) { return node.problem.isEmpty(); });
}

QStringList NcclBuildReport::problems() const
{
    QStringList sentences;
    for (const NcclBuildNodeResult &node : nodes) {
        if (!node.problem.isEmpty())
            sentences << node.problem;
    }
    return sentences;
}

NcclBuilder::NcclBuilder(QObject *parent)
    : Job(lcNccl, parent)
{
}

QFuture<NcclBuildReport> NcclBuilder::run(const QList<NcclBuildNode> &nodes)
{
    m_cancelled = false;
    return runOnThread([this, nodes] { return runBlocking(nodes); });
}

NcclBuildReport NcclBuilder::runBlocking(const QList<NcclBuildNode> &nodes)
{
    QList<QFuture<NcclBuildNodeResult>> building;
    for (const NcclBuildNode &node : nodes)
        building << runOnThread([this, node] { return buildNode(node); });
    NcclBuildReport report;
    for (auto &future : building) {
        future.waitForFinished();
        report.nodes << future.result();
    }
    return report;
}

NcclBuildNodeResult NcclBuilder::buildNode(const NcclBuildNode &node)
{
    NcclBuildNodeResult result{node.name, {}, {}};
    const auto finish = [&](QString problem) {
        result.problem = std::move(problem);
        Q_EMIT nodeFinished(result);
        return result;
    };
    const auto before = readReadiness(node);
    if (!before)
        return finish(before.error().message);
    const NcclBuildNeeds needs = NcclBuildPlan::needs(*before);
    if (!needs.blocker.isEmpty())
        return finish(needs.blocker);
    if (needs.nothingToDo())
        return finish({});
    if (!needs.packages.isEmpty()) {
        result.stepsRun << NcclBuildStep::Packages;
        reportProgress(node.name, 0, NcclBuildPlan::stepSentence(NcclBuildStep::Packages, needs));
        if (QString problem = installPackages(node, needs); !problem.isEmpty())
            return finish(problem);
    }
    if (m_cancelled)
        return finish(tr("The build on %1 was cancelled.").arg(node.name));
    if (needs.nccl || needs.ncclTests) {
        if (QString problem = runBuildScript(node, needs, result.stepsRun); !problem.isEmpty())
            return finish(problem);
    }
    // The proof: the node now has what the NCCL test checks for.
    const auto after = readReadiness(node);
    if (!after)
        return finish(after.error().message);
    if (const QStringList left = NcclPrerequisites::problems(*after); !left.isEmpty())
        return finish(tr("The build on %1 ended, but: %2").arg(node.name, left.join(QLatin1Char(' '))));
    return finish({});
}

QString NcclBuilder::installPackages(const NcclBuildNode &node, const NcclBuildNeeds &needs)
{
    QStringList errors;
    QStringList last;
    QFuture<Expected<ExecResult>> installing = node.session->execStreaming(
        node.sudo.rootShell(NcclBuildPlan::packageCommand(needs.packages)),
        [&](OutputStream stream, const QString &line) {
            if (stream == OutputStream::StandardError)
                errors << line;
            keep(last, line);
            Q_EMIT outputLine(node.name, line);
        },
        node.sudo.standardInput(), 0);
    // Never stopped half-way: an interrupted dpkg leaves the node's packages
    // broken, so a cancel waits for apt-get to end.
    installing.waitForFinished();
    const Expected<ExecResult> done = installing.result();
    if (!done)
        return done.error().message;
    if (done->succeeded())
        return {};
    const QString said = errors.join(QLatin1Char('\n'));
    if (SudoCredential::refusedPassword(said))
        return tr("sudo on %1 did not accept the password, so %2 could not be installed; give the right one and build "
                  "again.")
            .arg(node.name, needs.packages.join(QStringLiteral(", ")));
    if (SudoCredential::neededPassword(said))
        return tr("sudo on %1 needs a password to install %2: give it (sparkctl: --sudo-password-stdin) and build again.")
            .arg(node.name, needs.packages.join(QStringLiteral(", ")));
    return tr("Installing %1 on %2 failed (apt-get ended with %3): %4")
        .arg(needs.packages.join(QStringLiteral(", ")), node.name)
        .arg(done->exitCode)
        .arg(last.value(last.size() - 1, tr("it said nothing")));
}

QString NcclBuilder::runBuildScript(const NcclBuildNode &node, const NcclBuildNeeds &needs, QList<NcclBuildStep> &stepsRun)
{
    const QList<NcclBuildStep> planned = needs.steps();
    QString blocked;
    QStringList last;
    std::optional<NcclBuildStep> current;
    // Its own process group, so that a cancel stops make's compilers and git with it.
    const auto ended = runTaggedTool(
        node.session,
        {QStringLiteral("setsid"), QStringLiteral("sh"), QStringLiteral("-c"),
         QString::fromUtf8(NcclBuildPlan::buildScript(needs)), QStringLiteral("nccl-build")},
        [&](const QString &line) {
            if (const auto step = NcclBuildPlan::stepOfLine(line)) {
                current = step;
                stepsRun << *step;
                last.clear();
                reportProgress(node.name, double(planned.indexOf(*step)) / std::max<qsizetype>(planned.size(), 1),
                       NcclBuildPlan::stepSentence(*step, needs));
                return;
            }
            if (line.startsWith(QLatin1String("@@blocked ")))
                blocked = line.mid(10).trimmed();
            if (line.startsWith(QLatin1String("@@")))
                return;
            keep(last, line);
            Q_EMIT outputLine(node.name, line);
        },
        m_cancelled);
    if (!ended)
        return ended.error().message;
    if (ended->cancelled)
        return tr("The build on %1 was cancelled; what was built stays, and the next build goes on from there.")
            .arg(node.name);
    if (!blocked.isEmpty())
        return tr("%1 has a ~/%2 that is not a git checkout and holds no build: move it aside (mv ~/%2 ~/%2.old) and "
                  "build again.")
            .arg(node.name, blocked);
    if (ended->exitCode.value_or(-1) != 0)
        return tr("%1 on %2 failed (exit code %3): %4")
            .arg(current ? NcclBuildPlan::stepSentence(*current, needs).chopped(1) : tr("The build"), node.name)
            .arg(ended->exitCode.value_or(-1))
            .arg(last.isEmpty() ? tr("it said nothing") : last.join(QStringLiteral(" | ")));
    return {};
}

} // namespace spark
