// SPDX-License-Identifier: MIT
#include "app/gui/painttrace.h"
#include "core/common/appinfo.h"
#include "core/common/manpage.h"
#include "core/common/sessionlog.h"
#include "core/devices/dailypreferences.h"
#include "core/devices/deviceconnections.h"
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "core/launch/autostart.h"
#include "ui/common/colorscheme.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/settings/dailysettingsdialog.h"
#include "ui/tray/dailycontroller.h"
#include "ui/tray/trayicon.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPointer>
#include <QTimer>

#include <cstring>
#include <memory>

namespace {

struct Options
{
    QCommandLineOption quitAfter{QStringLiteral("quit-after"),
                                 QCoreApplication::translate("main", "Quit after <ms> milliseconds (for tests)."),
                                 QStringLiteral("ms")};
    QCommandLineOption minimized{QStringLiteral("minimized"),
                                 QCoreApplication::translate("main", "Start in the tray without showing the window.")};
    QCommandLineOption dashboard{QStringLiteral("dashboard"),
                                 QCoreApplication::translate("main", "Open the link-health window of <cluster> at start."),
                                 QStringLiteral("cluster")};
    QCommandLineOption ncclTest{QStringLiteral("nccl-test"),
                                QCoreApplication::translate("main", "Open the NCCL test window of <cluster> at start."),
                                QStringLiteral("cluster")};
    QCommandLineOption linkTest{QStringLiteral("link-test"),
                                QCoreApplication::translate("main", "Open the link test window of <cluster> at start."),
                                QStringLiteral("cluster")};
    // The build writes spark-companion(1) with it; not for people, so not in --help.
    QCommandLineOption manpage = [] {
        QCommandLineOption option(QStringLiteral("manpage"), QStringLiteral("Print spark-companion(1) as roff."));
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        return option;
    }();

    QList<QCommandLineOption> documented() const { return {minimized, dashboard, ncclTest, linkTest, quitAfter}; }
};

// spark-companion(1), from the same options as --help.
spark::ManPage manualPage(const Options &options)
{
    spark::ManPage page;
    page.name = QStringLiteral("spark-companion");
    page.summary = QStringLiteral("set up and watch NVIDIA DGX Spark clusters");
    page.version = QStringLiteral("spark-companion ") + spark::applicationVersion();
    page.synopsis = {QStringLiteral("[options]")};
    spark::ManSection description{QStringLiteral("Description")};
    description.paragraphs = {
        QStringLiteral("Spark Companion registers two to four NVIDIA DGX Sparks over SSH, checks their software against "
                       "NVIDIA's version policy, and shows on a drawing of the rear panel which QSFP port takes which "
                       "cable, for a direct, ring or switched cluster. It configures the ConnectX-7 ports safely (each "
                       "node undoes the change by itself unless every link answers in time), proves each link with a "
                       "throughput test drawn as a live chart, and keeps a live link-health dashboard with alerts in the "
                       "tray."),
        QStringLiteral("While it runs, even with every window closed, it watches the links of each configured cluster "
                       "(every 10 seconds; every second while the link-health window shows the cluster) and tells of "
                       "alerts in the notification area; a click on one opens the link-health window on its cable. "
                       "Settings turns this off. Started at login, it starts with --minimized, in the tray."),
        QStringLiteral("The window follows the desktop's light or dark colours and its language (English and Simplified "
                       "Chinese). Everything it does, sparkctl(1) does from a terminal.")};
    spark::ManSection optionsSection{QStringLiteral("Options")};
    optionsSection.items = {{QStringLiteral("-h, --help"), {}, QStringLiteral("Show the options and quit.")},
                            {QStringLiteral("-v, --version"), {}, QStringLiteral("Show the version and quit.")}};
    for (const QCommandLineOption &option : options.documented())
        optionsSection.items.append({QStringLiteral("--") + option.names().constFirst(), option.valueName(),
                                     option.description()});
    spark::ManSection exitStatus{QStringLiteral("Exit status")};
    exitStatus.items = {{QStringLiteral("0"), {}, QStringLiteral("the program ended normally")},
                        {QString::number(64), {}, QStringLiteral("usage error: a wrong option; nothing was started")}};
    spark::ManSection seeAlso{QStringLiteral("See also")};
    seeAlso.paragraphs = {QStringLiteral("sparkctl(1), ssh(1)")};
    page.sections = {description, optionsSection, exitStatus, seeAlso};
    return page;
}

void describe(QCommandLineParser &parser, const Options &options)
{
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Spark Companion: set up and watch NVIDIA DGX Spark clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.quitAfter);
    parser.addOption(options.minimized);
    parser.addOption(options.dashboard);
    parser.addOption(options.ncclTest);
    parser.addOption(options.linkTest);
    parser.addOption(options.manpage);
}

