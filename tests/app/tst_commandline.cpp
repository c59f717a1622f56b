// SPDX-License-Identifier: MIT
// Both programs answer --version and --help, and a wrong command or flag gets
// one line saying what was wrong, the usage, and exit code 64 (EX_USAGE); the
// usage names the program, never the path it was started from; check's
// verdicts have exit codes of their own.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(30000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString sparkctl()
{
    return qEnvironmentVariable("SPARKCTL");
}

QString gui()
{
    return qEnvironmentVariable("SPARK_COMPANION");
}

} // namespace

class TestCommandLine final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionAndHelp_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("sparkctl --version") << sparkctl() << QStringList{QStringLiteral("--version")}
                                            << QStringLiteral("sparkctl " SPARK_VERSION);
        QTest::newRow("sparkctl --help") << sparkctl() << QStringList{QStringLiteral("--help")}
                                         << QStringLiteral("Usage: sparkctl");
        QTest::newRow("gui --version (no display)") << gui() << QStringList{QStringLiteral("--version")}
                                                    << QStringLiteral("spark-companion " SPARK_VERSION);
        QTest::newRow("gui --help (no display)") << gui() << QStringList{QStringLiteral("--help")}
                                                 << QStringLiteral("--minimized");
    }

    void versionAndHelp()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const Run result = run(program, arguments);
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(expected), qPrintable(result.out));
    }

    void wrongInputIsAUsageError_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("firstLine");
        QTest::newRow("no command") << sparkctl() << QStringList{} << QStringLiteral("sparkctl: a command is needed.");
        QTest::newRow("unknown command") << sparkctl() << QStringList{QStringLiteral("frobnicate")}
                                         << QStringLiteral("sparkctl: unknown command 'frobnicate'.");
        QTest::newRow("unknown flag") << sparkctl() << QStringList{QStringLiteral("--frob")}
                                      << QStringLiteral("sparkctl: unknown option '--frob'.");
        QTest::newRow("shell metacharacters") << sparkctl() << QStringList{QStringLiteral("a;rm -rf ~")}
                                              << QStringLiteral("sparkctl: unknown command 'a;rm -rf ~'.");
        QTest::newRow("update without a device") << sparkctl() << QStringList{QStringLiteral("update")}
                                                 << QStringLiteral("sparkctl update: name the devices to update; \"sparkctl "
                                                                   "check\" says which need it.");
        QTest::newRow("tunnel without --remote") << sparkctl() << QStringList{QStringLiteral("tunnel"), QStringLiteral("spark-1")}
                                                 << QStringLiteral("sparkctl tunnel: --remote is needed.");
        QTest::newRow("tunnel with a bad port")
            << sparkctl()
            << QStringList{QStringLiteral("tunnel"), QStringLiteral("spark-1"), QStringLiteral("--remote"), QStringLiteral("8888"),
                           QStringLiteral("--local"), QStringLiteral("99999")}
            << QStringLiteral("sparkctl tunnel: --local must be a port number from 1024 to 65535.");
        QTest::newRow("open something unknown")
            << sparkctl() << QStringList{QStringLiteral("open"), QStringLiteral("spark-1"), QStringLiteral("emacs")}
            << QStringLiteral("sparkctl open: 'emacs' cannot be opened; use dashboard, terminal, code or cursor.");
        QTest::newRow("connect without a name") << sparkctl() << QStringList{QStringLiteral("connect")}
                                                << QStringLiteral("sparkctl connect: give exactly one NAME.");
        QTest::newRow("gui unknown flag") << gui() << QStringList{QStringLiteral("--bogus")}
                                          << QStringLiteral("spark-companion: Unknown option 'bogus'.");
        QTest::newRow("gui --dashboard without a cluster") << gui() << QStringList{QStringLiteral("--dashboard")}
                                                           << QStringLiteral("spark-companion: Missing value after '--dashboard'.");
    }

    void wrongInputIsAUsageError()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        QFETCH(QString, firstLine);
        const Run result = run(program, arguments);
        QCOMPARE(result.exitCode, 64);
        const QStringList lines = result.err.split(QLatin1Char('\n'));
        QCOMPARE(lines.first(), firstLine);
        QVERIFY2(result.err.contains(QStringLiteral("Usage:")), qPrintable(result.err));
        QVERIFY(result.out.isEmpty());
    }

    // Qt's help names argv[0], which is a full path when started as one (as
    // here, and from /usr/bin): the usage line says "sparkctl COMMAND" instead.
    void usageNamesTheProgram_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("usageLine");
        QTest::newRow("error") << sparkctl() << QStringList{QStringLiteral("tunnel"), QStringLiteral("spark-1")}
                               << QStringLiteral("Usage: sparkctl tunnel [options] NAME");
        QTest::newRow("help") << sparkctl() << QStringList{QStringLiteral("connect"), QStringLiteral("--help")}
                              << QStringLiteral("Usage: sparkctl connect [options] NAME");
        QTest::newRow("sub-command help")
            << sparkctl() << QStringList{QStringLiteral("cluster"), QStringLiteral("export"), QStringLiteral("--help")}
            << QStringLiteral("Usage: sparkctl cluster export [options]");
        QTest::newRow("gui help") << gui() << QStringList{QStringLiteral("--help")}
                                  << QStringLiteral("Usage: spark-companion [options]");
    }

    void usageNamesTheProgram()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        QFETCH(QString, usageLine);
        QVERIFY(QFileInfo(program).isAbsolute());
        const Run result = run(program, arguments);
        const QString text = result.out + result.err;
        QVERIFY2(text.split(QLatin1Char('\n')).contains(usageLine), qPrintable(text));
        QVERIFY2(!text.contains(program), qPrintable(text));
    }

    // 0 ready, 10 warnings, 20 blockers: apart from 1 (could not check) and 64 (usage).
    void checkVerdictsHaveTheirOwnExitCodes()
    {
        const Run help = run(sparkctl(), {QStringLiteral("--help")});
        for (const char *line : {"  10   check: ready with warnings", "  20   check: not ready, blockers found",
                                 "  64   usage error", "  130  interrupted"})
            QVERIFY2(help.out.contains(QLatin1String(line)), qPrintable(help.out));
        // A recorded cluster with a node down: a blocker.
        const Run blocked = run(sparkctl(), {QStringLiteral("check"), QStringLiteral("--from-report"),
                                             QStringLiteral(SPARK_FIXTURES_DIR "/reports/sparklab-ring3-user-profile-node-down.tar")});
        QVERIFY2(blocked.exitCode == 20, qPrintable(blocked.out + blocked.err));
        QVERIFY2(blocked.out.contains(QStringLiteral("Not ready")), qPrintable(blocked.out));
        const Run missing = run(sparkctl(), {QStringLiteral("check"), QStringLiteral("--from-report"),
                                             QStringLiteral("/nonexistent/report.tar")});
        QCOMPARE(missing.exitCode, 1);
    }

    // sparkctl speaks the user's language; its JSON does not change with it.
    void speaksChineseButNotInJson()
    {
        const auto runIn = [](const QString &language, const QStringList &arguments) {
            QProcess process;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.remove(QStringLiteral("LC_ALL"));
            environment.remove(QStringLiteral("LANGUAGE"));
            environment.insert(QStringLiteral("LANG"), language);
            environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir::tempPath() + QStringLiteral("/spark-cli-zh-config"));
            process.setProcessEnvironment(environment);
            process.start(sparkctl(), arguments);
            process.waitForFinished(30000);
            return Run{process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
                       QString::fromUtf8(process.readAllStandardError())};
        };
        const Run chinese = runIn(QStringLiteral("zh_CN.UTF-8"), {QStringLiteral("connect")});
        QCOMPARE(chinese.exitCode, 64);
        QCOMPARE(chinese.err.split(QLatin1Char('\n')).first(), QStringLiteral("sparkctl connect: 请只给出一个 NAME。"));
        QVERIFY2(chinese.err.contains(QStringLiteral("用法：sparkctl connect")), qPrintable(chinese.err));
        const Run help = runIn(QStringLiteral("zh_CN.UTF-8"), {QStringLiteral("--help")});
        QVERIFY2(help.out.contains(QStringLiteral("退出码")), qPrintable(help.out));

        const QStringList failing{QStringLiteral("connect"), QStringLiteral("no-such-spark"), QStringLiteral("--json")};
        const Run jsonChinese = runIn(QStringLiteral("zh_CN.UTF-8"), failing);
        const Run jsonEnglish = runIn(QStringLiteral("C.UTF-8"), failing);
        const QJsonObject zh = QJsonDocument::fromJson(jsonChinese.out.toUtf8()).object();
        const QJsonObject en = QJsonDocument::fromJson(jsonEnglish.out.toUtf8()).object();
        QCOMPARE(zh.keys(), en.keys());
        QCOMPARE(zh.value(QStringLiteral("command")), en.value(QStringLiteral("command")));
        QCOMPARE(zh.value(QStringLiteral("ok")), QJsonValue(false));
        QCOMPARE(jsonChinese.exitCode, jsonEnglish.exitCode);
    }

    // A command that only reads, stopped by Ctrl-C while it waits on a node
    // (here an SSH port that accepts and never answers): exit code 130.
    void ctrlCEndsAReadingCommandWith130_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("probe") << QStringList{QStringLiteral("probe"), QStringLiteral("--json")};
        QTest::newRow("connect") << QStringList{QStringLiteral("connect"), QStringLiteral("silent")};
        QTest::newRow("report") << QStringList{QStringLiteral("report"), QStringLiteral("--output"), QStringLiteral("/dev/null")};
    }

    void ctrlCEndsAReadingCommandWith130()
    {
        QFETCH(QStringList, arguments);
        QProcess silent;
        silent.start(QStringLiteral("python3"),
                     {QStringLiteral("-c"), QStringLiteral("import socket, time\n"
                                                           "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()\n"
                                                           "print(s.getsockname()[1], flush=True)\n"
                                                           "c = s.accept(); time.sleep(60)\n")});
        QVERIFY(silent.waitForReadyRead(10000));
        const int port = silent.readLine().trimmed().toInt();
        QVERIFY(port > 0);
        QTemporaryDir home;
        QVERIFY(QDir().mkpath(home.filePath(QStringLiteral("config/spark-companion"))));
        QFile devices(home.filePath(QStringLiteral("config/spark-companion/devices.json")));
        QVERIFY(devices.open(QIODevice::WriteOnly));
        devices.write(QStringLiteral(R"({"devices": [{"name": "silent", "host": "127.0.0.1", "port": %1, "user": "nvidia",
                                       "sshAlias": "silent"}]})")
                          .arg(port)
                          .toUtf8());
        devices.close();

        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), home.path());
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(environment);
        process.start(sparkctl(), arguments);
        QVERIFY(process.waitForStarted());
        QTest::qWait(1500); // connected, waiting for the SSH banner
        QCOMPARE(process.state(), QProcess::Running);
        QCOMPARE(::kill(pid_t(process.processId()), SIGINT), 0);
        QVERIFY(process.waitForFinished(10000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 130);
        silent.kill();
        silent.waitForFinished();
    }

    void guiStartsOffscreenAndQuitsCleanly()
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir::tempPath() + QStringLiteral("/spark-cli-test-config"));
        process.setProcessEnvironment(environment);
        process.start(gui(), {QStringLiteral("--quit-after"), QStringLiteral("500")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
