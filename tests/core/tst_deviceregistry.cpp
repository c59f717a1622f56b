// SPDX-License-Identifier: MIT
#include "core/devices/deviceregistry.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/types.h>

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
constexpr int kWriterDevices = 1500; // a file of about 500 kB: each save takes a while
constexpr const char *kWriterVariable = "SPARK_TEST_REGISTRY_WRITER";

// Generation `generation` of the registry: every device's user names it.
DeviceRegistry generationOf(const QString &path, int generation)
{
    DeviceRegistry registry(path);
    for (int i = 0; i < kWriterDevices; ++i) {
        Device device = makeDevice(QStringLiteral("spark-%1").arg(i), QStringLiteral("10.%1.%2.1").arg(i / 250).arg(i % 250));
        device.user = QStringLiteral("gen%1").arg(generation);
        registry.add(device);
    }
    return registry;
}

// The child: saves two generations in turn until it is killed (built once:
// most of its time is spent saving).
int writeForever(const QString &path)
{
    const DeviceRegistry generations[2] = {generationOf(path, 1), generationOf(path, 2)};
    for (int round = 0;; ++round) {
        if (!generations[round % 2].save())
            return 3;
    }
}

// The save's temporary files (QSaveFile's "devices.json.XXXXXX") in the folder.
QStringList temporaries(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral("devices.json.*")}, QDir::Files | QDir::Hidden);
}

// Whether process `pid` has a file of `folder` open: it is saving. (QSaveFile
// writes an unnamed O_TMPFILE file where Linux has it, so the folder itself
// shows nothing until the rename.)
bool writesInto(pid_t pid, const QString &folder)
{
    const QString fds = QStringLiteral("/proc/%1/fd").arg(pid);
    for (const QString &fd : QDir(fds).entryList(QDir::Files | QDir::System)) {
        if (QFile::symLinkTarget(fds + QLatin1Char('/') + fd).startsWith(folder + QLatin1Char('/')))
            return true;
    }
    return false;
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

    // The fault matrix's "crash during a registry write": a process killed
    // (SIGKILL, no chance to clean up) in the middle of saving leaves the
    // registry whole: every load sees one whole generation, never a mix or a
    // damaged file. The child is stopped at random moments until it is caught
    // with a file of the registry's folder open, i.e. mid-write, and killed there.
    void aKillMidWriteLeavesTheRegistryWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        QVERIFY(generationOf(path, 0).save());
        QRandomGenerator random(20261206);
        int caughtMidWrite = 0;
        for (int round = 0; round < 12; ++round) {
            QProcess writer;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QLatin1String(kWriterVariable), path);
            writer.setProcessEnvironment(environment);
            writer.start(QCoreApplication::applicationFilePath(), {});
            QVERIFY(writer.waitForStarted());
            const pid_t pid = pid_t(writer.processId());
            bool midWrite = false;
            for (int attempt = 0; attempt < 400 && !midWrite; ++attempt) {
                QThread::usleep(random.bounded(500, 5000));
                ::kill(pid, SIGSTOP);
                midWrite = writesInto(pid, dir.path());
                if (!midWrite)
                    ::kill(pid, SIGCONT);
            }
            ::kill(pid, SIGKILL);
            QVERIFY(writer.waitForFinished(10000));
            caughtMidWrite += midWrite ? 1 : 0;

            DeviceRegistry registry(path);
            const auto loaded = registry.load();
            QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
            QCOMPARE(registry.devices().size(), kWriterDevices);
            const QString user = registry.devices().first().user;
            for (const Device &device : registry.devices())
                QCOMPARE(device.user, user);
            // The leftover temporary is never taken for the registry; the next
            // save works beside it.
            for (const QString &leftover : temporaries(dir.path()))
                QFile::remove(dir.filePath(leftover));
        }
        qInfo("12 kills, %d caught mid-write; the registry was whole every time", caughtMidWrite);
        QVERIFY2(caughtMidWrite >= 10, qPrintable(QString::number(caughtMidWrite)));
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

int main(int argc, char **argv)
{
    // The same binary is the writer that aKillMidWriteLeavesTheRegistryWhole kills.
    if (qEnvironmentVariableIsSet(kWriterVariable))
        return writeForever(qEnvironmentVariable(kWriterVariable));
    QCoreApplication app(argc, argv);
    TestDeviceRegistry test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_deviceregistry.moc"