// --help, --version and wrong options are answered without a display, so that
// they work over SSH and in scripts.
bool needsOnlyText(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (std::strcmp(arg, "--quit-after") == 0 || std::strcmp(arg, "--dashboard") == 0
            || std::strcmp(arg, "--nccl-test") == 0 || std::strcmp(arg, "--link-test") == 0) {
            if (++i == argc)
                return true; // its value is missing
            continue;
        }
        if (std::strcmp(arg, "--minimized") != 0 && std::strncmp(arg, "--quit-after=", 13) != 0
            && std::strncmp(arg, "--dashboard=", 12) != 0 && std::strncmp(arg, "--nccl-test=", 12) != 0
            && std::strncmp(arg, "--link-test=", 12) != 0)
            return true; // --help, --version, or something we will reject
    }
    return false;
}

// The help with its usage line naming the program, not the path it was started from.
QByteArray helpText(const QCommandLineParser &parser)
{
    QString text = parser.helpText();
    const QString program = QCoreApplication::arguments().value(0);
    if (text.startsWith(QStringLiteral("Usage: ") + program))
        text.replace(7, program.size(), QStringLiteral("spark-companion"));
    return text.toLocal8Bit();
}

// Exit code of a wrong command line: sysexits.h's EX_USAGE, as sparkctl's.
constexpr int usageError = 64;

int answerInText(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    spark::installTranslations(app);
    QCommandLineParser parser;
    Options options;
    describe(parser, options);
    if (!parser.parse(app.arguments())) {
        fprintf(stderr, "spark-companion: %s\n%s", qPrintable(parser.errorText()), helpText(parser).constData());
        return usageError;
    }
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (parser.isSet(QStringLiteral("help"))) {
        fputs(helpText(parser).constData(), stdout);
        return 0;
    }
    if (parser.isSet(options.manpage)) {
        fputs(spark::ManPageWriter::roff(manualPage(options)).toUtf8().constData(), stdout);
        return 0;
    }
    fprintf(stderr, "spark-companion: unexpected arguments.\n%s", helpText(parser).constData());
    return usageError;
}

} // namespace

