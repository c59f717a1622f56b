// SPDX-License-Identifier: MIT
#include "core/common/appinfo.h"
#include "core/devices/deviceregistry.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/tray/trayicon.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <memory>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    app.setApplicationDisplayName(QStringLiteral("Spark Companion"));
    app.setDesktopFileName(QStringLiteral("io.github.spark_companion.SparkCompanion"));
    spark::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Spark Companion: set up and watch NVIDIA DGX Spark clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption quitAfter(QStringLiteral("quit-after"),
                                       QCoreApplication::translate("main", "Quit after <ms> milliseconds (for tests)."),
                                       QStringLiteral("ms"));
    const QCommandLineOption minimized(QStringLiteral("minimized"),
                                       QCoreApplication::translate("main", "Start in the tray without showing the window."));
    parser.addOption(quitAfter);
    parser.addOption(minimized);
    if (!parser.parse(app.arguments())) {
        fprintf(stderr, "spark-companion: %s\n%s", qPrintable(parser.errorText()), qPrintable(parser.helpText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    spark::DeviceRegistry registry;
    spark::ui::MainWindow window(registry);
    QObject::connect(&window, &spark::ui::MainWindow::quitRequested, &app, &QApplication::quit);

    std::unique_ptr<spark::ui::TrayIcon> tray;
    if (spark::ui::TrayIcon::isAvailable()) {
        tray = std::make_unique<spark::ui::TrayIcon>(window);
        tray->show();
        window.setKeepRunningInTray(true);
        app.setQuitOnLastWindowClosed(false);
        QObject::connect(&window, &spark::ui::MainWindow::hiddenToTray, tray.get(),
                         &spark::ui::TrayIcon::notifyHiddenToTray);
    }
    if (!parser.isSet(minimized) || !tray)
        window.show();

    if (parser.isSet(quitAfter)) {
        QTimer::singleShot(parser.value(quitAfter).toInt(), &app, &QApplication::quit);
    }
    return app.exec();
}
