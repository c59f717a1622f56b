// SPDX-License-Identifier: MIT
// sparkctl's shell completions and manual page are made from its command
// table: the scripts are loaded into the real shells and asked what they
// complete; the manual page is rendered by man and names every option that
// --help names.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString sparkctl()
{
    return qEnvironmentVariable("SPARKCTL");
}

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QStringList sorted(QStringList list)
{
    list.removeAll(QString());
    list.sort();
    return list;
}

} // namespace

class TestShellCompletion final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QProcessEnvironment m_environment;

private Q_SLOTS:
    // A registry with two devices and one planned cluster, in a home of its own.
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        m_environment = QProcessEnvironment::systemEnvironment();
        m_environment.insert(QStringLiteral("HOME"), m_home.path());
        m_environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        m_environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        QVERIFY(QDir().mkpath(m_home.filePath(QStringLiteral("config/spark-companion"))));
        QFile devices(m_home.filePath(QStringLiteral("config/spark-companion/devices.json")));
        QVERIFY(devices.open(QIODevice::WriteOnly));
        devices.write(R"({"devices": [
            {"name": "spark-a1", "host": "192.0.2.1", "user": "nvidia", "sshAlias": "spark-a1"},
            {"name": "spark-b2", "host": "192.0.2.2", "user": "nvidia", "sshAlias": "spark-b2"}]})");
        devices.close();
        const Run planned = run(sparkctl(), {QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"),
                                             QStringLiteral("direct2"), QStringLiteral("--cluster"), QStringLiteral("desk-pair")},
                                m_environment);
        QVERIFY2(planned.exitCode == 0, qPrintable(planned.out + planned.err));
        // The scripts call the program by the name typed; put it first in PATH as "sparkctl".
        QVERIFY(QFile::link(sparkctl(), m_home.filePath(QStringLiteral("sparkctl"))));
        m_environment.insert(QStringLiteral("PATH"), m_home.path() + QLatin1Char(':') + m_environment.value(QStringLiteral("PATH")));
        for (const char *shell : {"bash", "zsh", "fish"}) {
            const Run script = run(sparkctl(), {QStringLiteral("completion"), QLatin1String(shell)}, m_environment);
            QCOMPARE(script.exitCode, 0);
            QFile file(m_home.filePath(QStringLiteral("completion.") + QLatin1String(shell)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(script.out.toUtf8());
        }
    }

    void completions_data()
    {
        QTest::addColumn<QStringList>("typed"); // the words typed; the last is being completed
        QTest::addColumn<QStringList>("expected");
        const QStringList top{QStringLiteral("check"), QStringLiteral("cluster"), QStringLiteral("completion"),
                              QStringLiteral("connect"), QStringLiteral("device"), QStringLiteral("linktest"), QStringLiteral("model"),
                              QStringLiteral("monitor"), QStringLiteral("nccl-test"), QStringLiteral("open"), QStringLiteral("probe"),
                              QStringLiteral("report"), QStringLiteral("serve"), QStringLiteral("tunnel"), QStringLiteral("update")};
        QTest::newRow("commands") << QStringList{QString()} << top;
        QTest::newRow("a command's start") << QStringList{QStringLiteral("c")}
                                           << QStringList{QStringLiteral("check"), QStringLiteral("cluster"),
                                                          QStringLiteral("completion"), QStringLiteral("connect")};
        QTest::newRow("a group's subcommands")
            << QStringList{QStringLiteral("device"), QString()}
            << QStringList{QStringLiteral("add"), QStringLiteral("check"), QStringLiteral("import"), QStringLiteral("list"),
                           QStringLiteral("remove"), QStringLiteral("show")};
        QTest::newRow("options of a subcommand")
            << QStringList{QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--d")}
            << QStringList{QStringLiteral("--disable-conflicting"), QStringLiteral("--dry-run")};
        QTest::newRow("device names from the registry") << QStringList{QStringLiteral("connect"), QString()}
                                                        << QStringList{QStringLiteral("spark-a1"), QStringLiteral("spark-b2")};
        QTest::newRow("device names after a group")
            << QStringList{QStringLiteral("device"), QStringLiteral("show"), QStringLiteral("spark-b")}
            << QStringList{QStringLiteral("spark-b2")};
        QTest::newRow("cluster names for --cluster")
            << QStringList{QStringLiteral("linktest"), QStringLiteral("--cluster"), QString()}
            << QStringList{QStringLiteral("desk-pair")};
        QTest::newRow("fixed values of an option")
            << QStringList{QStringLiteral("cluster"), QStringLiteral("export"), QStringLiteral("--format"), QString()}
            << QStringList{QStringLiteral("ansible"), QStringLiteral("hostfile"), QStringLiteral("nccl-env"),
                           QStringLiteral("vllm")};
        QTest::newRow("the second argument has its own values")
            << QStringList{QStringLiteral("open"), QStringLiteral("spark-a1"), QString()}
            << QStringList{QStringLiteral("code"), QStringLiteral("cursor"), QStringLiteral("dashboard"),
                           QStringLiteral("terminal")};
        QTest::newRow("an option's value is not an argument")
            << QStringList{QStringLiteral("monitor"), QStringLiteral("--interval"), QStringLiteral("500"), QString()}
            << QStringList{QStringLiteral("spark-a1"), QStringLiteral("spark-b2")};
        QTest::newRow("a free-text value offers nothing")
            << QStringList{QStringLiteral("tunnel"), QStringLiteral("spark-a1"), QStringLiteral("--local"), QString()}
            << QStringList{};
        QTest::newRow("nothing after the last argument")
            << QStringList{QStringLiteral("connect"), QStringLiteral("spark-a1"), QString()} << QStringList{};
    }

    void completions()
    {
        QFETCH(QStringList, typed);
        QFETCH(QStringList, expected);
        const QString home = m_home.path();

        // bash: the function bash-completion would call, with COMP_WORDS as bash sets them.
        const Run bash = run(QStringLiteral("bash"),
                             QStringList{QStringLiteral("-c"),
                              QStringLiteral("source \"$1\"; shift; COMP_WORDS=(sparkctl \"$@\"); COMP_CWORD=$#; _sparkctl; "
                                             "printf '%s\\n' \"${COMPREPLY[@]}\""),
                              QStringLiteral("bash"), home + QStringLiteral("/completion.bash")}
                                 + typed,
                             m_environment);
        QVERIFY2(bash.exitCode == 0 && bash.err.isEmpty(), qPrintable(bash.err));
        QCOMPARE(sorted(bash.out.split(QLatin1Char('\n'))), expected);

        // fish: its own completion engine, asked for the command line.
        QStringList quoted;
        for (const QString &word : typed)
            quoted.append(word);
        const Run fish = run(QStringLiteral("fish"),
                             {QStringLiteral("-c"),
                              QStringLiteral("source %1/completion.fish; complete -C 'sparkctl %2'")
                                  .arg(home, quoted.join(QLatin1Char(' ')))},
                             m_environment);
        QVERIFY2(fish.exitCode == 0 && fish.err.isEmpty(), qPrintable(fish.err));
        QStringList fishWords;
        for (const QString &line : fish.out.split(QLatin1Char('\n')))
            fishWords.append(line.section(QLatin1Char('\t'), 0, 0));
        QCOMPARE(sorted(fishWords), expected);

        // zsh: the script's own logic in zsh, with the completion system's
        // _describe, compadd and _files replaced by ones that print what they get.
        const Run zsh = run(
            QStringLiteral("zsh"),
            QStringList{QStringLiteral("-f"), QStringLiteral("-c"),
             QStringLiteral("compdef() { :; }; source \"$1\"; shift; "
                            "_describe() { local -a got; got=(\"${(@P)4}\"); print -l -- \"${(@)got%%:*}\"; }; "
                            "compadd() { [[ $1 == -a ]] && print -l -- \"${(@P)2}\"; }; "
                            "_files() { print -- FILES; }; "
                            "words=(sparkctl \"$@\"); CURRENT=${#words}; _sparkctl"),
             QStringLiteral("zsh"), home + QStringLiteral("/completion.zsh")}
                + typed,
            m_environment);
        QVERIFY2(zsh.exitCode == 0 && zsh.err.isEmpty(), qPrintable(zsh.err));
        // zsh filters by the typed prefix itself; the script offers every candidate.
        QStringList zshWords;
        for (const QString &word : zsh.out.split(QLatin1Char('\n'))) {
            if (word.startsWith(typed.constLast()))
                zshWords.append(word);
        }
        QCOMPARE(sorted(zshWords), expected);
    }

    void unknownShellIsAUsageError()
    {
        const Run result = run(sparkctl(), {QStringLiteral("completion"), QStringLiteral("tcsh")}, m_environment);
        QCOMPARE(result.exitCode, 64);
        QVERIFY2(result.err.startsWith(QStringLiteral("sparkctl completion: 'tcsh' is not a shell")), qPrintable(result.err));
    }

    // Every option --help shows for a command is in the manual page, which man renders without a warning.
    void manualPageNamesWhatHelpNames()
    {
        const Run page = run(sparkctl(), {QStringLiteral("--manpage")}, m_environment);
        QCOMPARE(page.exitCode, 0);
        QFile file(m_home.filePath(QStringLiteral("sparkctl.1")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(page.out.toUtf8());
        file.close();
        QProcessEnvironment environment = m_environment;
        environment.insert(QStringLiteral("MANWIDTH"), QStringLiteral("200"));
        const Run man = run(QStringLiteral("man"), {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                                                    QStringLiteral("-l"), file.fileName()},
                            environment);
        QCOMPARE(man.exitCode, 0);
        QVERIFY2(man.err.isEmpty(), qPrintable(man.err));

        const QStringList paths{QStringLiteral("device add"), QStringLiteral("device list"), QStringLiteral("cluster plan"),
                                QStringLiteral("cluster apply"), QStringLiteral("cluster export"), QStringLiteral("linktest"),
                                QStringLiteral("monitor"), QStringLiteral("probe"), QStringLiteral("report"),
                                QStringLiteral("update"), QStringLiteral("open"), QStringLiteral("completion")};
        const QRegularExpression option(QStringLiteral("^  (?:-\\w, )?(--[\\w-]+)"), QRegularExpression::MultilineOption);
        for (const QString &path : paths) {
            const Run help = run(sparkctl(), path.split(QLatin1Char(' ')) + QStringList{QStringLiteral("--help")}, m_environment);
            QCOMPARE(help.exitCode, 0);
            // The command's entry: from its heading line to the next heading (a command or a section).
            const QString heading = QStringLiteral("\n       sparkctl ") + path + QLatin1Char(' ');
            const qsizetype start = man.out.indexOf(heading);
            QVERIFY2(start >= 0, qPrintable(path));
            const QRegularExpression next(QStringLiteral("\n(       sparkctl |[A-Z])"));
            const QRegularExpressionMatch end = next.match(man.out, start + heading.size());
            const QString section = man.out.mid(start, end.hasMatch() ? end.capturedStart() - start : -1);
            int options = 0;
            for (auto match = option.globalMatch(help.out); match.hasNext();) {
                const QString name = match.next().captured(1);
                if (name == QLatin1String("--help"))
                    continue;
                ++options;
                QVERIFY2(section.contains(QStringLiteral("\n              ") + name), qPrintable(path + QStringLiteral(": ") + name));
            }
            if (path != QLatin1String("completion"))
                QVERIFY2(options > 0, qPrintable(path));
        }
        for (const char *exit : {"64", "130", "usage error"})
            QVERIFY2(man.out.contains(QLatin1String(exit)), exit);
    }
};

QTEST_GUILESS_MAIN(TestShellCompletion)
#include "tst_shellcompletion.moc"
