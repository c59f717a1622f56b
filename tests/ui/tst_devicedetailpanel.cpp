// SPDX-License-Identifier: MIT
// The device detail panel shows what core's probe found and core's verdict:
// fed with real probe captures from sparklab nodes through a fake prober.
#include "core/devices/deviceregistry.h"
#include "core/facts/probeparser.h"
#include "support/screenshots.h"
#include "tests/support/fixtures.h"
#include "core/devices/secretstore.h"
#include "ui/devices/devicedetailpanel.h"
#include "ui/devices/supportreportdialog.h"
#include "ui/mainwindow/mainwindow.h"

#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QPromise>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

Device device(const QString &name, const QString &host)
{
    Device d;
    d.name = name;
    d.host = host;
    d.user = QStringLiteral("nvidia");
    return d;
}

// A prober answering with a sparklab probe capture, as NodeProber would.
DeviceDetailPanel::Prober captureProber(const QHash<QString, QString> &captureOf, int *calls = nullptr)
{
    return [captureOf, calls](const Device &d) {
        if (calls)
            ++*calls;
        const QString text = test::readFixture(QStringLiteral("facts/probe/") + captureOf.value(d.name));
        return QtFuture::makeReadyFuture(Expected<NodeFacts>(parseProbeOutput(text, d.name)));
    };
}

QString text(const QWidget &parent, const char *name)
{
    const auto *label = parent.findChild<QLabel *>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("(no %1)").arg(QString::fromLatin1(name));
}

} // namespace

class TestDeviceDetailPanel final : public QObject
{
    Q_OBJECT

    // libsecret keeps its connection on the thread of the first keychain store.
    std::unique_ptr<SecretStore> m_secrets;

private Q_SLOTS:
    void cleanupTestCase() { m_secrets.reset(); }

    void showsFactsAndVerdict_data()
    {
        QTest::addColumn<QString>("capture");
        QTest::addColumn<QString>("release");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QStringList>("findings");
        QTest::addColumn<bool>("updateOffered");
        QTest::addColumn<QStringList>("links"); // the four CX-7 netdevs in hardware order
        const QStringList allUp = test::strings({"up", "up", "up", "up"});
        QTest::newRow("old release") << "sparklab-old-release.txt" << "7.3.1" << "Not ready"
                                     << test::strings({"release-too-old"}) << true << allUp;
        QTest::newRow("one twin down, 100G") << "sparklab-twin-down-100g.txt" << "7.3.1" << "Not ready"
                                             << test::strings({"twin-down", "port-slow", "release-too-old"}) << true
                                             << test::strings({"up", "up", "up", "down"});
        QTest::newRow("PCIe x2 and a fatal AER") << "sparklab-pcie-x2-aer.txt" << "7.6.0" << "Not ready"
                                                 << test::strings({"pcie-link-narrow", "pcie-fatal-errors", "pcie-corrected-errors"})
                                                 << false << test::strings({"up", "up", "down", "down"});
        QTest::newRow("port 1 unplugged") << "sparklab-unplugged-port1.txt" << "7.6.0" << "Ready with warnings"
                                          << test::strings({"conflicting-netplan"}) << false
                                          << test::strings({"up", "up", "absent (no cable)", "absent (no cable)"});
    }

