// SPDX-License-Identifier: MIT
// Benchmark: enrol 4 sparklab nodes in parallel, and compare the wall time with
// 4 plain `ssh -o BatchMode=yes NODE true` runs measured in the same run (one
// after another, and all at once). Needs root (sparklab); prints ratios.
// Run: build/default/tests/integration/bench_enrolment   (not a CTest test)
#include "core/devices/deviceenroller.h"
#include "core/ssh/knownhosts.h"
#include "core/ssh/sshconfigfile.h"
#include "support/sparklab.h"

#include <QElapsedTimer>

#include <cstdio>

using namespace spark;
using namespace spark::testsupport;

namespace {
qint64 runSsh(const QStringList &aliases, bool parallel)
{
    QElapsedTimer clock;
    clock.start();
    QList<QProcess *> running;
    for (const QString &alias : aliases) {
        auto *ssh = new QProcess;
        ssh->start(QStringLiteral("ssh"), {QStringLiteral("-F"), SshConfigFile::defaultFilePath(), QStringLiteral("-o"),
                                            QStringLiteral("UserKnownHostsFile=") + KnownHosts::defaultFilePath(),
                                            QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), alias, QStringLiteral("true")});
        running.append(ssh);
        if (!parallel)
            ssh->waitForFinished(30000);
    }
    for (QProcess *ssh : running) {
        ssh->waitForFinished(30000);
        if (ssh->exitCode() != 0)
            fprintf(stderr, "ssh failed: %s\n", ssh->readAllStandardError().constData());
        delete ssh;
    }
    return clock.elapsed();
}
} // namespace

int main(int argc, char *argv[])
{
    if (const int rule = sparklabRootRule(); rule != 0)
        return rule;
    QCoreApplication app(argc, argv);
    setApplicationIdentity(app);
    ScratchHome home;
    SparkLab lab;
    if (!lab.attachPrivate(QStringLiteral("benchenrol"), 4, QStringLiteral("10.131.62.0/24")))
        return 1;

    QList<QFuture<Expected<EnrolmentResult>>> futures;
    QStringList aliases;
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < lab.nodes().size(); ++i) {
        const LabNode &node = lab.node(i);
        EnrolmentRequest request;
        request.name = node.name;
        request.host = node.address;
        request.port = node.port;
        request.user = node.user;
        request.password = node.password;
        request.approveHostKey = [fingerprint = node.fingerprint](const HostKey &key) { return key.fingerprint == fingerprint; };
        futures.append(DeviceEnroller().enrol(std::move(request)));
        aliases.append(node.name);
    }
    for (auto &future : futures) {
        const auto result = future.result();
        if (!result) {
            fprintf(stderr, "enrolment failed: %s\n", qPrintable(result.error().message));
            return 1;
        }
    }
    const qint64 enrolMs = clock.elapsed();
    const qint64 sequentialMs = runSsh(aliases, false);
    const qint64 parallelMs = runSsh(aliases, true);

    printf("enrol 4 nodes in parallel:            %6lld ms\n", static_cast<long long>(enrolMs));
    printf("4 x ssh -o BatchMode=yes NODE true, one after another: %6lld ms\n", static_cast<long long>(sequentialMs));
    printf("4 x ssh -o BatchMode=yes NODE true, all at once:       %6lld ms\n", static_cast<long long>(parallelMs));
    printf("ratio enrolment / sequential ssh: %.2f\n", double(enrolMs) / double(qMax<qint64>(1, sequentialMs)));
    printf("ratio enrolment / parallel ssh:   %.2f\n", double(enrolMs) / double(qMax<qint64>(1, parallelMs)));
    return 0;
}
