// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One command of NVIDIA's documented update ("sudo apt update && sudo apt
// dist-upgrade && sudo fwupdmgr refresh && sudo fwupdmgr upgrade && sudo
// reboot"), in the form a program can run without a terminal: apt-get with
// -y instead of apt's prompt, fwupdmgr with -y.
struct UpdateStep
{
    QString title;            // "Installing the updated packages", for people
    QStringList program;      // {"apt-get", "-y", "dist-upgrade"}, run as root
    QList<int> okExitCodes;   // fwupdmgr's 2 means "nothing to do", not a failure
    bool restartsNode = false;

    // The remote command line: sudo with the password on stdin or without one
    // (SudoCredential's prefix), the words quoted.
    QString command(bool passwordOnStdin) const;
    bool succeeded(int exitCode) const { return okExitCodes.contains(exitCode); }
};

class UpdateSteps
{
    Q_DECLARE_TR_FUNCTIONS(spark::UpdateSteps)

public:
    // The documented sequence, in order; the last step restarts the node.
    static QList<UpdateStep> documented();
};

} // namespace spark
