// SPDX-License-Identifier: MIT
// NetplanCheck: the sentence for what Debian's real netplan printed when it
// rejected a file (fixtures captured from `netplan generate --root-dir`), and the
// check itself run for real with netplan on this machine.
#include "core/netconfig/netplancheck.h"
#include "core/netconfig/netplandocument.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

using namespace spark;

namespace {
QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/netconfig/netplan-generate/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

struct Run
{
    int exitCode = -1;
    QString standardError;
};

Run runAsShell(const QString &command)
{
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
    shell.waitForFinished(60000);
    return Run{shell.exitStatus() == QProcess::NormalExit ? shell.exitCode() : -1,
               QString::fromUtf8(shell.readAllStandardError())};
}
} // namespace

class TestNetplanCheck final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void describesRejection_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("broken 90-NM mirror") << fixture(QStringLiteral("broken-90-NM.txt"))
                                             << QStringLiteral("/etc/netplan/90-NM-5fb6b7a5-1234-4b4c-9a8e-3c2d1e0f9a7b.yaml")
                                             << QStringList{QStringLiteral("line 10"), QStringLiteral("invalid boolean value 'maybe'"),
                                                            QStringLiteral("Nothing was changed"), QStringLiteral("sudo netplan generate")};
        QTest::newRow("address without prefix") << fixture(QStringLiteral("bad-address.txt"))
                                                << QStringLiteral("/etc/netplan/70-bad.yaml")
                                                << QStringList{QStringLiteral("line 4"), QStringLiteral("missing /prefixlength")};
        QTest::newRow("bad YAML") << fixture(QStringLiteral("bad-yaml.txt")) << QStringLiteral("/etc/netplan/70-bad.yaml")
                                  << QStringList{QStringLiteral("line 5"), QStringLiteral("inconsistent indentation")};
        QTest::newRow("ours (a bug)") << QStringLiteral("/etc/netplan/60-spark-companion.yaml:7:3: Error in network definition: x\n")
                                      << QStringLiteral("/etc/netplan/60-spark-companion.yaml")
                                      << QStringList{QStringLiteral("bug in Spark Companion"), QStringLiteral("line 7")};
        QTest::newRow("no file named") << QStringLiteral("netplan: something else went wrong\n") << QString()
                                       << QStringList{QStringLiteral("something else went wrong"), QStringLiteral("Nothing was changed")};
        QTest::newRow("nothing printed") << QStringLiteral("") << QString() << QStringList{QStringLiteral("no reason given")};
    }

    void describesRejection()
    {
        QFETCH(QString, output);
        QFETCH(QString, file);
        QFETCH(QStringList, mentions);
        QVERIFY(!output.isNull());
        QCOMPARE(NetplanCheck::rejectedFile(output), file);
        const QString sentence = NetplanCheck::describeRejection(QStringLiteral("spark-2"), output);
        QVERIFY2(sentence.contains(QLatin1String("spark-2")), qPrintable(sentence));
        if (!file.isEmpty() && !file.endsWith(NetplanDocument::fileName()))
            QVERIFY2(sentence.contains(file), qPrintable(sentence));
        for (const QString &mention : mentions)
            QVERIFY2(sentence.contains(mention), qPrintable(sentence + QStringLiteral(" lacks ") + mention));
    }

    // The command itself, with Debian's real netplan, on this machine's own
    // /etc/netplan (only read, into a scratch root).
    void runsNetplanOnAScratchCopy_data()
    {
        QTest::addColumn<QString>("planned");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("named");
        QTest::newRow("valid") << QStringLiteral("network:\n  version: 2\n  ethernets:\n    enp1s0f0np0:\n      addresses: [10.200.0.1/24]\n"
                                                 "      networkmanager:\n        passthrough:\n          connection.autoconnect-priority: \"999\"\n")
                               << 0 << QString();
        QTest::newRow("rejected, named without the scratch root")
            << QStringLiteral("network:\n  version: 2\n  ethernets:\n    enp1s0f0np0:\n      addresses: [notanip]\n")
            << int(NetplanCheck::RejectedExitCode) << NetplanDocument::path() + QStringLiteral(":5:");
        QTest::newRow("shell metacharacters stay text")
            << QStringLiteral("network:\n  version: 2\n  # $(touch /tmp/spark-netplancheck-pwned) `x` 'q' \"d\"\n")
            << 0 << QString();
    }

    void runsNetplanOnAScratchCopy()
    {
        QFETCH(QString, planned);
        QFETCH(int, exitCode);
        QFETCH(QString, named);
        const QDir etc(QStringLiteral("/etc/netplan"));
        for (const QString &name : etc.entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            if (!QFile(etc.filePath(name)).open(QIODevice::ReadOnly))
                QSKIP("this machine's /etc/netplan is root-only (CI runs as root)");
        }
        QFile::remove(QStringLiteral("/tmp/spark-netplancheck-pwned"));
        const Run run = runAsShell(NetplanCheck::command(planned, {QStringLiteral("/etc/netplan/40-cx7.yaml")}));
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.standardError));
        if (!named.isEmpty()) {
            QVERIFY2(run.standardError.startsWith(named), qPrintable(run.standardError));
            QCOMPARE(NetplanCheck::rejectedFile(run.standardError), NetplanDocument::path());
        }
        QVERIFY(!run.standardError.contains(QLatin1String("/tmp/tmp.")));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/spark-netplancheck-pwned")));
    }
};

QTEST_GUILESS_MAIN(TestNetplanCheck)
#include "tst_netplancheck.moc"
