// SPDX-License-Identifier: MIT
// The Add-device dialog (inline validation, progress, errors), the host-key
// dialog and the device list's online/offline column, with screenshots.
#include "core/devices/deviceregistry.h"
#include "support/screenshots.h"
#include "ui/devices/adddevicedialog.h"
#include "ui/devices/devicelistmodel.h"
#include "ui/devices/hostkeydialog.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QComboBox>
#include <QFile>
#include <QRadioButton>
#include <QTest>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {
DeviceEnroller::Paths scratchPaths(const QTemporaryDir &dir)
{
    return {dir.filePath(QStringLiteral("devices.json")), dir.filePath(QStringLiteral("ssh_config")),
            dir.filePath(QStringLiteral("known_hosts")), dir.filePath(QStringLiteral("key/id_ed25519"))};
}

HostKey sampleKey()
{
    HostKey key;
    key.state = HostKey::State::Unknown;
    key.typeName = QStringLiteral("ssh-ed25519");
    key.fingerprint = QStringLiteral("SHA256:shpmaeBvZSc4LYGLlaBMEX0wv+7z6mPT15Zy7d/6H7s");
    key.key = "x";
    return key;
}

void fill(AddDeviceDialog &dialog, const QString &name, const QString &host, const QString &user, const QString &password)
{
    dialog.findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(name);
    dialog.findChild<QLineEdit *>(QStringLiteral("hostEdit"))->setText(host);
    dialog.findChild<QLineEdit *>(QStringLiteral("userEdit"))->setText(user);
    dialog.findChild<QLineEdit *>(QStringLiteral("passwordEdit"))->setText(password);
}
} // namespace

