// SPDX-License-Identifier: MIT
#include "core/netconfig/peertrustrunner.h"

#include "core/ssh/sshsession.h"

#include <QHash>

namespace spark {

namespace {
Expected<QString> lastLine(QFuture<Expected<ExecResult>> &future, const QString &node, const QString &what)
{
    future.waitForFinished();
    const Expected<ExecResult> result = future.result();
    if (!result)
        return Error(QCoreApplication::translate("spark::PeerTrustRunner", "%1 stopped answering over SSH (%2).")
                         .arg(node, result.error().message),
                     result.error().detail);
    const QStringList lines = QString::fromUtf8(result->standardOutput).trimmed().split(QLatin1Char('\n'));
    if (!result->succeeded() || lines.isEmpty() || lines.last().trimmed().isEmpty())
        return Error(QCoreApplication::translate("spark::PeerTrustRunner", "%1 could not do this step: %2").arg(node, what),
                     QStringLiteral("exit %1: %2").arg(result->exitCode).arg(QString::fromUtf8(result->standardError).left(500)));
    return lines.last().trimmed();
}
} // namespace

QString PeerTrustRunner::hostKeyCommand()
{
    return QStringLiteral("cut -d' ' -f1,2 /etc/ssh/ssh_host_ed25519_key.pub");
}

Expected<void> PeerTrustRunner::runBlocking(const QList<PeerTrustTarget> &targets, const Progress &progress)
{
    auto say = [&](const QString &node, double fraction, const QString &sentence) {
        if (progress)
            progress(node, fraction, sentence);
    };
    QList<PeerNode> nodes;
    for (const PeerTrustTarget &target : targets)
        nodes.append(target.node);
    const auto plan = PeerTrustPlanner::plan(nodes);
    if (!plan)
        return plan.error();

    // 1. Every node: its own key pair, and its host key.
    QList<QFuture<Expected<ExecResult>>> keys;
    QList<QFuture<Expected<ExecResult>>> hostKeys;
    for (const PeerTrustTarget &target : targets) {
        say(target.node.name, 0.1, tr("Making the cluster key of %1.").arg(target.node.name));
        keys.append(target.session->exec(PeerTrustPlanner::keyGenerationCommand(target.node.name)));
        hostKeys.append(target.session->exec(hostKeyCommand()));
    }
    QHash<QString, QString> publicKey;
    QHash<QString, QString> hostKey;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const QString &name = targets.at(i).node.name;
        const auto key = lastLine(keys[i], name, tr("Make the cluster key."));
        if (!key)
            return key.error();
        const auto host = lastLine(hostKeys[i], name, tr("Read its SSH host key."));
        if (!host)
            return host.error();
        publicKey.insert(name, *key);
        hostKey.insert(name, *host);
    }

    // 2. Every node: the others' keys authorised, their host keys known, the cluster key used for them.
    QList<QFuture<Expected<ExecResult>>> installs;
    for (const PeerTrustTarget &target : targets) {
        const QString &name = target.node.name;
        QStringList commands;
        QStringList peerHosts;
        for (const KeyCopy &copy : plan->copies) {
            if (copy.toNode != name)
                continue;
            const auto authorize = PeerTrustPlanner::authorizeCommand(publicKey.value(copy.fromNode));
            if (!authorize)
                return authorize.error();
            commands.append(*authorize);
        }
        for (const KnownHostsEntry &entry : plan->knownHosts) {
            if (entry.onNode != name)
                continue;
            const auto line = PeerTrustPlanner::knownHostsLine(entry.hosts, entry.port, hostKey.value(entry.aboutNode));
            if (!line)
                return line.error();
            const auto command = PeerTrustPlanner::knownHostsCommand(*line);
            if (!command)
                return command.error();
            commands.append(*command);
            peerHosts += entry.hosts;
        }
        if (!peerHosts.isEmpty()) {
            const auto config = PeerTrustPlanner::sshConfigCommand(peerHosts);
            if (!config)
                return config.error();
            commands.append(*config);
        }
        say(name, 0.6, tr("Letting the other nodes log in to %1.").arg(name));
        installs.append(target.session->exec(commands.isEmpty() ? QStringLiteral("echo ok")
                                                                : QStringLiteral("( ") + commands.join(QStringLiteral(" ) && ( "))
                                                                      + QStringLiteral(" ) && echo ok")));
    }
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const QString &name = targets.at(i).node.name;
        const auto done = lastLine(installs[i], name, tr("Set up node-to-node SSH."));
        if (!done)
            return done.error();
        say(name, 1.0, tr("%1 reaches every other node over SSH without a prompt.").arg(name));
    }
    return {};
}

} // namespace spark
