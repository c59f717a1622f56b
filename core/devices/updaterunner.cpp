// SPDX-License-Identifier: MIT
#include "core/devices/updaterunner.h"

#include "core/devices/deviceprobe.h"
#include "core/devices/nodeprober.h"
#include "core/ssh/sshsession.h"

#include <QElapsedTimer>
#include <QThread>

namespace spark {

namespace {

// One short login and `true`: does the node answer SSH right now?
bool answers(const Device &device, int timeoutMs)
{
    SshTarget target = DeviceProbe::sessionTargetFor(device);
    target.connectTimeoutMs = timeoutMs;
    SshSession session(target);
    const auto result = session.exec(QStringLiteral("true"), {}, timeoutMs).result();
    return result && result->succeeded();
}

// Polls until answers() is `wanted`; false when `withinMs` passed first.
bool waitUntil(const Device &device, bool wanted, int withinMs, int pollMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < withinMs) {
        QElapsedTimer attempt;
        attempt.start();
        if (answers(device, qMin(pollMs * 2, 10000)) == wanted)
            return true;
        QThread::msleep(quint64(qMax<qint64>(0, pollMs - attempt.elapsed())));
    }
    return false;
}

} // namespace

Expected<NodeFacts> UpdateRunner::run(const Device &device, const SudoCredential &sudo, const Report &report,
                                      const Timing &timing, const std::atomic_bool *stop)
{
    const bool withPassword = sudo.hasPassword();
    const QByteArray input = sudo.standardInput();
    const QList<UpdateStep> steps = UpdateSteps::documented();
    QStringList done;
    {
        SshSession session(DeviceProbe::sessionTargetFor(device));
        for (const UpdateStep &step : steps) {
            if (stop && stop->load())
                return Error(done.isEmpty()
                                 ? tr("The update of %1 was stopped before it began; nothing was changed.").arg(device.name)
                                 : tr("The update of %1 was stopped after \"%2\", before \"%3\"; nothing is half-done. "
                                      "Run the update again to finish it.")
                                       .arg(device.name, done.constLast(), step.title));
            report({UpdateEvent::Kind::Step, device.name, step.title});
            QByteArray errors;
            auto result = session
                              .execStreaming(
                                  step.command(withPassword),
                                  [&](OutputStream stream, const QString &line) {
                                      if (stream == OutputStream::StandardError)
                                          errors += line.toUtf8() + '\n';
                                      report({UpdateEvent::Kind::Output, device.name, line});
                                  },
                                  input, timing.stepTimeoutMs)
                              .result();
            if (step.restartsNode) {
                // A restart may cut the connection before the command can answer.
                if (result && result->exitSignal.isEmpty() && result->exitCode > 0)
                    return Error(tr("%1 did not restart (exit %2); the updates are installed, restart it yourself.")
                                     .arg(device.name)
                                     .arg(result->exitCode));
                break;
            }
            const QString before = done.isEmpty() ? tr("nothing was changed yet")
                                                  : tr("done before it: %1").arg(done.join(QStringLiteral(", ")));
            if (!result)
                return Error(tr("\"%1\" on %2 stopped: %3 (%4). Run the update again once %2 is reachable.")
                                 .arg(step.title, device.name, result.error().message, before),
                             result.error().detail);
            if (withPassword && result->exitCode == 1 && done.isEmpty() && SudoCredential::refusedPassword(errors))
                return Error(tr("sudo on %1 refused the password; nothing was changed. Enter the password of %2 on %1.")
                                 .arg(device.name, device.user));
            if (!withPassword && result->exitCode == 1 && done.isEmpty() && SudoCredential::neededPassword(errors))
                return Error(tr("sudo on %1 needs the password of %2; nothing was changed. Give the password and run "
                                "the update again.")
                                 .arg(device.name, device.user));
            if (!step.succeeded(result->exitCode))
                return Error(tr("\"%1\" failed on %2 (exit %3; %4). Read its output above, fix the cause and run the "
                                "update again; %2 was not restarted.")
                                 .arg(step.title, device.name)
                                 .arg(result->exitCode)
                                 .arg(before));
            done.append(step.title);
        }
    }

    report({UpdateEvent::Kind::Waiting, device.name, tr("Waiting for %1 to restart…").arg(device.name)});
    if (!waitUntil(device, false, timing.goneWithinMs, timing.pollMs))
        return Error(tr("%1 still answers %2 minutes after the restart was asked for; restart it yourself, then check "
                        "it again.")
                         .arg(device.name)
                         .arg(timing.goneWithinMs / 60000));
    report({UpdateEvent::Kind::Waiting, device.name, tr("Waiting for %1 to come back…").arg(device.name)});
    if (!waitUntil(device, true, timing.backWithinMs, timing.pollMs))
        return Error(tr("%1 did not come back within %2 minutes of its restart; check its screen or power, then check "
                        "it again.")
                         .arg(device.name)
                         .arg(timing.backWithinMs / 60000));
    report({UpdateEvent::Kind::Probing, device.name, tr("%1 is back; checking it again.").arg(device.name)});
    return NodeProber::probe(device, sudo).result();
}

} // namespace spark
