// SPDX-License-Identifier: MIT
// Files the person names (a report, an export): a regular file is written
// whole and can be made owner-only; something that is not a regular file is
// written straight into and stays what it was. As root, a temporary renamed
// over /dev/null replaced the device with a file and broke every program on
// the machine (found when `sparkctl report --output /dev/null` ran to its end).
#include "core/common/runfile.h"

#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

using namespace spark;

class TestRunFile final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRegularFileIsWrittenWhole_data()
    {
        QTest::addColumn<bool>("exists");
        QTest::addColumn<bool>("ownerOnly");
        QTest::newRow("new, owner only") << false << true;
        QTest::newRow("replaced, owner only") << true << true;
        QTest::newRow("new, default modes") << false << false;
    }

    void aRegularFileIsWrittenWhole()
    {
        QFETCH(bool, exists);
        QFETCH(bool, ownerOnly);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.tar"));
        if (exists) {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("an older report that is longer than the new one");
        }
        QCOMPARE(writeWhole(path, QByteArrayLiteral("new"), ownerOnly), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArrayLiteral("new"));
        if (ownerOnly)
            QCOMPARE(QFileInfo(path).permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
                     QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left
    }

    void somethingNotARegularFileStaysWhatItWas()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        QByteArray received;
        QThread *reader = QThread::create([&] {
            QFile end(fifo);
            if (end.open(QIODevice::ReadOnly))
                received = end.readAll();
        });
        reader->start();
        QCOMPARE(writeWhole(fifo, QByteArrayLiteral("through the pipe"), true), QString());
        QVERIFY(reader->wait(10000));
        delete reader;
        QCOMPARE(received, QByteArrayLiteral("through the pipe"));
        struct stat status{};
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &status), 0);
        QVERIFY2(S_ISFIFO(status.st_mode), "the FIFO was replaced");
        QCOMPARE(status.st_mode & 0777, mode_t(0644)); // its modes were left alone
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"
