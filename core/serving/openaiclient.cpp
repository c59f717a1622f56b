// SPDX-License-Identifier: MIT
#include "core/serving/openaiclient.h"

#include "core/serving/openaistream.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace spark {

double StreamMeasure::decodeTokensPerSecond() const
{
    if (tokens < 2 || lastTokenMs <= firstTokenMs)
        return 0;
    return double(tokens - 1) * 1000.0 / double(lastTokenMs - firstTokenMs);
}

StreamMeasure OpenAiClient::chat(const QUrl &base, const QString &model, const QString &prompt, int maxTokens,
                                 const std::function<void(const QString &)> &onText, const std::atomic<bool> *cancelled,
                                 int timeoutMs)
{
    StreamMeasure measure;
    QNetworkAccessManager manager;
    QNetworkRequest request(base.resolved(QUrl(QStringLiteral("v1/chat/completions"))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    const QJsonObject body{
        {QStringLiteral("model"), model},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
        {QStringLiteral("messages"),
         QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), prompt}}}}};
    QElapsedTimer clock;
    clock.start();
    QNetworkReply *reply = manager.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    OpenAiStream stream;
    int chunksWithContent = 0;
    bool done = false;
    QEventLoop loop;
    QObject::connect(reply, &QIODevice::readyRead, &loop, [&] {
        for (const StreamEvent &event : stream.feed(reply->readAll())) {
            if (event.hasContent) {
                const qint64 now = clock.elapsed();
                if (measure.firstTokenMs < 0)
                    measure.firstTokenMs = now;
                measure.lastTokenMs = now;
                ++chunksWithContent;
                measure.text += event.content;
                if (onText)
                    onText(event.content);
            }
            if (event.completionTokens)
                measure.tokens = *event.completionTokens;
            if (!event.error.isEmpty())
                measure.error = event.error;
            done = done || event.done;
        }
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer watch;
    QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
        if ((cancelled && cancelled->load()) || clock.elapsed() > timeoutMs)
            reply->abort();
    });
    watch.start(50);
    if (!reply->isFinished())
        loop.exec();
    measure.totalMs = clock.elapsed();
    if (measure.tokens == 0)
        measure.tokens = chunksWithContent;
    if (measure.error.isEmpty() && reply->error() != QNetworkReply::NoError) {
        const QByteArray said = reply->readAll();
        const QString message = QJsonDocument::fromJson(said).object().value(QStringLiteral("message")).toString();
        measure.error = message.isEmpty() ? reply->errorString() : message;
    } else if (measure.error.isEmpty() && !done) {
        measure.error = QStringLiteral("the stream ended without [DONE]");
    }
    delete reply;
    return measure;
}

} // namespace spark
