// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

namespace spark {

// One streamed request to an OpenAI-compatible API, timed as it arrives.
struct StreamMeasure
{
    qint64 startMs = 0;       // when it was sent (on the caller's clock)
    qint64 firstTokenMs = -1; // time to the first content, from the send
    qint64 totalMs = 0;       // to the end of the stream, from the send
    qint64 lastTokenMs = -1;  // the last content, from the send
    int tokens = 0;           // the usage chunk's completion_tokens, else the chunks with content
    QString text;
    QString error; // empty: it ended with [DONE]

    // Tokens after the first over the time between the first and the last.
    double decodeTokensPerSecond() const;
};

// Blocking, on the caller's thread (which needs no event loop of its own:
// each call runs one): a chat completion with stream=true and the usage chunk.
class OpenAiClient
{
public:
    static StreamMeasure chat(const QUrl &base, const QString &model, const QString &prompt, int maxTokens,
                              const std::function<void(const QString &)> &onText = {},
                              const std::atomic<bool> *cancelled = nullptr, int timeoutMs = 300000);
};

} // namespace spark
