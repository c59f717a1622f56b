// SPDX-License-Identifier: MIT
#include "core/common/jsonfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

class TestJsonFile : public QObject
{
    Q_OBJECT

private slots:
    void absentFileIsEmpty()
    {
        QTemporaryDir dir;
        const auto read = JsonFile::read(dir.filePath(QStringLiteral("none.json")), QStringLiteral("read %1: %2"),
                                         QStringLiteral("damaged %1 (%2)"));
        QVERIFY(read);
        QVERIFY(read->isEmpty());
    }

    void damagedFileIsReportedAndKept_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not JSON") << QByteArray("{\"devices\": [");
        QTest::newRow("not an object") << QByteArray("[1, 2]");
    }

    void damagedFileIsReportedAndKept()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const auto read = JsonFile::read(path, QStringLiteral("read %1: %2"), QStringLiteral("damaged %1 (%2)"));
        QVERIFY(!read);
        QVERIFY(read.error().message.startsWith(QStringLiteral("damaged ") + path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
    }

    void writesAtomicallyIntoANewFolder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config/spark/clusters.json"));
        QVERIFY(JsonFile::write(path, QJsonObject{{QStringLiteral("default"), QStringLiteral("lab")}},
                                QStringLiteral("write %1: %2")));
        const auto read = JsonFile::read(path, QStringLiteral("read %1: %2"), QStringLiteral("damaged %1 (%2)"));
        QVERIFY(read);
        QCOMPARE(read->value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(read->value(QStringLiteral("default")).toString(), QStringLiteral("lab"));
    }
};

QTEST_GUILESS_MAIN(TestJsonFile)
#include "tst_jsonfile.moc"
