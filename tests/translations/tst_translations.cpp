// SPDX-License-Identifier: MIT
// Every user-visible string in the sources has a finished translation in each
// committed .ts file. The sources are scanned afresh with lupdate, so a string
// added without running `cmake --build . --target update_translations` fails here.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString translation;
    bool finished = false;
};

QList<Message> readTs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            current = Message{context, {}, {}, false};
        } else if (xml.name() == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            current.finished = type.isEmpty() && !current.translation.trimmed().isEmpty();
            messages.append(current);
        }
    }
    return messages;
}

QString key(const Message &message)
{
    return message.context + QLatin1Char('\x1f') + message.source;
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyStringIsTranslated_data()
    {
        QTest::addColumn<QString>("tsFile");
        const QStringList files = qEnvironmentVariable("SPARK_TS_FILES").split(QLatin1Char(';'), Qt::SkipEmptyParts);
        QVERIFY2(!files.isEmpty(), "SPARK_TS_FILES is not set");
        for (const QString &file : files)
            QTest::newRow(qPrintable(QFileInfo(file).fileName())) << file;
    }

    void everyStringIsTranslated()
    {
        QFETCH(QString, tsFile);
        const QString sourceDir = qEnvironmentVariable("SPARK_SOURCE_DIR");
        QTemporaryDir scratch;
        QVERIFY(scratch.isValid());
        const QString freshTs = scratch.filePath(QStringLiteral("fresh.ts"));

        QProcess lupdate;
        lupdate.setWorkingDirectory(sourceDir);
        lupdate.start(qEnvironmentVariable("LUPDATE"),
                      {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-I"), sourceDir,
                       QStringLiteral("-extensions"), QStringLiteral("cpp,h"), QStringLiteral("core"),
                       QStringLiteral("ui"), QStringLiteral("app"), QStringLiteral("-ts"), freshTs});
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        QCOMPARE(lupdate.exitCode(), 0);

        const QList<Message> fresh = readTs(freshTs);
        QVERIFY2(fresh.size() > 10, "lupdate found almost no strings: is the source folder right?");
        QHash<QString, Message> committed;
        for (const Message &message : readTs(tsFile))
            committed.insert(key(message), message);

        QStringList missing;
        for (const Message &message : fresh) {
            const auto it = committed.constFind(key(message));
            if (it == committed.cend())
                missing << QStringLiteral("not in the .ts file: [%1] %2").arg(message.context, message.source);
            else if (!it->finished)
                missing << QStringLiteral("unfinished: [%1] %2").arg(message.context, message.source);
        }
        if (!missing.isEmpty())
            QFAIL(qPrintable(QStringLiteral("%1 string(s) lack a finished translation in %2 "
                                            "(run the update_translations target, then translate):\n  %3")
                                 .arg(missing.size())
                                 .arg(tsFile, missing.join(QStringLiteral("\n  ")))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
