// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/error.h"
#include "core/common/job.h"

#include <QJsonObject>
#include <QString>

namespace sparkctl {

// Prints to stdout / stderr in the locale's encoding.
void printOut(const QString &text);
void printErr(const QString &text);

} // namespace sparkctl

namespace sparkctl::Output {

// The version of every JSON document sparkctl prints (docs/sparkctl-json.md);
// raised when a field changes its meaning or goes away, not when one is added.
constexpr int SchemaVersion = 1;

// How the running command speaks, from the options every command has:
// --json (documents on stdout, locale-independent), --quiet (only the result),
// --verbose (each error's detail: what the remote command said on stderr).
struct Mode
{
    bool json = false;
    bool quiet = false;
    bool verbose = false;
    bool streams = false; // a streamed command: JSON lines, the last of type "result"
};

// Set by the command table before a command runs, and closed after it.
void begin(const QString &commandPath, Mode mode);
// Prints the JSON result if the command printed none (a failure: its error).
void finish(int exitCode);

bool json();
bool quiet();
bool verbose();

// A progress sentence of a long operation: a line on stdout (none with
// --quiet), or with --json in a streamed command a {"type": "progress"} line
// holding `fields` and the sentence.
void progress(const QString &sentence, const QJsonObject &fields = {});
// A long job's progress (the Job contract), from any thread, one line at a
// time: "[spark-1     40%] sentence" when it is about a node, else the
// sentence; with --json its "node" and "fraction" where it has them.
void jobProgress(const spark::JobProgress &progress);
// Text for a person on stdout: nothing with --json (the result says it).
void text(const QString &text);
// "warning: …" on stderr, and in the JSON result's "warnings".
void warning(const QString &sentence);
// "sparkctl COMMAND: sentence" on stderr (and the detail with --verbose),
// kept as the JSON result's "error"; returns `exitCode`.
int failure(const QString &sentence, const QString &detail = {}, int exitCode = 1);
// The same for a core error: its message, and its detail with --verbose.
inline int failure(const spark::Error &error)
{
    return failure(error.message, error.detail);
}

// With --json: one line of a streamed command, {"schema": 1, "type": TYPE, …}.
void line(const QString &type, QJsonObject fields);
// The same for an object that holds its "type" already.
inline void line(const QJsonObject &fields)
{
    line(fields.value(QStringLiteral("type")).toString(), fields);
}
// With --json: the command's result, {"schema": 1, "command": …, "ok": …,
// "warnings": […], "error": …, fields…}; a streamed command's is its last line,
// of type "result". Printed once; nothing without --json.
void result(bool ok, QJsonObject fields = {});

} // namespace sparkctl::Output
