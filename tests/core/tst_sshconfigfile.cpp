// SPDX-License-Identifier: MIT
#include "core/ssh/sshconfigfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {
QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

SshConfigFile::HostBlock block(const QString &alias, const QString &host = QStringLiteral("10.0.0.1"))
{
    return {alias, host, 22, QStringLiteral("nvidia"), QStringLiteral("/home/me/.config/spark-companion/ssh/id_ed25519")};
}
} // namespace

class TestSshConfigFile final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Adding then removing a block leaves the user's file byte for byte as it was.
    void addAndRemoveLeaveTheUsersLinesAlone_data()
    {
        QTest::addColumn<QByteArray>("original");
        QTest::addColumn<QByteArray>("blockStartsAfter");
        QTest::newRow("no file") << QByteArray() << QByteArray();
        QTest::newRow("globals only") << QByteArray("ServerAliveInterval 30\n") << QByteArray("ServerAliveInterval 30\n\n");
        QTest::newRow("globals then hosts") << QByteArray("Compression yes\n\nHost *\n  User me\n")
                                            << QByteArray("Compression yes\n\n");
        QTest::newRow("match first") << QByteArray("Match host x\n  User y\n") << QByteArray();
        QTest::newRow("no final newline") << QByteArray("ForwardAgent no") << QByteArray("ForwardAgent no\n\n");
    }

    void addAndRemoveLeaveTheUsersLinesAlone()
    {
        QFETCH(QByteArray, original);
        QFETCH(QByteArray, blockStartsAfter);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        if (!original.isEmpty())
            writeAll(path, original);
        const SshConfigFile config(path);
        QVERIFY(config.writeBlock(block(QStringLiteral("spark-1"))));
        const QByteArray with = readAll(path);
        QVERIFY2(with.startsWith(QByteArray(blockStartsAfter + "# >>> spark-companion: spark-1")), with.constData());
        QVERIFY(config.hasManagedBlock(QStringLiteral("spark-1")));
        QVERIFY(!config.hasUserHost(QStringLiteral("spark-1")));
        // Idempotent: the same block again changes nothing.
        QVERIFY(config.writeBlock(block(QStringLiteral("spark-1"))));
        QCOMPARE(readAll(path), with);
        if (!original.isEmpty())
            QCOMPARE(readAll(config.backupFilePath()), original);
        QVERIFY(config.removeBlock(QStringLiteral("spark-1")));
        const QByteArray expected = original.isEmpty() || original.endsWith('\n') ? original : QByteArray(original + '\n');
        QCOMPARE(readAll(path), expected);
    }

    void replacingABlockKeepsItsPlace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        writeAll(path, "Host mine\n  HostName example.org\n");
        const SshConfigFile config(path);
        QVERIFY(config.writeBlock(block(QStringLiteral("a"))));
        QVERIFY(config.writeBlock(block(QStringLiteral("b"))));
        QVERIFY(config.writeBlock(block(QStringLiteral("a"), QStringLiteral("10.0.0.9"))));
        const QByteArray text = readAll(path);
        QCOMPARE(text.count("Host a\n"), 1);
        QVERIFY(text.contains("HostName 10.0.0.9"));
        QVERIFY(!text.contains("HostName 10.0.0.1\n    Port 22\n    User nvidia\n    IdentityFile /home/me/.config/spark-companion/ssh/id_ed25519\n    IdentitiesOnly yes\n# <<< spark-companion: a"));
        QVERIFY(text.endsWith("Host mine\n  HostName example.org\n"));
        QVERIFY(config.hasUserHost(QStringLiteral("mine")));
        QVERIFY(!config.hasUserHost(QStringLiteral("a")));
    }

    // The aliases offered for import: the user's plain Host names, never ours, never patterns.
    void userHostAliases_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QStringList>("aliases");
        QTest::newRow("none") << QByteArray() << QStringList();
        QTest::newRow("several per line") << QByteArray("Host spark-a spark-b\n  User n\nHost spark-c\n")
                                          << QStringList{QStringLiteral("spark-a"), QStringLiteral("spark-b"), QStringLiteral("spark-c")};
        QTest::newRow("patterns left out") << QByteArray("Host *\n  User me\nHost lab-? !x gpu1\n")
                                           << QStringList{QStringLiteral("gpu1")};
        QTest::newRow("case and indent") << QByteArray("  host Box\n") << QStringList{QStringLiteral("Box")};
        QTest::newRow("ours left out")
            << QByteArray("# >>> spark-companion: s1 (managed by Spark Companion) >>>\nHost s1\n# <<< spark-companion: s1 <<<\n"
                          "Host mine\nHost mine\n")
            << QStringList{QStringLiteral("mine")};
    }

    void userHostAliases()
    {
        QFETCH(QByteArray, config);
        QFETCH(QStringList, aliases);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        writeAll(path, config);
        QCOMPARE(SshConfigFile(path).userHostAliases(), aliases);
    }

    void fileModeIs600()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        QVERIFY(SshConfigFile(path).writeBlock(block(QStringLiteral("a"))));
        QCOMPARE(QFile::permissions(path) & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                                             | QFileDevice::WriteOther),
                 QFileDevice::Permissions());
    }
};

QTEST_GUILESS_MAIN(TestSshConfigFile)
#include "tst_sshconfigfile.moc"
