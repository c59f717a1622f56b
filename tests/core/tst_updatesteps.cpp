// SPDX-License-Identifier: MIT
// The runnable form of NVIDIA's documented update, and which nodes it fixes.
#include "core/facts/updateguide.h"
#include "core/facts/updatesteps.h"

#include <QTest>

using namespace spark;

namespace {
Finding make(const char *code, const char *node)
{
    return Finding{Finding::Severity::Blocker, QString::fromLatin1(node), QString::fromLatin1(code), {}, {}};
}
} // namespace

class TestUpdateSteps final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsTheDocumentedSequence()
    {
        const QList<UpdateStep> steps = UpdateSteps::documented();
        QStringList programs;
        for (const UpdateStep &step : steps)
            programs.append(step.program.join(QLatin1Char(' ')));
        QCOMPARE(programs, (QStringList{QStringLiteral("apt-get update"), QStringLiteral("apt-get -y dist-upgrade"),
                                        QStringLiteral("fwupdmgr refresh"), QStringLiteral("fwupdmgr -y upgrade"),
                                        QStringLiteral("reboot")}));
        for (qsizetype i = 0; i < steps.size(); ++i)
            QCOMPARE(steps.at(i).restartsNode, i == steps.size() - 1);
    }

    void exitCodes_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("ok");
        QTest::newRow("apt-get update fine") << 0 << 0 << true;
        QTest::newRow("apt-get update failed") << 0 << 100 << false;
        QTest::newRow("dist-upgrade failed") << 1 << 100 << false;
        QTest::newRow("fwupdmgr refresh: metadata already fresh") << 2 << 2 << true;
        QTest::newRow("fwupdmgr upgrade: nothing to do") << 3 << 2 << true;
        QTest::newRow("fwupdmgr upgrade failed") << 3 << 1 << false;
    }

    void exitCodes()
    {
        QFETCH(int, step);
        QFETCH(int, exitCode);
        QFETCH(bool, ok);
        QCOMPARE(UpdateSteps::documented().at(step).succeeded(exitCode), ok);
    }

    void commandLines_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<bool>("passwordOnStdin");
        QTest::addColumn<QString>("command");
        QTest::newRow("password on stdin") << 1 << true
                                           << "sudo '-S' '-p' '' 'env' 'DEBIAN_FRONTEND=noninteractive' 'apt-get' '-y' 'dist-upgrade'";
        QTest::newRow("no password") << 0 << false << "sudo '-n' 'env' 'DEBIAN_FRONTEND=noninteractive' 'apt-get' 'update'";
        QTest::newRow("reboot") << 4 << true << "sudo '-S' '-p' '' 'env' 'DEBIAN_FRONTEND=noninteractive' 'reboot'";
    }

    void commandLines()
    {
        QFETCH(int, step);
        QFETCH(bool, passwordOnStdin);
        QFETCH(QString, command);
        QCOMPARE(UpdateSteps::documented().at(step).command(passwordOnStdin), command);
    }

    void nodesToUpdate_data()
    {
        QTest::addColumn<QList<Finding>>("findings");
        QTest::addColumn<QStringList>("nodes");
        const QStringList all{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        QTest::newRow("ready") << QList<Finding>{} << QStringList{};
        QTest::newRow("not a version finding") << QList<Finding>{make("twin-down", "a"), make("no-sudo", "b")} << QStringList{};
        QTest::newRow("old release and firmware, in cluster order")
            << QList<Finding>{make("firmware-old", "c"), make("release-too-old", "a"), make("driver-old", "c")}
            << QStringList{QStringLiteral("a"), QStringLiteral("c")};
        QTest::newRow("mismatch across the cluster: every node") << QList<Finding>{make("driver-differs", "")} << all;
    }

    void nodesToUpdate()
    {
        QFETCH(QList<Finding>, findings);
        QFETCH(QStringList, nodes);
        QCOMPARE(UpdateGuide::nodesToUpdate(findings, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}), nodes);
    }
};

QTEST_GUILESS_MAIN(TestUpdateSteps)
#include "tst_updatesteps.moc"
