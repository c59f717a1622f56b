// SPDX-License-Identifier: MIT
// The manual pages are written from the programs' own declarations: the
// roff must escape what troff would read as requests or escapes, and what
// man renders must say what the data says.
#include "core/common/manpage.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

class TestManPage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escaping_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("roff");
        QTest::newRow("plain") << QStringLiteral("Show this help.") << QStringLiteral("Show this help.");
        QTest::newRow("option dashes are minus signs") << QStringLiteral("--sudo-password-stdin")
                                                       << QStringLiteral("\\-\\-sudo\\-password\\-stdin");
        QTest::newRow("backslash") << QStringLiteral("C:\\path") << QStringLiteral("C:\\epath");
        QTest::newRow("a leading dot is not a request") << QStringLiteral(".ssh/config is kept")
                                                        << QStringLiteral("\\&.ssh/config is kept");
        QTest::newRow("a leading quote is not a request") << QStringLiteral("'sparkctl check' says")
                                                          << QStringLiteral("\\&'sparkctl check' says");
        QTest::newRow("a dot inside stays") << QStringLiteral("see ~/.ssh/config.") << QStringLiteral("see ~/.ssh/config.");
        QTest::newRow("ellipsis") << QStringLiteral("NAME…") << QStringLiteral("NAME...");
        QTest::newRow("dashes and arrows") << QStringLiteral("1–2 — a → b")
                                           << QStringLiteral("1\\(en2 \\(em a \\(-> b");
        QTest::newRow("a new line joins") << QStringLiteral("one\ntwo") << QStringLiteral("one two");
        QTest::newRow("shell metacharacters pass") << QStringLiteral("a;b|c$(d)`e`") << QStringLiteral("a;b|c$(d)`e`");
    }

    void escaping()
    {
        QFETCH(QString, text);
        QFETCH(QString, roff);
        QCOMPARE(ManPageWriter::escaped(text), roff);
    }

    void rendersWithMan()
    {
        ManPage page;
        page.name = QStringLiteral("sparkctl");
        page.summary = QStringLiteral("set up and watch clusters");
        page.version = QStringLiteral("sparkctl 0.1.0");
        page.synopsis = {QStringLiteral("COMMAND [options]"), QStringLiteral("--help")};
        page.sections = {
            {QStringLiteral("Description"), {QStringLiteral("First paragraph."), QStringLiteral(".Second one.")}},
            {QStringLiteral("Commands"),
             {},
             {{QStringLiteral("sparkctl device add"), QStringLiteral("[options] NAME"), QStringLiteral("Register a device."),
               {{QStringLiteral("--host"), QStringLiteral("HOST"), QStringLiteral("Host name or address.")}}}}},
        };
        const QString roff = ManPageWriter::roff(page);
        QVERIFY(roff.startsWith(QStringLiteral(".TH SPARKCTL 1 \"\" \"sparkctl 0.1.0\" \"User Commands\"\n")));
        QVERIFY(roff.contains(QStringLiteral(".SH NAME\nsparkctl \\- set up and watch clusters\n")));

        // man renders it without a warning, and the text reads as written.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("sparkctl.1")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(roff.toUtf8());
        file.close();
        QProcess man;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("MANWIDTH"), QStringLiteral("100"));
        environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        environment.insert(QStringLiteral("MAN_KEEP_FORMATTING"), QString());
        man.setProcessEnvironment(environment);
        man.start(QStringLiteral("man"), {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                                          QStringLiteral("-l"), file.fileName()});
        QVERIFY(man.waitForFinished(30000));
        const QString out = QString::fromUtf8(man.readAllStandardOutput());
        const QString err = QString::fromUtf8(man.readAllStandardError());
        QCOMPARE(man.exitCode(), 0);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        for (const char *expected : {"sparkctl - set up and watch clusters", "sparkctl COMMAND [options]",
                                     "sparkctl --help", ".Second one.", "sparkctl device add [options] NAME",
                                     "--host HOST", "Host name or address."})
            QVERIFY2(out.contains(QLatin1String(expected)), qPrintable(QLatin1String(expected) + QStringLiteral(" not in:\n") + out));
    }
};

QTEST_GUILESS_MAIN(TestManPage)
#include "tst_manpage.moc"