class TestAddDeviceDialog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void invalidFieldsAreExplainedInline_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("errorLabel");
        QTest::newRow("name with space") << "my spark" << "10.0.0.1" << "nvidia" << "nameError";
        QTest::newRow("name with shell syntax") << "a;b" << "10.0.0.1" << "nvidia" << "nameError";
        QTest::newRow("host with space") << "s1" << "spark 1.local" << "nvidia" << "hostError";
        QTest::newRow("host with shell syntax") << "s1" << "$(id)" << "nvidia" << "hostError";
        QTest::newRow("user with space") << "s1" << "10.0.0.1" << "nv idia" << "userError";
        QTest::newRow("all fine") << "s1" << "fe80::1" << "nvidia" << "";
    }

    void invalidFieldsAreExplainedInline()
    {
        QFETCH(QString, name);
        QFETCH(QString, host);
        QFETCH(QString, user);
        QFETCH(QString, errorLabel);
        QTemporaryDir dir;
        AddDeviceDialog dialog(nullptr, scratchPaths(dir));
        dialog.show();
        fill(dialog, name, host, user, QStringLiteral("pw"));
        auto *add = dialog.findChild<QPushButton *>(QStringLiteral("addButton"));
        QCOMPARE(add->isEnabled(), errorLabel.isEmpty());
        for (const QString &label : {QStringLiteral("nameError"), QStringLiteral("hostError"), QStringLiteral("userError")}) {
            auto *widget = dialog.findChild<QLabel *>(label);
            QCOMPARE(widget->isVisible(), label == errorLabel);
            if (label == errorLabel)
                QVERIFY(!widget->text().isEmpty());
        }
    }

    void aFailedEnrolmentIsShownInTheDialog()
    {
        QTemporaryDir dir;
        AddDeviceDialog dialog(nullptr, scratchPaths(dir));
        dialog.show();
        // Nothing listens on port 1 of this machine: the enrolment fails quickly.
        fill(dialog, QStringLiteral("s1"), QStringLiteral("127.0.0.1"), QStringLiteral("nvidia"), QStringLiteral("pw"));
        dialog.findChild<QSpinBox *>(QStringLiteral("portSpin"))->setValue(1);
        dialog.findChild<QPushButton *>(QStringLiteral("addButton"))->click();
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("enrolStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QLatin1String("refused")), 15000);
        QVERIFY(dialog.isVisible()); // stays open to fix the input
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("addButton"))->isEnabled());
        DeviceRegistry registry(scratchPaths(dir).registryFile);
        QVERIFY(registry.load());
        QVERIFY(registry.devices().isEmpty());
    }

    void aliasesAreOfferedOnlyWhenThereAreSome()
    {
        QTemporaryDir dir;
        AddDeviceDialog dialog(nullptr, scratchPaths(dir));
        dialog.show();
        QVERIFY(!dialog.findChild<QRadioButton *>(QStringLiteral("withAlias"))->isVisible());
        QVERIFY(!dialog.findChild<QComboBox *>(QStringLiteral("aliasCombo"))->isVisible());
    }

    // Importing an alias: name proposed, password fields off, a failure explained, nothing registered.
    void aFailedAliasImportIsShownInTheDialog()
    {
        QTemporaryDir dir;
        QFile config(scratchPaths(dir).sshConfigFile);
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("Host *\n  ConnectTimeout 5\nHost my-spark\n  HostName 127.0.0.1\n  Port 1\n  User nvidia\n");
        config.close();
        AddDeviceDialog dialog(nullptr, scratchPaths(dir));
        dialog.show();
        auto *aliases = dialog.findChild<QComboBox *>(QStringLiteral("aliasCombo"));
        QVERIFY(aliases->isVisible());
        QCOMPARE(aliases->count(), 1);
        QVERIFY(!aliases->isEnabled());
        dialog.findChild<QRadioButton *>(QStringLiteral("withAlias"))->click();
        QVERIFY(aliases->isEnabled());
        QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("nameEdit"))->text(), QStringLiteral("my-spark"));
        QVERIFY(!dialog.findChild<QLineEdit *>(QStringLiteral("passwordEdit"))->isEnabled());
        auto *add = dialog.findChild<QPushButton *>(QStringLiteral("addButton"));
        QVERIFY(add->isEnabled());
        add->click();
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("enrolStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(add->isEnabled() && !status->text().isEmpty()
                                     && status->text() != QCoreApplication::translate("spark::ui::AddDeviceDialog", "Starting…"),
                                 15000);
        QVERIFY2(status->text().contains(QLatin1String("refused")), qPrintable(status->text()));
        QVERIFY(dialog.isVisible());
        DeviceRegistry registry(scratchPaths(dir).registryFile);
        QVERIFY(registry.load());
        QVERIFY(registry.devices().isEmpty());
    }

    void deviceListShowsOnlineAndOffline()
    {
        DeviceListModel model;
        Device a;
        a.name = QStringLiteral("spark-a");
        Device b;
        b.name = QStringLiteral("spark-b");
        model.setDevices({a, b});
        QCOMPARE(model.index(0, DeviceListModel::StatusColumn).data().toString(), QStringLiteral("Checking…"));
        model.setStatus(QStringLiteral("spark-a"), DeviceListModel::Status::Online);
        model.setStatus(QStringLiteral("spark-b"), DeviceListModel::Status::Offline, QStringLiteral("why"));
        QCOMPARE(model.index(0, DeviceListModel::StatusColumn).data().toString(), QStringLiteral("Online"));
        QCOMPARE(model.index(1, DeviceListModel::StatusColumn).data().toString(), QStringLiteral("Offline"));
        QCOMPARE(model.index(1, DeviceListModel::StatusColumn).data(Qt::ToolTipRole).toString(), QStringLiteral("why"));
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        {
            AddDeviceDialog dialog(nullptr, scratchPaths(dir));
            dialog.show();
            fill(dialog, QStringLiteral("spark 1"), QStringLiteral("spark-1.local"), QStringLiteral("nvidia"), QStringLiteral("pw"));
            dialog.adjustSize();
            QVERIFY(saveScreenshot(dialog, QStringLiteral("adddevice-invalid"), look));
            fill(dialog, QStringLiteral("spark-1"), QStringLiteral("spark-1.local"), QStringLiteral("nvidia"), QStringLiteral("pw"));
            dialog.showProgress(55, QCoreApplication::translate("spark::DeviceEnroller", "Installing this computer's key on %1…")
                                        .arg(QStringLiteral("spark-1.local")));
            QVERIFY(saveScreenshot(dialog, QStringLiteral("adddevice-progress"), look));
            dialog.showError(QCoreApplication::translate("spark::SshConnection",
                                                         "%1 did not accept the password for user %2. Check the user name "
                                                         "and the password.")
                                 .arg(QStringLiteral("spark-1.local"), QStringLiteral("nvidia")));
            QVERIFY(saveScreenshot(dialog, QStringLiteral("adddevice-error"), look));
        }
        {
            QFile config(scratchPaths(dir).sshConfigFile);
            QVERIFY(config.open(QIODevice::WriteOnly));
            config.write("Host lab-spark-a lab-spark-b\n  User nvidia\n");
            config.close();
            AddDeviceDialog dialog(nullptr, scratchPaths(dir));
            dialog.show();
            dialog.findChild<QRadioButton *>(QStringLiteral("withAlias"))->click();
            dialog.adjustSize();
            QVERIFY(saveScreenshot(dialog, QStringLiteral("adddevice-alias"), look));
        }
        {
            HostKeyDialog dialog(QStringLiteral("spark-1.local"), sampleKey());
            dialog.show();
            dialog.adjustSize();
            QVERIFY(saveScreenshot(dialog, QStringLiteral("hostkey"), look));
        }
        {
            DeviceListModel model;
            Device a;
            a.name = QStringLiteral("spark-1");
            a.host = QStringLiteral("10.131.5.11");
            a.user = QStringLiteral("nvidia");
            a.sshAlias = QStringLiteral("spark-1");
            Device b = a;
            b.name = b.sshAlias = QStringLiteral("spark-2");
            b.host = QStringLiteral("spark-2.local");
            model.setDevices({a, b});
            model.setStatus(a.name, DeviceListModel::Status::Online);
            model.setStatus(b.name, DeviceListModel::Status::Offline);
            QTableView view;
            view.setModel(&model);
            view.verticalHeader()->hide();
            view.horizontalHeader()->setStretchLastSection(true);
            view.resize(640, 140);
            view.show();
            QVERIFY(saveScreenshot(view, QStringLiteral("devicelist"), look));
        }
    }
};

QTEST_MAIN(TestAddDeviceDialog)
#include "tst_adddevicedialog.moc"
