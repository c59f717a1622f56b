// SPDX-License-Identifier: MIT
#include "core/report/tararchive.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

class TestTarArchive final : public QObject
{
    Q_OBJECT

    static QList<ArchiveFile> sample()
    {
        return {{QStringLiteral("README.txt"), QByteArrayLiteral("hello\n")},
                {QStringLiteral("nodes/spark-1/probe/07 ethtool enp1s0f0np0.txt"), QByteArray(1500, 'x')},
                {QStringLiteral("empty.txt"), QByteArray()},
                {QStringLiteral("nodes/") + QString(60, QLatin1Char('a')) + QStringLiteral("/") + QString(70, QLatin1Char('b'))
                     + QStringLiteral(".txt"),
                 QByteArrayLiteral("long name")},
                {QStringLiteral("nodes/spark-1/中文.txt"), QByteArrayLiteral("utf-8")}};
    }

private Q_SLOTS:
    void roundTrip()
    {
        const QList<ArchiveFile> files = sample();
        const QByteArray archive = tarArchive::write(files, QDateTime::fromSecsSinceEpoch(1764900000));
        QCOMPARE(archive.size() % 512, 0);
        const auto read = tarArchive::read(archive);
        QVERIFY(read);
        QCOMPARE(read->size(), files.size());
        for (qsizetype i = 0; i < files.size(); ++i) {
            QCOMPARE(read->at(i).path, files.at(i).path);
            QCOMPARE(read->at(i).content, files.at(i).content);
        }
    }

    // Any archiver opens it: the system's tar lists and extracts the same files.
    void systemTarReadsIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.tar"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(tarArchive::write(sample(), QDateTime::currentDateTime()));
        file.close();
        QProcess tar;
        tar.setWorkingDirectory(dir.path());
        tar.start(QStringLiteral("tar"), {QStringLiteral("xf"), path});
        QVERIFY(tar.waitForFinished());
        QCOMPARE(tar.exitCode(), 0);
        QCOMPARE(tar.readAllStandardError(), QByteArray());
        for (const ArchiveFile &entry : sample()) {
            QFile extracted(dir.filePath(entry.path));
            QVERIFY2(extracted.open(QIODevice::ReadOnly), qPrintable(entry.path));
            QCOMPARE(extracted.readAll(), entry.content);
        }
    }

    void damagedArchives_data()
    {
        QTest::addColumn<QByteArray>("archive");
        const QByteArray good = tarArchive::write(sample(), QDateTime::currentDateTime());
        QByteArray flipped = good;
        flipped[10] = char(flipped.at(10) ^ 0x20);
        QTest::newRow("header changed") << flipped;
        QTest::newRow("cut in a file") << good.left(512 + 700);
        QTest::newRow("cut before the end blocks") << good.left(good.size() - 1024);
        QTest::newRow("not an archive") << QByteArray("DGX_NAME=\"DGX Spark\"\n").repeated(40);
    }

    void damagedArchives()
    {
        QFETCH(QByteArray, archive);
        const auto read = tarArchive::read(archive);
        QVERIFY(!read);
        QVERIFY(!read.error().message.isEmpty());
    }

    void emptyInputIsNotAReport()
    {
        QVERIFY(!tarArchive::read(QByteArray()));
    }
};

QTEST_GUILESS_MAIN(TestTarArchive)
#include "tst_tararchive.moc"
