// SPDX-License-Identifier: MIT
// The download on one node: the revision rule, the script's lines, what the
// Hugging Face client's failures mean (its words in each version), and the
// script itself run by bash against a client that writes into a scratch cache.
#include "core/models/modeldownload.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {

// What huggingface_hub 0.34–1.3 prints: the traceback of the Hub's exception.
QStringList traceback(const QString &exception, const QStringList &message)
{
    return QStringList{QStringLiteral("Traceback (most recent call last):"),
                       QStringLiteral("  File \"/usr/local/bin/hf\", line 8, in <module>"), QStringLiteral("    sys.exit(main())"),
                       QStringLiteral("huggingface_hub.errors.") + exception + QStringLiteral(": ") + message.value(0)}
         + message.mid(1);
}

struct ScriptRun
{
    QList<DownloadLine> lines;
    QString argv;
    QString token;
    int exitCode = -1;
};

} // namespace

class TestModelDownload final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_scratch;

    ScriptRun runScript(const QString &repo, const QString &revision, const QByteArray &input, bool withClient = true)
    {
        const QString bin = m_scratch.path() + QStringLiteral("/bin");
        const QString record = m_scratch.path() + QStringLiteral("/record");
        QDir().mkpath(bin);
        QDir().mkpath(record);
        QFile client(bin + QStringLiteral("/hf"));
        if (withClient) {
            client.remove();
            QFile::copy(QStringLiteral(SPARK_FIXTURES_DIR "/models/fake-hf-client.sh"), client.fileName());
            client.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        } else {
            client.remove();
        }
        const Expected<QString> script = ModelDownload::script(repo, revision);
        if (!script)
            return {};
        QProcess bash;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        // Only the fake client and the basic tools: the machine's own hf, if any, is not on this PATH.
        environment.insert(QStringLiteral("PATH"), bin + QStringLiteral(":/usr/bin:/bin"));
        environment.insert(QStringLiteral("HF_HOME"), m_scratch.path() + QStringLiteral("/home"));
        environment.insert(QStringLiteral("RECORD"), record);
        environment.remove(QStringLiteral("HF_TOKEN"));
        environment.remove(QStringLiteral("HF_HUB_CACHE"));
        bash.setProcessEnvironment(environment);
        bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), *script});
        bash.write(input);
        bash.closeWriteChannel();
        bash.waitForFinished(20000);
        ScriptRun run;
        run.exitCode = bash.exitCode();
        for (const QString &line : QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            run.lines.append(ModelDownload::parseLine(line));
        QFile argv(record + QStringLiteral("/argv"));
        if (argv.open(QIODevice::ReadOnly))
            run.argv = QString::fromUtf8(argv.readAll()).trimmed();
        QFile token(record + QStringLiteral("/token"));
        if (token.open(QIODevice::ReadOnly))
            run.token = QString::fromUtf8(token.readAll());
        argv.remove();
        token.remove();
        return run;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.isValid()); }

    void revisions_data()
    {
        QTest::addColumn<QString>("revision");
        QTest::addColumn<bool>("valid");
        QTest::newRow("empty: main") << QString() << true;
        QTest::newRow("main") << QStringLiteral("main") << true;
        QTest::newRow("a tag") << QStringLiteral("v1.0.2") << true;
        QTest::newRow("a branch with a slash") << QStringLiteral("refs/pr/12") << true;
        QTest::newRow("a commit") << QStringLiteral("0123456789abcdef0123456789abcdef01234567") << true;
        QTest::newRow("an option") << QStringLiteral("--force-download") << false;
        QTest::newRow("a path up") << QStringLiteral("main/../../etc") << false;
        QTest::newRow("a space") << QStringLiteral("main x") << false;
        QTest::newRow("shell syntax") << QStringLiteral("main;reboot") << false;
        QTest::newRow("a substitution") << QStringLiteral("$(id)") << false;
        QTest::newRow("a trailing slash") << QStringLiteral("main/") << false;
        QTest::newRow("a lock name") << QStringLiteral("main.lock") << false;
    }
    void revisions()
    {
        QFETCH(QString, revision);
        QFETCH(bool, valid);
        QCOMPARE(ModelDownload::isValidRevision(revision), valid);
        QCOMPARE(bool(ModelDownload::script(QStringLiteral("acme/tiny"), revision)), valid);
    }

    void badNamesMakeNoScript_data()
    {
        QTest::addColumn<QString>("repo");
        QTest::newRow("three parts") << QStringLiteral("acme/tiny/extra");
        QTest::newRow("shell syntax") << QStringLiteral("acme/tiny;rm -rf ~");
        QTest::newRow("a quote") << QStringLiteral("acme/ti'ny");
        QTest::newRow("a path up") << QStringLiteral("../tiny");
    }
    void badNamesMakeNoScript()
    {
        QFETCH(QString, repo);
        const Expected<QString> script = ModelDownload::script(repo, {});
        QVERIFY(!script);
        QVERIFY(script.error().message.contains(repo));
    }

    void lines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("text");
        QTest::newRow("tool") << QStringLiteral("@@tool huggingface-cli") << int(DownloadLine::Kind::Tool) << qint64(0) << -1 << QStringLiteral("huggingface-cli");
        QTest::newRow("bytes") << QStringLiteral("@@bytes 123456789") << int(DownloadLine::Kind::Bytes) << qint64(123456789) << -1 << QString();
        QTest::newRow("no blobs yet") << QStringLiteral("@@bytes ") << int(DownloadLine::Kind::Bytes) << qint64(0) << -1 << QString();
        QTest::newRow("said") << QStringLiteral("@@said Fetching 12 files") << int(DownloadLine::Kind::Said) << qint64(0) << -1 << QStringLiteral("Fetching 12 files");
        QTest::newRow("exit") << QStringLiteral("@@exit 1") << int(DownloadLine::Kind::Exit) << qint64(0) << 1 << QString();
        QTest::newRow("exit without a code") << QStringLiteral("@@exit ") << int(DownloadLine::Kind::Other) << qint64(0) << 0 << QString();
        QTest::newRow("no client") << QStringLiteral("@@no-client") << int(DownloadLine::Kind::NoTool) << qint64(0) << -1 << QString();
        QTest::newRow("anything else") << QStringLiteral("bash: warning") << int(DownloadLine::Kind::Other) << qint64(0) << -1 << QStringLiteral("bash: warning");
    }
    void lines()
    {
        QFETCH(QString, line);
        QFETCH(int, kind);
        QFETCH(qint64, bytes);
        QFETCH(int, exitCode);
        QFETCH(QString, text);
        const DownloadLine parsed = ModelDownload::parseLine(line);
        QCOMPARE(int(parsed.kind), kind);
        QCOMPARE(parsed.bytes, bytes);
        if (parsed.kind == DownloadLine::Kind::Exit)
            QCOMPARE(parsed.exitCode, exitCode);
        QCOMPARE(parsed.text, text);
    }

    // The client's own words (huggingface_hub's errors.py, hf_raise_for_status,
    // _snapshot_download.py; the 1.4+ and 1.6+ one-line forms from cli/_errors.py).
    void failures_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("said");
        QTest::addColumn<bool>("hadToken");
        QTest::addColumn<int>("failure");
        const QString api = QStringLiteral("https://huggingface.co/api/models/acme/tiny/revision/main");
        QTest::newRow("success") << 0 << QStringList{QStringLiteral("/home/n/.cache/huggingface/hub/models--acme--tiny/snapshots/0123456789abcdef0123456789abcdef01234567")} << false << int(DownloadFailure::None);
        QTest::newRow("0.36: not found")
            << 1
            << traceback(QStringLiteral("RepositoryNotFoundError"),
                         {QStringLiteral("401 Client Error. (Request ID: Root=1-abc)"), QString(), QStringLiteral("Repository Not Found for url: %1.").arg(api),
                          QStringLiteral("Please make sure you specified the correct `repo_id` and `repo_type`."),
                          QStringLiteral("If you are trying to access a private or gated repo, make sure you are authenticated.")})
            << false << int(DownloadFailure::NotFound);
        QTest::newRow("0.36: gated")
            << 1
            << traceback(QStringLiteral("GatedRepoError"),
                         {QStringLiteral("401 Client Error. (Request ID: Root=1-abc)"), QString(), QStringLiteral("Cannot access gated repo for url %1.").arg(api),
                          QStringLiteral("Access to model acme/tiny is restricted. You must have access to it and be authenticated to access it. Please log in.")})
            << false << int(DownloadFailure::Gated);
        QTest::newRow("0.36: no such revision")
            << 1
            << traceback(QStringLiteral("RevisionNotFoundError"),
                         {QStringLiteral("404 Client Error. (Request ID: Root=1-abc)"), QString(), QStringLiteral("Revision Not Found for url: %1.").arg(api)})
            << false << int(DownloadFailure::NoRevision);
        QTest::newRow("0.36: a token the Hub does not know")
            << 1
            << traceback(QStringLiteral("HfHubHTTPError"), {QStringLiteral("401 Client Error: Unauthorized for url: %1").arg(api), QString(),
                                                            QStringLiteral("Invalid credentials in Authorization header")})
            << true << int(DownloadFailure::BadToken);
        QTest::newRow("0.36: offline")
            << 1
            << traceback(QStringLiteral("LocalEntryNotFoundError"),
                         {QStringLiteral("An error happened while trying to locate the files on the Hub and we cannot find the appropriate "
                                         "snapshot folder for the specified revision on the local disk. Please check your internet connection and try again.")})
            << false << int(DownloadFailure::Offline);
        QTest::newRow("disk full")
            << 1 << traceback(QStringLiteral("OSError"), {QStringLiteral("[Errno 28] No space left on device: '/home/n/.cache/huggingface/hub/models--acme--tiny/blobs/ab.incomplete'")})
            << false << int(DownloadFailure::DiskFull);
        // 1.4 and 1.5 print a gated repository as not found too (RepositoryNotFoundError is checked first).
        QTest::newRow("1.4: one line")
            << 1 << QStringList{QStringLiteral("Error: Repository not found. Check the `repo_id` and `repo_type` parameters. If the repo is private, make sure you are authenticated."), QStringLiteral("Set HF_DEBUG=1 as environment variable for full traceback.")}
            << false << int(DownloadFailure::NotFound);
        QTest::newRow("1.6: gated")
            << 1 << QStringList{QStringLiteral("Error: Access denied. Model 'acme/tiny' requires approval.")} << true << int(DownloadFailure::Gated);
        QTest::newRow("1.6: not found")
            << 1 << QStringList{QStringLiteral("Error: Model 'acme/tiny' not found. If the repo is private, make sure you are authenticated.")} << false << int(DownloadFailure::NotFound);
        QTest::newRow("something else") << 1 << QStringList{QStringLiteral("Killed")} << false << int(DownloadFailure::Other);
    }
    void failures()
    {
        QFETCH(int, exitCode);
        QFETCH(QStringList, said);
        QFETCH(bool, hadToken);
        QFETCH(int, failure);
        QCOMPARE(int(ModelDownload::failureOf(exitCode, said, hadToken)), failure);
        const QString sentence = ModelDownload::failureSentence(DownloadFailure(failure), QStringLiteral("spark-1"), QStringLiteral("acme/tiny"), {}, said);
        if (failure == int(DownloadFailure::None))
            QVERIFY(sentence.isEmpty());
        else
            QVERIFY2(sentence.contains(QLatin1String("spark-1")) || sentence.contains(QLatin1String("acme/tiny")) || sentence.contains(QLatin1String("token")),
                     qPrintable(sentence));
    }

    void theSnapshotIsTheLastPathPrinted()
    {
        const QString snapshot = QStringLiteral("/home/n/.cache/huggingface/hub/models--acme--tiny/snapshots/0123456789abcdef0123456789abcdef01234567");
        QCOMPARE(ModelDownload::snapshotFolder({QStringLiteral("Fetching 3 files"), snapshot}), snapshot);
        QCOMPARE(ModelDownload::snapshotFolder({QStringLiteral("⚠️  Warning: 'huggingface-cli download' is deprecated."), snapshot, QString()}), snapshot);
        QCOMPARE(ModelDownload::snapshotFolder({QStringLiteral("/tmp/not/a/snapshot")}), QString());
    }

    void theScriptRunsTheClientWithTheTokenInItsEnvironmentOnly()
    {
        const ScriptRun run = runScript(QStringLiteral("acme/tiny"), QStringLiteral("v2"), "hf_secret_token\n");
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.token, QStringLiteral("hf_secret_token"));
        QCOMPARE(run.argv, QStringLiteral("download acme/tiny --revision v2"));
        QVERIFY(!run.argv.contains(QLatin1String("hf_secret")));
        QStringList said;
        qint64 lastBytes = -1;
        int exitCode = -1;
        QString tool;
        for (const DownloadLine &line : run.lines) {
            if (line.kind == DownloadLine::Kind::Said)
                said.append(line.text);
            else if (line.kind == DownloadLine::Kind::Bytes)
                lastBytes = line.bytes;
            else if (line.kind == DownloadLine::Kind::Exit)
                exitCode = line.exitCode;
            else if (line.kind == DownloadLine::Kind::Tool)
                tool = line.text;
        }
        QCOMPARE(tool, QStringLiteral("hf"));
        QCOMPARE(exitCode, 0);
        QCOMPARE(lastBytes, qint64(5000)); // both blobs
        QVERIFY(ModelDownload::snapshotFolder(said).endsWith(QLatin1String("/snapshots/0123456789abcdef0123456789abcdef01234567")));
        // Nothing of the client's words is left behind in the scratch folder.
        QVERIFY(QDir(QStringLiteral("/tmp")).entryList({QStringLiteral("spark-companion-download.*")}).isEmpty());
    }

    void noTokenLeavesTheEnvironmentWithoutOne()
    {
        const ScriptRun run = runScript(QStringLiteral("acme/tiny"), {}, "\n");
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.token, QStringLiteral("unset"));
        QCOMPARE(run.argv, QStringLiteral("download acme/tiny"));
    }

    void aFailureComesBackInTheClientsWords()
    {
        const ScriptRun run = runScript(QStringLiteral("acme/missing"), {}, "\n");
        QStringList said;
        int exitCode = -1;
        for (const DownloadLine &line : run.lines) {
            if (line.kind == DownloadLine::Kind::Said)
                said.append(line.text);
            if (line.kind == DownloadLine::Kind::Exit)
                exitCode = line.exitCode;
        }
        QCOMPARE(exitCode, 1);
        QCOMPARE(ModelDownload::failureOf(exitCode, said, false), DownloadFailure::NotFound);
    }

    void aNodeWithoutAClientSaysSo()
    {
        const ScriptRun run = runScript(QStringLiteral("acme/tiny"), {}, "\n", false);
        QCOMPARE(run.exitCode, 127);
        QVERIFY(std::any_of(run.lines.cbegin(), run.lines.cend(), [](const DownloadLine &line) { return line.kind == DownloadLine::Kind::NoTool; }));
    }

    // bash's command -v names a file it cannot run when nothing runnable has
    // the name; such a file is no client.
    void aClientThatCannotRunIsNone()
    {
        const QString bin = m_scratch.path() + QStringLiteral("/bin");
        QDir().mkpath(bin);
        QFile stale(bin + QStringLiteral("/huggingface-cli"));
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("#!/bin/sh\nexit 0\n");
        stale.close();
        stale.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const ScriptRun run = runScript(QStringLiteral("acme/tiny"), {}, "\n", false);
        stale.remove();
        QCOMPARE(run.exitCode, 127);
        QVERIFY(std::any_of(run.lines.cbegin(), run.lines.cend(), [](const DownloadLine &line) { return line.kind == DownloadLine::Kind::NoTool; }));
    }
};

QTEST_GUILESS_MAIN(TestModelDownload)
#include "tst_modeldownload.moc"
