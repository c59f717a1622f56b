// SPDX-License-Identifier: MIT
#include "app/sparkctl/output.h"

#include "app/sparkctl/exitcode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>

#include <algorithm>
#include <cstdio>
#include <QStringList>

namespace sparkctl::Output {

namespace {

// One command runs per process; progress may come from worker threads.
struct State
{
    QMutex mutex;
    QString command;
    Mode mode;
    QStringList warnings;
    QString error;
    bool resultPrinted = false;
};

State &state()
{
    static State instance;
    return instance;
}

void printDocument(const QJsonObject &object, bool asLine)
{
    printOut(QString::fromUtf8(QJsonDocument(object).toJson(asLine ? QJsonDocument::Compact : QJsonDocument::Indented))
             + (asLine ? QStringLiteral("\n") : QString()));
}

} // namespace

void begin(const QString &commandPath, Mode mode)
{
    State &s = state();
    QMutexLocker locker(&s.mutex);
    s.command = commandPath;
    s.mode = mode;
    s.warnings.clear();
    s.error.clear();
    s.resultPrinted = false;
}

void finish(int exitCode)
{
    bool printed = false;
    {
        State &s = state();
        QMutexLocker locker(&s.mutex);
        printed = s.resultPrinted;
    }
    if (!printed)
        result(exitCode == 0);
}

bool json()
{
    return state().mode.json;
}

bool quiet()
{
    return state().mode.quiet;
}

bool verbose()
{
    return state().mode.verbose;
}

void progress(const QString &sentence, const QJsonObject &fields)
{
    const Mode mode = state().mode;
    if (mode.json) {
        if (mode.streams) {
            QJsonObject object = fields;
            object.insert(QStringLiteral("text"), sentence);
            line(QStringLiteral("progress"), object);
        }
        return;
    }
    if (!mode.quiet)
        printOut(sentence + QLatin1Char('\n'));
}

void jobProgress(const spark::JobProgress &progress)
{
    static QMutex mutex;
    QMutexLocker locker(&mutex);
    QJsonObject fields;
    if (!progress.node.isEmpty())
        fields.insert(QStringLiteral("node"), progress.node);
    if (progress.fraction >= 0)
        fields.insert(QStringLiteral("fraction"), progress.fraction);
    if (progress.node.isEmpty() || json()) {
        Output::progress(progress.sentence, fields);
        return;
    }
    if (!quiet()) {
        const int percent = int(std::max(progress.fraction, 0.0) * 100);
        printOut(QStringLiteral("[%1 %2%] %3\n").arg(progress.node, -10).arg(percent, 3).arg(progress.sentence));
    }
}

void text(const QString &text)
{
    if (!json())
        printOut(text);
}

void warning(const QString &sentence)
{
    {
        State &s = state();
        QMutexLocker locker(&s.mutex);
        s.warnings.append(sentence);
    }
    printErr(QStringLiteral("warning: %1\n").arg(sentence));
}

int failure(const QString &sentence, const QString &detail, int exitCode)
{
    QString command;
    {
        State &s = state();
        QMutexLocker locker(&s.mutex);
        if (s.error.isEmpty())
            s.error = sentence;
        command = s.command;
    }
    printErr(QStringLiteral("sparkctl %1: %2\n").arg(command, sentence));
    if (!detail.isEmpty() && (verbose() || qEnvironmentVariableIsSet("SPARKCTL_VERBOSE")))
        printErr(QStringLiteral("  detail: %1\n").arg(detail));
    return exitCode;
}

void line(const QString &type, QJsonObject fields)
{
    if (!json())
        return;
    fields.insert(QStringLiteral("schema"), SchemaVersion);
    fields.insert(QStringLiteral("type"), type);
    printDocument(fields, true);
}

void result(bool ok, QJsonObject fields)
{
    State &s = state();
    QMutexLocker locker(&s.mutex);
    if (!s.mode.json || s.resultPrinted)
        return;
    s.resultPrinted = true;
    fields.insert(QStringLiteral("schema"), SchemaVersion);
    fields.insert(QStringLiteral("command"), s.command);
    fields.insert(QStringLiteral("ok"), ok);
    fields.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(s.warnings));
    fields.insert(QStringLiteral("error"), ok || s.error.isEmpty() ? QJsonValue() : QJsonValue(s.error));
    if (s.mode.streams)
        fields.insert(QStringLiteral("type"), QStringLiteral("result"));
    printDocument(fields, s.mode.streams);
}

} // namespace sparkctl::Output

namespace sparkctl {

void printOut(const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    fflush(stderr);
}

} // namespace sparkctl
