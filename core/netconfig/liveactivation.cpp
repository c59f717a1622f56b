// SPDX-License-Identifier: MIT
#include "core/netconfig/liveactivation.h"

#include "core/common/shellquote.h"
#include "core/hardware/cx7.h"

namespace spark {

namespace {
constexpr int kActivationWaitSeconds = 30;
}

QString LiveActivation::networkManagerRuns()
{
    return QStringLiteral("nmcli -t -f RUNNING general 2>/dev/null | grep -qx running");
}

QString LiveActivation::activeFileName()
{
    return QStringLiteral("nm-active");
}

QString LiveActivation::activate(const QStringList &netdevs)
{
    QStringList ids;
    for (const QString &netdev : netdevs)
        ids.append(shellQuote(QStringLiteral("netplan-") + netdev));
    return QStringLiteral("if %1; then netplan generate && nmcli connection reload && for c in %2; do "
                          "nmcli -w %3 connection up id \"$c\" >/dev/null || true; done; else netplan apply; fi")
        .arg(networkManagerRuns(), ids.join(QLatin1Char(' ')), QString::number(kActivationWaitSeconds));
}

QString LiveActivation::recordActive()
{
    // The names are fixed words of the CX-7 table: nothing to quote.
    // Without NetworkManager nmcli prints nothing (or is absent): an empty record.
    return QStringLiteral("nmcli -t -f DEVICE,UUID connection show --active 2>/dev/null | tr ':' ' ' | "
                          "grep -E '^(%1) '; true")
        .arg(cx7::netdevNames().join(QLatin1Char('|')));
}

QString LiveActivation::restore(const QString &backupDir)
{
    // Brought up again even when it still runs: a profile netplan made for
    // the same port has the same UUID as ours, so the reload changed what it
    // holds without applying it. Not waited for: a DHCP auto-profile (DGX
    // OS's default on these ports) stays "activating" while no DHCP server
    // answers.
    return QStringLiteral("if %1; then netplan generate; nmcli connection reload; "
                          "if [ -f %2/%3 ]; then while read -r d u; do "
                          "nmcli -w 0 connection up uuid \"$u\" ifname \"$d\" >/dev/null 2>&1 </dev/null; done < %2/%3; fi; "
                          "else netplan apply; fi")
        .arg(networkManagerRuns(), backupDir, activeFileName());
}

} // namespace spark
