// SPDX-License-Identifier: MIT
#pragma once

// Runs a program as a person at a terminal would and presses Ctrl-C at a
// given moment: once `marker` has appeared on the watched channel, SIGINT.

#include <QElapsedTimer>
#include <QProcess>

#include <csignal>

namespace spark::testsupport {

struct InterruptedRun
{
    bool sawMarker = false;
    bool finished = false;
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline InterruptedRun runAndInterrupt(const QString &program, const QStringList &arguments, const QByteArray &input,
                                      const QByteArray &marker, QProcess::ProcessChannel channel = QProcess::StandardOutput,
                                      int markerWithinMs = 60000)
{
    InterruptedRun run;
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted())
        return run;
    process.write(input);
    process.closeWriteChannel();
    QElapsedTimer timer;
    timer.start();
    const auto watched = [&]() -> const QByteArray & { return channel == QProcess::StandardOutput ? run.out : run.err; };
    while (!watched().contains(marker) && process.state() == QProcess::Running && timer.elapsed() < markerWithinMs) {
        process.waitForReadyRead(50);
        run.out += process.readAllStandardOutput();
        run.err += process.readAllStandardError();
    }
    run.sawMarker = watched().contains(marker);
    if (run.sawMarker)
        ::kill(pid_t(process.processId()), SIGINT);
    run.finished = process.waitForFinished(120000);
    run.out += process.readAllStandardOutput();
    run.err += process.readAllStandardError();
    run.status = process.exitStatus();
    run.exitCode = process.exitCode();
    return run;
}

} // namespace spark::testsupport
