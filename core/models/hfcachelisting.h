// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One file or symlink under a cache's models--*/ folders, as find printed it.
struct CacheEntry
{
    enum class Type { File,
                      Link,
                      Other };
    Type type = Type::Other;
    bool resolves = true; // a link whose target exists (find's %Y is not N or L)
    qint64 bytes = 0;     // a file's size (a link's own size is not kept)
    QString path;         // relative to the root: "models--org--name/blobs/<sha256>"
    QString linkTarget;   // as stored in the link: "../../blobs/<sha256>"
};

// What one cache folder of one node holds, as the listing printed it.
struct CacheRootListing
{
    QString root; // absolute, as the node's shell expanded it
    bool exists = false;
    qint64 freeBytes = -1; // free space of the folder's filesystem (-1: unknown)
    QList<CacheEntry> entries;
    QHash<QString, QString> refs;       // "models--org--name/refs/main" → commit
    QHash<QString, QByteArray> indexes; // ".../snapshots/<commit>/model.safetensors.index.json" → its JSON
    QStringList unreadable;             // lines that did not parse (a file name with a tab or a newline)
};

// The node's side of the inventory: every cache folder in one read-only
// listing, and the node's memory for the fit.
struct CacheListing
{
    QList<CacheRootListing> roots;
    qint64 memTotalBytes = -1; // /proc/meminfo MemTotal (-1: unknown)
    bool finished = false;     // the end marker arrived (the output was not cut short)
};

// The one read-only command that lists a node's Hugging Face caches: the
// default ($HF_HOME/hub, else ~/.cache/huggingface/hub) and the folders the
// user named for the device. find prints every file and link under each
// models--* folder with its type, size and link target; refs and the
// safetensors indexes are printed whole (the index base64, on one line).
// Nothing is written, and nothing but the named folders is read.
class HfCacheListing
{
public:
    static constexpr const char *rootMarker = "@@spark-models:root ";
    static constexpr const char *missingMarker = "@@spark-models:missing";
    static constexpr const char *freeMarker = "@@spark-models:free ";
    static constexpr const char *refMarker = "@@spark-models:ref ";
    static constexpr const char *indexMarker = "@@spark-models:index ";
    static constexpr const char *memMarker = "@@spark-models:memtotal ";
    static constexpr const char *endMarker = "@@spark-models:end";

    // A folder the user may name: absolute, or starting with "~/"; no
    // newline, tab or NUL (they would break the listing's lines).
    static bool isValidRoot(const QString &folder);
    // The script (run with `sh -c`), or an error naming the folder refused.
    static Expected<QString> script(const QStringList &extraRoots);
    static CacheListing parse(const QString &output);
};

} // namespace spark
