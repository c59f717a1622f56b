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
        QTest::newRow("CRLF") << QByteArray("Compression yes\r\n\r\nHost *\r\n  User me\r\n")
                              << QByteArray("Compression yes\r\n\r\n");
        QTest::newRow("CRLF, no final newline") << QByteArray("ForwardAgent no\r\nServerAliveInterval 5")
                                                << QByteArray("ForwardAgent no\r\nServerAliveInterval 5\n\r\n");
        QTest::newRow("tabs") << QByteArray("\tCompression yes\nHost\tbox\n\tUser\tme\n")
                              << QByteArray("\tCompression yes\n");
        QTest::newRow("Include first") << QByteArray("Include ~/.ssh/config.d/*\n\nHost box\n  User me\n")
                                       << QByteArray("Include ~/.ssh/config.d/*\n\n");
        QTest::newRow("Include only") << QByteArray("Include ~/.ssh/config.d/*") << QByteArray("Include ~/.ssh/config.d/*\n\n");
        QTest::newRow("Match after globals") << QByteArray("User me\nMatch exec \"true\"\n  Compression yes\n")
                                             << QByteArray("User me\n");
        QTest::newRow("blank lines only") << QByteArray("\n\n") << QByteArray("\n\n\n");
        QTest::newRow("trailing blank line") << QByteArray("User me\n\n") << QByteArray("User me\n\n\n");
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
        // Every byte of the user's is still there, in order, around our block.
        const qsizetype blockStart = with.indexOf("# >>> spark-companion: spark-1");
        const qsizetype blockEnd = with.indexOf("# <<< spark-companion: spark-1 <<<");
        QVERIFY2(with.left(blockStart).startsWith(blockStartsAfter), with.constData());
        if (original.contains("\r\n")) { // our lines take the file's line ending
            const QByteArray ours = with.mid(blockStart, with.indexOf('\n', blockEnd) + 1 - blockStart);
            QCOMPARE(ours.count("\r\n"), ours.count('\n'));
        }
        QVERIFY(config.removeBlock(QStringLiteral("spark-1")));
        QCOMPARE(readAll(path), original);
    }

    // The backup of the file as it was before the program first changed it is never overwritten.
    void theFirstBackupStays()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        const QByteArray original("Host mine\r\n  HostName example.org\r\n");
        writeAll(path, original);
        const SshConfigFile config(path);
        QVERIFY(config.writeBlock(block(QStringLiteral("a"))));
        const QByteArray afterFirst = readAll(path);
        QVERIFY(config.writeBlock(block(QStringLiteral("b"))));
        QVERIFY(config.removeBlock(QStringLiteral("a")));
        QCOMPARE(readAll(config.originalFilePath()), original);
        QVERIFY(readAll(config.backupFilePath()) != original);
        QVERIFY(afterFirst.contains("Host a\r\n"));
    }

    // A block the user's editor turned into CRLF after we wrote it is still ours: found, replaced, not doubled.
    void aBlockInCrlfIsStillOurs()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config"));
        const SshConfigFile config(path);
        QVERIFY(config.writeBlock(block(QStringLiteral("a"))));
        QByteArray text = readAll(path);
        text.replace("\n", "\r\n");
        writeAll(path, text);
        QVERIFY(config.hasManagedBlock(QStringLiteral("a")));
        QVERIFY(config.writeBlock(block(QStringLiteral("a"), QStringLiteral("10.0.0.7"))));
        const QByteArray replaced = readAll(path);
        QCOMPARE(replaced.count("Host a"), 1);
        QVERIFY(replaced.contains("HostName 10.0.0.7\r\n"));
        QVERIFY(config.removeBlock(QStringLiteral("a")));
        QCOMPARE(readAll(path), QByteArray());
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
