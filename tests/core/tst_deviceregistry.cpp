// SPDX-License-Identifier: MIT
#include "core/devices/deviceregistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {
Device makeDevice(const QString &name, const QString &host, quint16 port = 22)
{
    Device device;
    device.name = name;
    device.host = host;
    device.port = port;
    device.user = QStringLiteral("nvidia");
    device.sshAlias = QStringLiteral("spark-") + name;
    device.hostKeyFingerprint = QStringLiteral("SHA256:abc");
    device.cx7Macs = {QStringLiteral("02:00:00:00:00:01")};
    return device;
}
} // namespace

class TestDeviceRegistry final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingFileIsAnEmptyRegistry()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        QVERIFY(registry.load().hasValue());
        QVERIFY(registry.devices().isEmpty());
    }

    void savesAndLoadsEveryField()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/devices.json"));
        DeviceRegistry registry(path);
        Device device = makeDevice(QStringLiteral("alpha"), QStringLiteral("10.0.0.1"), 2222);
        device.isDgxSpark = false;
        QVERIFY(registry.add(device).hasValue());
        QVERIFY(registry.save().hasValue());

        DeviceRegistry reread(path);
        QVERIFY(reread.load().hasValue());
        QCOMPARE(reread.devices().size(), 1);
        QCOMPARE(reread.devices().first(), device);
    }

    void refusesDuplicates_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("same name") << "alpha" << "10.0.0.9" << 22 << false;
        QTest::newRow("same name other case") << "ALPHA" << "10.0.0.9" << 22 << false;
        QTest::newRow("same host and port") << "beta" << "10.0.0.1" << 22 << false;
        QTest::newRow("same host other port") << "beta" << "10.0.0.1" << 2222 << true;
        QTest::newRow("new name and host") << "beta" << "10.0.0.2" << 22 << true;
    }

    void refusesDuplicates()
    {
        QFETCH(QString, name);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(bool, accepted);
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        QVERIFY(registry.add(makeDevice(QStringLiteral("alpha"), QStringLiteral("10.0.0.1"))).hasValue());
        const auto result = registry.add(makeDevice(name, host, quint16(port)));
        QCOMPARE(result.hasValue(), accepted);
        if (!accepted)
            QVERIFY(!result.error().message.isEmpty());
    }

    void damagedFileIsReportedNotOverwritten()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        DeviceRegistry registry(path);
        const auto loaded = registry.load();
        QVERIFY(!loaded.hasValue());
        QVERIFY(loaded.error().message.contains(path));
    }

    void removeByName()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        QVERIFY(registry.add(makeDevice(QStringLiteral("alpha"), QStringLiteral("10.0.0.1"))).hasValue());
        QVERIFY(!registry.remove(QStringLiteral("nope")));
        QVERIFY(registry.remove(QStringLiteral("Alpha")));
        QVERIFY(registry.devices().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDeviceRegistry)
#include "tst_deviceregistry.moc"
