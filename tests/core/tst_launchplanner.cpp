// SPDX-License-Identifier: MIT
#include "core/launch/autostart.h"
#include "core/launch/launchplanner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {
QStringList names(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *name : list)
        result.append(QString::fromUtf8(name));
    return result;
}

LaunchPlanner::ProgramLookup installed(const QStringList &programs)
{
    return [programs](const QString &name) {
        return programs.contains(name) ? QStringLiteral("/usr/bin/") + name : QString();
    };
}
} // namespace

class TestLaunchPlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void terminal_data()
    {
        QTest::addColumn<QStringList>("programs");
        QTest::addColumn<QString>("preferred");
        QTest::addColumn<QString>("program"); // empty: an error
        QTest::addColumn<QStringList>("arguments");
        const QStringList ssh{QStringLiteral("ssh"), QStringLiteral("spark-1")};
        QTest::newRow("debian alternative first")
            << names({"xterm", "x-terminal-emulator", "gnome-terminal"}) << "" << "/usr/bin/x-terminal-emulator"
            << names({"-e", "ssh", "spark-1"});
        QTest::newRow("gnome terminal") << names({"gnome-terminal", "xterm"}) << "" << "/usr/bin/gnome-terminal"
                                        << names({"--", "ssh", "spark-1"});
        QTest::newRow("konsole") << names({"konsole"}) << "" << "/usr/bin/konsole" << names({"-e", "ssh", "spark-1"});
        QTest::newRow("xfce") << names({"xfce4-terminal"}) << "" << "/usr/bin/xfce4-terminal"
                              << names({"-x", "ssh", "spark-1"});
        QTest::newRow("kitty") << names({"kitty"}) << "" << "/usr/bin/kitty" << ssh;
        QTest::newRow("preferred wins") << names({"gnome-terminal", "konsole"}) << "konsole" << "/usr/bin/konsole"
                                        << names({"-e", "ssh", "spark-1"});
        QTest::newRow("preferred missing") << names({"xterm"}) << "konsole" << "/usr/bin/xterm"
                                           << names({"-e", "ssh", "spark-1"});
        QTest::newRow("unknown preferred ignored") << names({"xterm", "evil"}) << "evil" << "/usr/bin/xterm"
                                                   << names({"-e", "ssh", "spark-1"});
        QTest::newRow("none") << names({"code"}) << "" << "" << QStringList{};
    }

    void terminal()
    {
        QFETCH(QStringList, programs);
        QFETCH(QString, preferred);
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        const auto planned = LaunchPlanner::terminal(QStringLiteral("spark-1"), installed(programs), preferred);
        QCOMPARE(planned.hasValue(), !program.isEmpty());
        if (!planned) {
            QVERIFY2(planned.error().message.contains(QStringLiteral("ssh spark-1")), qPrintable(planned.error().message));
            return;
        }
        QCOMPARE(planned->program, program);
        QCOMPARE(planned->arguments, arguments);
    }

    void aliases_data()
    {
        QTest::addColumn<QString>("alias");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << "spark-1" << true;
        QTest::newRow("dotted") << "spark.lan" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("option") << "-oProxyCommand=id" << false;
        QTest::newRow("space") << "spark 1" << false;
        QTest::newRow("at") << "nvidia@spark" << false;
        QTest::newRow("semicolon") << "a;b" << false;
    }

    void aliases()
    {
        QFETCH(QString, alias);
        QFETCH(bool, valid);
        QCOMPARE(LaunchPlanner::isValidAlias(alias), valid);
        QCOMPARE(LaunchPlanner::terminal(alias, installed({QStringLiteral("xterm")})).hasValue(), valid);
    }

    void editor_data()
    {
        QTest::addColumn<int>("editor");
        QTest::addColumn<QStringList>("programs");
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("program"); // empty: an error
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("vs code") << int(Editor::VsCode) << names({"code"}) << "/home/nvidia" << "/usr/bin/code" << "";
        QTest::newRow("cursor") << int(Editor::Cursor) << names({"cursor"}) << "/home/nvidia/work" << "/usr/bin/cursor" << "";
        QTest::newRow("code missing") << int(Editor::VsCode) << names({"cursor"}) << "/home/nvidia" << ""
                                      << "VS Code is not installed";
        QTest::newRow("cursor missing") << int(Editor::Cursor) << names({"code"}) << "/home/nvidia" << ""
                                        << "Cursor is not installed";
        QTest::newRow("relative folder") << int(Editor::VsCode) << names({"code"}) << "work" << "" << "full path";
    }

    void editor()
    {
        QFETCH(int, editor);
        QFETCH(QStringList, programs);
        QFETCH(QString, folder);
        QFETCH(QString, program);
        QFETCH(QString, errorPart);
        const auto planned = LaunchPlanner::editor(Editor(editor), QStringLiteral("spark-1"), folder, installed(programs));
        QCOMPARE(LaunchPlanner::isInstalled(Editor(editor), installed(programs)),
                 programs.contains(editor == int(Editor::VsCode) ? QStringLiteral("code") : QStringLiteral("cursor")));
        QCOMPARE(planned.hasValue(), program.isEmpty() == false);
        if (!planned) {
            QVERIFY2(planned.error().message.contains(errorPart), qPrintable(planned.error().message));
            return;
        }
        QCOMPARE(planned->program, program);
        QCOMPARE(planned->arguments, (QStringList{QStringLiteral("--remote"), QStringLiteral("ssh-remote+spark-1"), folder}));
    }

    void defaultFolder()
    {
        QCOMPARE(LaunchPlanner::defaultFolder(QStringLiteral("nvidia")), QStringLiteral("/home/nvidia"));
        QCOMPARE(LaunchPlanner::defaultFolder(QStringLiteral("root")), QStringLiteral("/root"));
    }

    void browser()
    {
        const auto planned = LaunchPlanner::browser(QUrl(QStringLiteral("http://localhost:11000/")),
                                                    installed({QStringLiteral("xdg-open")}));
        QVERIFY(planned);
        QCOMPARE(planned->arguments, QStringList{QStringLiteral("http://localhost:11000/")});
        QVERIFY(!LaunchPlanner::browser(QUrl(QStringLiteral("file:///etc/passwd")), installed({QStringLiteral("xdg-open")})));
        QVERIFY(!LaunchPlanner::browser(QUrl(QStringLiteral("http://localhost:1/")), installed({})));
    }

    void autostartEntry_data()
    {
        QTest::addColumn<QString>("executable");
        QTest::addColumn<QString>("execLine");
        QTest::newRow("plain") << "/usr/bin/spark-companion" << "Exec=/usr/bin/spark-companion --minimized";
        QTest::newRow("space") << "/opt/my apps/spark-companion" << "Exec=\"/opt/my apps/spark-companion\" --minimized";
        QTest::newRow("dollar") << "/opt/$x/sc" << "Exec=\"/opt/\\\\$x/sc\" --minimized";
    }

    void autostartEntry()
    {
        QFETCH(QString, executable);
        QFETCH(QString, execLine);
        const QString entry = QString::fromUtf8(Autostart::desktopEntry(executable));
        QVERIFY(entry.startsWith(QStringLiteral("[Desktop Entry]\n")));
        QVERIFY2(entry.split(QLatin1Char('\n')).contains(execLine), qPrintable(entry));
    }

    void autostartWritesAndRemovesItsFile()
    {
        QTemporaryDir dir;
        Autostart autostart(dir.filePath(QStringLiteral("autostart")));
        QVERIFY(!autostart.isEnabled());
        QVERIFY(autostart.setEnabled(true, QStringLiteral("/usr/bin/spark-companion")));
        QVERIFY(autostart.isEnabled());
        QCOMPARE(autostart.filePath(), dir.filePath(QStringLiteral("autostart/spark-companion.desktop")));
        QFile file(autostart.filePath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), Autostart::desktopEntry(QStringLiteral("/usr/bin/spark-companion")));
        QVERIFY(autostart.setEnabled(false, {}));
        QVERIFY(!autostart.isEnabled());
        QVERIFY(autostart.setEnabled(false, {})); // already off: fine
    }
};

QTEST_GUILESS_MAIN(TestLaunchPlanner)
#include "tst_launchplanner.moc"