    void showsFactsAndVerdict()
    {
        QFETCH(QString, capture);
        QFETCH(QString, release);
        QFETCH(QString, verdict);
        QFETCH(QStringList, findings);
        QFETCH(bool, updateOffered);
        QFETCH(QStringList, links);
        QVERIFY(!test::readFixture(QStringLiteral("facts/probe/") + capture).isEmpty());
        DeviceDetailPanel panel(captureProber({{QStringLiteral("spark-1"), capture}}));
        panel.show();
        panel.setDevice(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1")));
        QTRY_VERIFY(text(panel, "detailStatus").startsWith(QStringLiteral("Checked at")));
        QCOMPARE(text(panel, "detailName"), QStringLiteral("spark-1"));
        QVERIFY2(text(panel, "factRelease").startsWith(release), qPrintable(text(panel, "factRelease")));
        QVERIFY(!text(panel, "factDriver").isEmpty());
        QCOMPARE(text(panel, "port0_1"), QStringLiteral("enp1s0f0np0"));
        QStringList shown;
        for (int row = 0; row < 4; ++row)
            shown.append(text(panel, qPrintable(QStringLiteral("port%1_2").arg(row))));
        QCOMPARE(shown, links);
        QCOMPARE(text(panel, "verdict"), verdict);
        QStringList shownFindings;
        for (const QWidget *row : panel.findChildren<QWidget *>(QRegularExpression(QStringLiteral("^finding-"))))
            shownFindings.append(row->objectName());
        for (const QString &code : std::as_const(findings)) {
            auto *row = panel.findChild<QWidget *>(QStringLiteral("finding-") + code);
            QVERIFY2(row, qPrintable(code + QStringLiteral(" not in ") + shownFindings.join(QLatin1Char(' '))));
            QVERIFY(!row->findChild<QLabel *>(QStringLiteral("findingSentence"))->text().isEmpty());
            QVERIFY(row->findChild<QLabel *>(QStringLiteral("findingFix"))->text().size() > 15);
        }
        QCOMPARE(panel.findChild<QWidget *>(QStringLiteral("detailUpdate"))->isVisible(), updateOffered);
    }

    void checkAgainProbesAgain()
    {
        int calls = 0;
        DeviceDetailPanel panel(captureProber({{QStringLiteral("spark-1"), QStringLiteral("sparklab-ring3-root.txt")}}, &calls));
        auto *button = panel.findChild<QPushButton *>(QStringLiteral("detailCheckAgain"));
        QVERIFY(!button->isEnabled()); // nothing selected yet
        panel.setDevice(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1")));
        QTRY_VERIFY(button->isEnabled());
        QCOMPARE(calls, 1);
        button->click();
        QTRY_VERIFY(button->isEnabled());
        QCOMPARE(calls, 2);
    }

    void probeErrorIsShownAsItsSentence()
    {
        const QString sentence = QStringLiteral("spark-1 does not answer; check that it is on.");
        DeviceDetailPanel panel([sentence](const Device &) {
            return QtFuture::makeReadyFuture(Expected<NodeFacts>(Error(sentence)));
        });
        panel.setDevice(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1")));
        QTRY_COMPARE(text(panel, "detailStatus"), sentence);
        QVERIFY(!panel.findChild<QLabel *>(QStringLiteral("verdict"))->isVisibleTo(&panel));
        QCOMPARE(text(panel, "factRelease"), QStringLiteral("—"));
    }

    void anEarlierAnswerDoesNotOverwriteALaterDevice()
    {
        auto slow = std::make_shared<QPromise<Expected<NodeFacts>>>();
        slow->start();
        DeviceDetailPanel panel([slow](const Device &d) {
            if (d.name == QLatin1String("slow"))
                return slow->future();
            return QtFuture::makeReadyFuture(Expected<NodeFacts>(parseProbeOutput(
                test::readFixture(QStringLiteral("facts/probe/sparklab-ring3-root.txt")), d.name)));
        });
        panel.setDevice(device(QStringLiteral("slow"), QStringLiteral("10.0.0.1")));
        panel.setDevice(device(QStringLiteral("fast"), QStringLiteral("10.0.0.2")));
        QTRY_VERIFY(text(panel, "detailStatus").startsWith(QStringLiteral("Checked at")));
        slow->addResult(Expected<NodeFacts>(Error(QStringLiteral("late"))));
        slow->finish();
        QTest::qWait(50);
        QCOMPARE(text(panel, "detailName"), QStringLiteral("fast"));
        QVERIFY(text(panel, "detailStatus").startsWith(QStringLiteral("Checked at")));
    }

    void saveReportAsksForTheDevice()
    {
        DeviceDetailPanel panel(captureProber({{QStringLiteral("spark-1"), QStringLiteral("sparklab-pcie-x2-aer.txt")}}));
        auto *button = panel.findChild<QPushButton *>(QStringLiteral("detailSaveReport"));
        QVERIFY(button && !button->isEnabled());
        QString asked;
        connect(&panel, &DeviceDetailPanel::reportRequested, this, [&](const Device &d) { asked = d.name; });
        panel.setDevice(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1")));
        QVERIFY(button->isEnabled());
        button->click();
        QCOMPARE(asked, QStringLiteral("spark-1"));
    }

    // The dialog runs the real collector: a Spark that does not answer (nothing
    // listens on port 1) is named, and the report is still saved.
    void reportDialogSavesAndNamesASilentSpark_data() { addLookRows(); }

    void reportDialogSavesAndNamesASilentSpark()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        Device silent = device(QStringLiteral("spark-1"), QStringLiteral("127.0.0.1"));
        silent.port = 1;
        if (!m_secrets) // one keychain store for the whole test, as the app has one
            m_secrets = std::make_unique<SecretStore>();
        SupportReportDialog dialog(silent, {device(QStringLiteral("spark-2"), QStringLiteral("127.0.0.1"))}, *m_secrets);
        dialog.setOutputPath(dir.filePath(QStringLiteral("report.tar")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(dialog, QStringLiteral("support-report-before"), look));
        auto *others = dialog.findChild<QCheckBox *>(QStringLiteral("reportIncludeOthers"));
        QVERIFY(others->isVisible() && others->isChecked());
        others->setChecked(false);
        QSignalSpy finished(&dialog, &SupportReportDialog::finished);
        dialog.findChild<QPushButton *>(QStringLiteral("reportSave"))->click();
        QVERIFY2(finished.wait(30000), qPrintable(dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportLog"))->toPlainText()));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("report.tar"))));
        const QString result = text(dialog, "reportResult");
        QVERIFY2(result.contains(QStringLiteral("spark-1")), qPrintable(result));
        QTRY_VERIFY(dialog.findChild<QPlainTextEdit *>(QStringLiteral("reportLog"))->toPlainText().contains(QStringLiteral("spark-1")));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(dialog, QStringLiteral("support-report-done"), look));
        dialog.resize(420, 360);
        QTest::qWait(50);
        QVERIFY(saveScreenshot(dialog, QStringLiteral("support-report-small"), look));
    }

    void mainWindowShowsTheSelectedDevice()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        {
            DeviceRegistry writer(path);
            QVERIFY(writer.add(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1"))).hasValue());
            QVERIFY(writer.add(device(QStringLiteral("spark-2"), QStringLiteral("10.0.0.2"))).hasValue());
            QVERIFY(writer.save().hasValue());
        }
        DeviceRegistry registry(path);
        MainWindow window(registry);
        window.setDeviceProber(captureProber({{QStringLiteral("spark-1"), QStringLiteral("sparklab-ring3-root.txt")},
                                              {QStringLiteral("spark-2"), QStringLiteral("sparklab-old-release.txt")}}));
        window.show();
        auto *table = window.findChild<QTableView *>(QStringLiteral("deviceTable"));
        auto *panel = window.findChild<DeviceDetailPanel *>(QStringLiteral("deviceDetailPanel"));
        QVERIFY(table && panel);
        table->selectRow(1);
        QTRY_COMPARE(text(*panel, "detailName"), QStringLiteral("spark-2"));
        QTRY_VERIFY(text(*panel, "factRelease").startsWith(QStringLiteral("7.3.1")));
        QVERIFY(panel->findChild<QWidget *>(QStringLiteral("finding-release-too-old")));
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        {
            DeviceRegistry writer(path);
            QVERIFY(writer.add(device(QStringLiteral("spark-1"), QStringLiteral("10.0.0.1"))).hasValue());
            QVERIFY(writer.add(device(QStringLiteral("spark-2"), QStringLiteral("10.0.0.2"))).hasValue());
            QVERIFY(writer.add(device(QStringLiteral("spark-3"), QStringLiteral("10.0.0.3"))).hasValue());
            QVERIFY(writer.add(device(QStringLiteral("spark-4"), QStringLiteral("10.0.0.4"))).hasValue());
            QVERIFY(writer.save().hasValue());
        }
        DeviceRegistry registry(path);
        MainWindow window(registry);
        window.setDeviceProber(captureProber({{QStringLiteral("spark-1"), QStringLiteral("sparklab-twin-down-100g.txt")},
                                              {QStringLiteral("spark-2"), QStringLiteral("sparklab-old-release.txt")},
                                              {QStringLiteral("spark-3"), QStringLiteral("sparklab-nm-user-static.txt")},
                                              {QStringLiteral("spark-4"), QStringLiteral("sparklab-pcie-x2-aer.txt")}}));
        window.resize(1000, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *table = window.findChild<QTableView *>(QStringLiteral("deviceTable"));
        auto *panel = window.findChild<DeviceDetailPanel *>(QStringLiteral("deviceDetailPanel"));
        table->selectRow(1);
        QTRY_VERIFY(panel->findChild<QWidget *>(QStringLiteral("finding-release-too-old")));
        QTest::qWait(100); // let the layouts settle before the grab
        QVERIFY(saveScreenshot(window, QStringLiteral("device-detail-old-release"), look));
        table->selectRow(0);
        QTRY_VERIFY(panel->findChild<QWidget *>(QStringLiteral("finding-twin-down")));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("device-detail-twin-down"), look));
        // DGX OS's stack: NetworkManager's profile per port, a user's static one on port 0.
        table->selectRow(2);
        QTRY_VERIFY(panel->findChild<QWidget *>(QStringLiteral("finding-conflicting-networkmanager")));
        QTRY_VERIFY(text(*panel, "factNetworkStack").contains(QLatin1String("NetworkManager")));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("device-detail-networkmanager"), look));
        table->selectRow(3);
        QTRY_VERIFY(panel->findChild<QWidget *>(QStringLiteral("finding-pcie-link-narrow")));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("device-detail-pcie"), look));
        table->selectRow(0);
        QTest::qWait(100);
        window.resize(560, 420);
        QTest::qWait(100);
        // A small window wraps the panel's text; it never scrolls sideways.
        auto *scroll = window.findChild<QScrollArea *>(QStringLiteral("deviceDetailScroll"));
        QVERIFY(scroll);
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("panel needs %1 px").arg(panel->minimumSizeHint().width())));
        QVERIFY(saveScreenshot(window, QStringLiteral("device-detail-small"), look));
    }
};

QTEST_MAIN(TestDeviceDetailPanel)
#include "tst_devicedetailpanel.moc"
