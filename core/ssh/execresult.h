// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace spark {

// What a remote command left behind.
struct ExecResult
{
    int exitCode = -1;
    QString exitSignal;        // e.g. "TERM" when killed by a signal
    QByteArray standardOutput;
    QByteArray standardError;

    bool succeeded() const { return exitCode == 0 && exitSignal.isEmpty(); }
};

enum class OutputStream { StandardOutput, StandardError };

// Called for each complete line (without its newline) as it arrives, on the
// session's worker thread; a last unterminated line is delivered at the end.
using LineHandler = std::function<void(OutputStream stream, const QString &line)>;

} // namespace spark
