// SPDX-License-Identifier: MIT
#include "core/serving/openaistream.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace spark {

StreamEvent OpenAiStream::parseData(const QByteArray &data)
{
    StreamEvent event;
    const QByteArray trimmed = data.trimmed();
    if (trimmed == "[DONE]") {
        event.done = true;
        return event;
    }
    const QJsonObject object = QJsonDocument::fromJson(trimmed).object();
    if (object.contains(QStringLiteral("error"))) {
        const QJsonValue error = object.value(QStringLiteral("error"));
        event.error = error.isObject() ? error.toObject().value(QStringLiteral("message")).toString() : error.toString();
        return event;
    }
    const QJsonArray choices = object.value(QStringLiteral("choices")).toArray();
    if (!choices.isEmpty()) {
        const QJsonObject choice = choices.at(0).toObject();
        const QJsonValue content = choice.contains(QStringLiteral("delta"))
                                     ? choice.value(QStringLiteral("delta")).toObject().value(QStringLiteral("content"))
                                     : choice.value(QStringLiteral("text"));
        event.hasContent = content.isString() && !content.toString().isEmpty();
        event.content = content.toString();
        event.finishReason = choice.value(QStringLiteral("finish_reason")).toString();
    }
    const QJsonValue usage = object.value(QStringLiteral("usage"));
    if (usage.isObject())
        event.completionTokens = usage.toObject().value(QStringLiteral("completion_tokens")).toInt();
    return event;
}

QList<StreamEvent> OpenAiStream::feed(const QByteArray &bytes)
{
    m_pending += bytes;
    m_pending.replace("\r\n", "\n");
    QList<StreamEvent> events;
    qsizetype end;
    while ((end = m_pending.indexOf("\n\n")) >= 0) {
        const QByteArray block = m_pending.left(end);
        m_pending.remove(0, end + 2);
        QByteArray data;
        for (const QByteArray &line : block.split('\n')) {
            // Comments (": keep-alive") and other fields are not data.
            if (line.startsWith("data:"))
                data += (data.isEmpty() ? QByteArray() : QByteArray("\n")) + line.mid(5);
        }
        if (!data.isEmpty())
            events.append(parseData(data));
    }
    return events;
}

} // namespace spark
