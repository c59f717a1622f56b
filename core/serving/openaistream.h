// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

// One event of an OpenAI streamed response (server-sent events, as vLLM
// sends them: "data: {json}" blocks separated by a blank line, "data: [DONE]"
// at the end).
struct StreamEvent
{
    QString content;                     // the text this chunk adds (choices[0].delta.content, or .text)
    bool hasContent = false;             // a chunk that carried content (the first may carry "")
    std::optional<int> completionTokens; // usage.completion_tokens, in the usage chunk
    QString finishReason;
    QString error;     // an error object's message
    bool done = false; // [DONE]
};

// Pure and incremental: bytes go in as they arrive, whole events come out.
class OpenAiStream
{
public:
    QList<StreamEvent> feed(const QByteArray &bytes);
    static StreamEvent parseData(const QByteArray &data);

private:
    QByteArray m_pending;
};

} // namespace spark
