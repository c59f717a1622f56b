// SPDX-License-Identifier: MIT
#include "core/netconfig/peertrustplanner.h"

#include "core/common/shellquote.h"
#include "core/common/hostname.h"

#include <QRegularExpression>

namespace spark {

namespace {
const QLatin1String kKey("~/.ssh/id_ed25519_spark_cluster");

// "type base64 [comment]" → "type base64", or nothing when it is not a public key.
std::optional<QString> keyTypeAndBlob(const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral(
        "^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|"
        "sk-ssh-ed25519@openssh\\.com|sk-ecdsa-sha2-nistp256@openssh\\.com) ([A-Za-z0-9+/]+={0,3})(?: [^\\n\\r]*)?$"));
    const auto match = pattern.match(key.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1) + QLatin1Char(' ') + match.captured(2);
}
} // namespace

Expected<PeerTrustPlan> PeerTrustPlanner::plan(const QList<PeerNode> &nodes)
{
    PeerTrustPlan plan;
    for (const PeerNode &node : nodes) {
        if (!isValidHostName(node.managementHost))
            return Error(tr("The address of %1 (\"%2\") is not a hostname or IP address.").arg(node.name, node.managementHost));
        for (const QString &address : node.cx7Addresses) {
            if (!isValidHostName(address))
                return Error(tr("\"%1\" is not an IP address.").arg(address));
        }
        plan.keyGenerations.append(node.name);
    }
    for (const PeerNode &from : nodes) {
        for (const PeerNode &to : nodes) {
            if (from.name == to.name)
                continue;
            plan.copies.append(KeyCopy{from.name, to.name});
            plan.knownHosts.append(KnownHostsEntry{from.name, to.name, QStringList{to.managementHost} + to.cx7Addresses,
                                                   to.sshPort});
        }
    }
    return plan;
}

QString PeerTrustPlanner::keyGenerationCommand(const QString &node)
{
    return QStringLiteral("mkdir -p -m 700 ~/.ssh && { [ -f %1 ] || ssh-keygen -q -t ed25519 -N '' -C %2 -f %1; } && cat %1.pub")
        .arg(kKey, shellQuote(QStringLiteral("spark-companion cluster key of ") + node));
}

Expected<QString> PeerTrustPlanner::authorizeCommand(const QString &publicKey)
{
    const auto key = keyTypeAndBlob(publicKey);
    if (!key)
        return Error(tr("The node's public key could not be read."), publicKey.left(100));
    const QString line = shellQuote(publicKey.trimmed());
    return QStringLiteral("mkdir -p -m 700 ~/.ssh && touch ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys && "
                          "{ grep -qF %1 ~/.ssh/authorized_keys || printf '%s\\n' %2 >> ~/.ssh/authorized_keys; }")
        .arg(shellQuote(*key), line);
}

Expected<QString> PeerTrustPlanner::knownHostsLine(const QStringList &hosts, quint16 port, const QString &hostKey)
{
    const auto key = keyTypeAndBlob(hostKey);
    if (!key)
        return Error(tr("The node's host key could not be read."), hostKey.left(100));
    if (hosts.isEmpty())
        return Error(tr("A known_hosts line needs at least one host."));
    QStringList names;
    for (const QString &host : hosts) {
        if (!isValidHostName(host))
            return Error(tr("\"%1\" is not a hostname or IP address.").arg(host));
        names.append(port == 22 ? host : QStringLiteral("[%1]:%2").arg(host).arg(port));
    }
    return QString(names.join(QLatin1Char(',')) + QLatin1Char(' ') + *key);
}

Expected<QString> PeerTrustPlanner::knownHostsCommand(const QString &line)
{
    const QString names = line.section(QLatin1Char(' '), 0, 0);
    if (!keyTypeAndBlob(line.section(QLatin1Char(' '), 1)) || names.isEmpty())
        return Error(tr("The known_hosts line is not valid."), line.left(100));
    return QStringLiteral("mkdir -p -m 700 ~/.ssh && touch ~/.ssh/known_hosts && "
                          "{ grep -qxF %1 ~/.ssh/known_hosts || printf '%s\\n' %1 >> ~/.ssh/known_hosts; }")
        .arg(shellQuote(line));
}

Expected<QString> PeerTrustPlanner::sshConfigCommand(const QStringList &peerHosts)
{
    for (const QString &host : peerHosts) {
        if (!isValidHostName(host))
            return Error(tr("\"%1\" is not a hostname or IP address.").arg(host));
    }
    const QString marker = QStringLiteral("# spark-companion cluster key");
    const QString block = QStringLiteral("%1\nHost %2\n    IdentityFile %3\n").arg(marker, peerHosts.join(QLatin1Char(' ')), kKey);
    // Replaces our earlier block (marker to the next blank line) and never touches anything else.
    return QStringLiteral("mkdir -p -m 700 ~/.ssh && touch ~/.ssh/config && chmod 600 ~/.ssh/config && "
                          "sed -i '/^# spark-companion cluster key$/,/^$/d' ~/.ssh/config && printf '%s\\n' %1 >> ~/.ssh/config")
        .arg(shellQuote(block));
}

} // namespace spark
