// SPDX-License-Identifier: MIT
#include "core/netconfig/netplancheck.h"

#include "core/common/shellquote.h"
#include "core/netconfig/netplandocument.h"

#include <QRegularExpression>

namespace spark {

namespace {
// "/etc/netplan/90-NM-….yaml:10:14: Error in network definition: invalid boolean value 'maybe'"
const QRegularExpression &errorLine()
{
    static const QRegularExpression pattern(
        QStringLiteral("^(/[^\\s:]+\\.ya?ml):(\\d+):(\\d+): (.+)$"), QRegularExpression::MultilineOption);
    return pattern;
}
} // namespace

QString NetplanCheck::command(const QString &plannedYaml, const QStringList &disabledPaths)
{
    // Copies keep their mode (netplan warns about open ones); the scratch root's
    // prefix is taken out of netplan's messages so they name the node's paths.
    QString removals;
    for (const QString &path : disabledPaths)
        removals += QStringLiteral("rm -f \"$t\"%1; ").arg(shellQuote(path));
    return QStringLiteral("t=$(mktemp -d) || exit 1; "
                          "for d in /lib/netplan /etc/netplan /run/netplan; do for f in \"$d\"/*.yaml; do "
                          "[ -f \"$f\" ] || continue; mkdir -p \"$t$d\" && cp -p \"$f\" \"$t$f\" || exit 1; done; done; "
                          "%1mkdir -p \"$t\"%2 && printf '%s' %3 > \"$t\"%4 && chmod 600 \"$t\"%4 || exit 1; "
                          "out=$(netplan generate --root-dir \"$t\" 2>&1); rc=$?; "
                          "if [ $rc -ne 0 ]; then printf '%s\\n' \"$out\" | sed \"s|$t||g\" >&2; rm -rf \"$t\"; exit %5; fi; "
                          "rm -rf \"$t\"")
        .arg(removals, shellQuote(NetplanDocument::directory()), shellQuote(plannedYaml),
             shellQuote(NetplanDocument::path()), QString::number(RejectedExitCode));
}

QString NetplanCheck::rejectedFile(const QString &netplanOutput)
{
    const QRegularExpressionMatch match = errorLine().match(netplanOutput);
    return match.hasMatch() ? match.captured(1) : QString();
}

QString NetplanCheck::describeRejection(const QString &node, const QString &netplanOutput)
{
    const QRegularExpressionMatch match = errorLine().match(netplanOutput);
    if (!match.hasMatch()) {
        const QString first = netplanOutput.trimmed().section(QLatin1Char('\n'), 0, 0);
        return tr("netplan on %1 rejects the node's network settings (%2). Nothing was changed: run "
                  "`sudo netplan generate` on %1 to see why, fix it, then apply again.")
            .arg(node, first.isEmpty() ? tr("no reason given") : first);
    }
    const QString path = match.captured(1);
    const QString line = match.captured(2);
    const QString why = match.captured(4).trimmed();
    if (path == NetplanDocument::path())
        return tr("netplan on %1 rejects the settings Spark Companion planned for it (line %2: %3). Nothing was "
                  "changed. This is a bug in Spark Companion: please report it with this sentence.")
            .arg(node, line, why);
    return tr("netplan on %1 rejects %2 (line %3: %4), and DGX OS reads every file in /etc/netplan, so no network "
              "change can be applied until it is fixed. Nothing was changed. Fix or remove that file on %1 "
              "(`sudo netplan generate` shows the error again), then apply again.")
        .arg(node, path, line, why);
}

} // namespace spark
