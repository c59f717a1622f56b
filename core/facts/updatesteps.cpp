// SPDX-License-Identifier: MIT
#include "core/facts/updatesteps.h"

#include "core/common/sudocredential.h"
#include "core/ssh/shellcommand.h"

namespace spark {

QString UpdateStep::command(bool passwordOnStdin) const
{
    const QStringList prefix = SudoCredential::prefixWords(passwordOnStdin);
    ShellCommand sudo(prefix.first());
    sudo.args(prefix.mid(1));
    // apt's and dpkg's questions would wait for a terminal that is not there.
    sudo.args({QStringLiteral("env"), QStringLiteral("DEBIAN_FRONTEND=noninteractive")});
    return sudo.args(program).toString();
}

QList<UpdateStep> UpdateSteps::documented()
{
    return {
        {tr("Refreshing the package lists"), {QStringLiteral("apt-get"), QStringLiteral("update")}, {0}, false},
        {tr("Installing the updated packages"),
         {QStringLiteral("apt-get"), QStringLiteral("-y"), QStringLiteral("dist-upgrade")}, {0}, false},
        {tr("Refreshing the firmware list"), {QStringLiteral("fwupdmgr"), QStringLiteral("refresh")}, {0, 2}, false},
        {tr("Installing firmware updates"), {QStringLiteral("fwupdmgr"), QStringLiteral("-y"), QStringLiteral("upgrade")},
         {0, 2}, false},
        {tr("Restarting"), {QStringLiteral("reboot")}, {0}, true},
    };
}

} // namespace spark
