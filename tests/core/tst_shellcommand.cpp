// SPDX-License-Identifier: MIT
#include "core/ssh/shellcommand.h"

#include <QProcess>
#include <QTest>

using namespace spark;

class TestShellCommand final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quotesEveryArgumentAsOneWord_data()
    {
        QTest::addColumn<QString>("argument");
        QTest::newRow("plain") << "enp1s0f0np0";
        QTest::newRow("empty") << "";
        QTest::newRow("space") << "two words";
        QTest::newRow("single quote") << "it's";
        QTest::newRow("dollar and backtick") << "$HOME `id` $(id)";
        QTest::newRow("semicolon and pipe") << "a; rm -rf / | cat";
        QTest::newRow("newline") << "line1\nline2";
        QTest::newRow("glob") << "*";
        QTest::newRow("unicode") << "名前";
    }

    void quotesEveryArgumentAsOneWord()
    {
        QFETCH(QString, argument);
        // The real shell gives the argument back unchanged, as one word.
        const QString line = ShellCommand(QStringLiteral("printf")).arg(QStringLiteral("%s|")).arg(argument).toString();
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), line});
        QVERIFY(shell.waitForFinished());
        QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()), argument + QLatin1Char('|'));
    }

    void programMustBeAPlainWord_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<bool>("valid");
        QTest::newRow("name") << "ip" << true;
        QTest::newRow("path") << "/usr/sbin/ip" << true;
        QTest::newRow("space") << "ip link" << false;
        QTest::newRow("semicolon") << "ip;id" << false;
        QTest::newRow("empty") << "" << false;
    }

    void programMustBeAPlainWord()
    {
        QFETCH(QString, program);
        QFETCH(bool, valid);
        const ShellCommand command(program);
        QCOMPARE(command.isValid(), valid);
        QCOMPARE(command.toString().isEmpty(), !valid);
        QCOMPARE(ShellCommand::all({ShellCommand(QStringLiteral("true")), command}).isEmpty(), !valid);
    }
};

QTEST_GUILESS_MAIN(TestShellCommand)
#include "tst_shellcommand.moc"
