// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One line of the download's script, as the runner reads it.
struct DownloadLine
{
    enum class Kind { Tool,  // which client the node has: "hf" or "huggingface-cli"
                      Bytes, // what the repository's blobs hold so far
                      Said,  // a line the client printed
                      Exit,  // the client ended with `exitCode`
                      NoTool,
                      Other };
    Kind kind = Kind::Other;
    qint64 bytes = 0;
    int exitCode = -1;
    QString text;
};

// Why a download did not give a model, read from what the client printed.
enum class DownloadFailure { None,
                             NoTool,
                             NotFound,
                             NoRevision,
                             Gated,
                             BadToken,
                             DiskFull,
                             Offline,
                             Other };

// What downloading a model on one node did.
struct NodeDownload
{
    QString node;
    QString tool; // "hf" or "huggingface-cli"
    QString revision;
    QString snapshot; // the folder the client printed last
    qint64 bytes = 0; // the repository's blobs once it ended
    double seconds = 0;
    bool cancelled = false;
    DownloadFailure failure = DownloadFailure::None;
    std::optional<Error> error;

    bool passed() const { return !error && !cancelled && failure == DownloadFailure::None; }
    QJsonObject toJson() const;
};

// The download of a model onto one node with the Hugging Face client the node
// has (`hf download`, else `huggingface-cli download`), in the node's own
// cache, so the client's own rules hold: files are written beside as
// `.incomplete` and renamed when whole, and a download cut short goes on
// where it stopped. The token, when there is one, comes on standard input
// and lives only in the environment of that one client (HF_TOKEN): never on
// a command line, in a file or in a log.
class ModelDownload
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelDownload)

public:
    // How often the script says how far the download is.
    static constexpr int ReportEverySeconds = 1;

    // A branch, tag or commit as the Hub names them (empty: the client's default, main).
    static bool isValidRevision(const QString &revision);
    // The script, run with `bash -c` as the node's user; reads one line (the
    // token, possibly empty) from standard input.
    static Expected<QString> script(const QString &repoId, const QString &revision);
    static DownloadLine parseLine(const QString &line);
    // What went wrong, from the client's exit code and its last words.
    static DownloadFailure failureOf(int exitCode, const QStringList &said, bool hadToken);
    // What happened and what to do, naming the node.
    static QString failureSentence(DownloadFailure failure, const QString &node, const QString &repoId,
                                   const QString &revision, const QStringList &said);
    // The snapshot folder the client printed last (its answer on success), or empty.
    static QString snapshotFolder(const QStringList &said);
};

} // namespace spark