int main(int argc, char *argv[])
{
    if (needsOnlyText(argc, argv))
        return answerInText(argc, argv);

    QApplication app(argc, argv);
    PaintTrace::installIfAsked(&app);
    spark::setApplicationIdentity(app);
    app.setApplicationDisplayName(QStringLiteral("Spark Companion"));
    app.setDesktopFileName(QStringLiteral("io.github.spark_companion.SparkCompanion"));
    spark::installTranslations(app);
    spark::ui::followDesktopColorScheme(app);

    QCommandLineParser parser;
    Options options;
    describe(parser, options);
    parser.process(app);
    spark::SessionLog::start(QStringLiteral("spark-companion"));

    spark::DeviceRegistry registry;
    // One health session per configured cluster, shared by the background
    // watch and the link-health window (declared first: the window uses it to the end).
    spark::ClusterWatch watch(registry);
    spark::ui::MainWindow window(registry);
    window.setClusterWatch(&watch);
    QObject::connect(&window, &spark::ui::MainWindow::quitRequested, &app, &QApplication::quit);

    // Daily use: one persistent session per device, tunnels, launching tools (the tray menu).
    spark::DeviceConnections connections;
    spark::DailyPreferences preferences;
    if (const auto loaded = preferences.load(); !loaded)
        qWarning("%s", qPrintable(loaded.error().message));
    spark::Autostart autostart;
    spark::ui::DailyController daily(registry, connections, preferences);
    window.setTrayMenuSource([&daily](const spark::Device &device, QWidget *parent) {
        return daily.menuFor(device.name, parent);
    });
    QPointer<spark::ui::DailySettingsDialog> settings;
    std::unique_ptr<spark::ui::TrayIcon> tray;
    const auto openSettings = [&] {
        if (!settings) {
            settings = new spark::ui::DailySettingsDialog(registry, preferences, autostart, daily.programLookup());
            settings->setAttribute(Qt::WA_DeleteOnClose);
            QObject::connect(settings, &QDialog::accepted, &daily, &spark::ui::DailyController::changed);
            QObject::connect(settings, &QDialog::accepted, &watch, [&] {
                watch.setBackground(tray && preferences.watchHealthInBackground());
            });
        }
        settings->show();
        settings->raise();
        settings->activateWindow();
    };

    const auto setUpTray = [&] {
        tray = std::make_unique<spark::ui::TrayIcon>(window);
        tray->setDailyController(&daily);
        QObject::connect(tray.get(), &spark::ui::TrayIcon::settingsRequested, &daily, openSettings);
        tray->show();
        window.setKeepRunningInTray(true);
        app.setQuitOnLastWindowClosed(false);
        QObject::connect(&window, &spark::ui::MainWindow::hiddenToTray, tray.get(),
                         &spark::ui::TrayIcon::notifyHiddenToTray);
        // Health alerts of every watched cluster, windows open or not; a click opens the window on the cable.
        QObject::connect(&watch, &spark::ClusterWatch::notice, tray.get(), &spark::ui::TrayIcon::showHealthNotice);
        // Configured clusters are watched while the program runs, unless turned off in the settings.
        watch.setBackground(preferences.watchHealthInBackground());
    };
    const bool minimized = parser.isSet(options.minimized);
    QTimer trayWait;
    int trayWaitedSeconds = 0;
    if (spark::ui::TrayIcon::isAvailable()) {
        setUpTray();
    } else if (minimized) {
        // Started at login, the program may be up before the desktop's panel:
        // wait for the tray a while, then show the window after all.
        constexpr int trayWaitSeconds = 30;
        QObject::connect(&trayWait, &QTimer::timeout, &app, [&] {
            if (spark::ui::TrayIcon::isAvailable()) {
                trayWait.stop();
                setUpTray();
            } else if (++trayWaitedSeconds >= trayWaitSeconds) {
                trayWait.stop();
                window.show();
            }
        });
        trayWait.start(1000);
    }
    if (!minimized || (!tray && !trayWait.isActive()))
        window.show();
    if (parser.isSet(options.dashboard)) {
        const QString cluster = parser.value(options.dashboard);
        QTimer::singleShot(0, &window, [&window, cluster] { window.openHealthDashboard(cluster); });
    }
    if (parser.isSet(options.ncclTest)) {
        const QString cluster = parser.value(options.ncclTest);
        QTimer::singleShot(0, &window, [&window, cluster] { window.openNcclTest(cluster); });
    }
    if (parser.isSet(options.linkTest)) {
        const QString cluster = parser.value(options.linkTest);
        QTimer::singleShot(0, &window, [&window, cluster] { window.openLinkTest(cluster); });
    }

    if (parser.isSet(options.quitAfter))
        QTimer::singleShot(parser.value(options.quitAfter).toInt(), &app, &QApplication::quit);
    return app.exec();
}
