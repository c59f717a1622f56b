// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringList>

namespace spark {

// Splits a stream of output chunks into complete lines, as a tool prints them:
// the one line splitter for streamed output (SshSession's execStreaming and
// the link-test parsers). Chunks may end mid-line or mid-UTF-8 character; a
// line is only handed out once its newline arrived (or at finish()). "\r\n"
// and a bare "\r" (progress redraws) both end a line.
class LineBuffer
{
public:
    QStringList feed(QByteArrayView chunk);
    // The last, unterminated line (if any); the buffer is empty afterwards.
    QStringList finish();

private:
    QByteArray m_pending;
};

} // namespace spark
