// SPDX-License-Identifier: MIT
#include "core/facts/updateguide.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace spark {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::UpdateGuide", text);
}

} // namespace

UpdateGuide UpdateGuide::forNode(const VersionPolicy &policy, const QString &sshAlias)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._@-]*$"));
    const QString target = plain.match(sshAlias).hasMatch() ? sshAlias : tr("YOUR-SPARK");
    const QString port = QString::number(policy.dashboardPort);
    UpdateGuide guide;
    guide.tunnelCommand = QStringLiteral("ssh -N -L %1:localhost:%1 %2").arg(port, target);
    guide.dashboardUrl = QStringLiteral("http://localhost:%1").arg(port);
    guide.terminalCommand = policy.updateCommandLine();
    return guide;
}

bool UpdateGuide::fixes(const Finding &finding)
{
    static const QStringList codes{QStringLiteral("release-too-old"), QStringLiteral("release-unknown"),
                                   QStringLiteral("release-differs"), QStringLiteral("driver-old"),
                                   QStringLiteral("driver-differs"),  QStringLiteral("cuda-differs"),
                                   QStringLiteral("firmware-old"),    QStringLiteral("firmware-differs"),
                                   QStringLiteral("no-nvidia-smi")};
    return codes.contains(finding.code);
}

QStringList UpdateGuide::nodesToUpdate(const QList<Finding> &findings, const QStringList &nodes)
{
    QStringList named;
    for (const Finding &finding : findings) {
        if (!fixes(finding))
            continue;
        if (finding.node.isEmpty())
            return nodes;
        named.append(finding.node);
    }
    QStringList ordered;
    for (const QString &node : nodes) {
        if (named.contains(node))
            ordered.append(node);
    }
    return ordered;
}

QString UpdateGuide::text() const
{
    return tr("Either: open a tunnel with `%1`, browse to %2 (DGX Dashboard) and choose Settings → Updates.")
               .arg(tunnelCommand, dashboardUrl)
        + QLatin1Char('\n')
        + tr("Or, in a terminal on the node, run the full update: `%1`.").arg(terminalCommand)
        + QLatin1Char('\n')
        + tr("Do not update only the NVIDIA driver: that has left GPUs unusable until the full update was run.");
}

} // namespace spark
