// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/models/modelinventory.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// What hashing a model's blobs on a node found.
struct BlobVerification
{
    QString repoId;
    int blobsChecked = 0;
    qint64 bytesChecked = 0;
    QStringList mismatched; // blob names whose content does not hash to their name
    QStringList unreadable; // blob names that could not be read
    QStringList unnamed;    // files in blobs/ named by no hash (left alone, named)
    bool finished = false;  // the end marker arrived

    bool passed() const { return finished && mismatched.isEmpty() && unreadable.isEmpty(); }
    QJsonObject toJson() const;
};

// Every blob of a model checked against its own name, on the node that holds
// it: the Hugging Face cache names LFS files by their SHA-256 and small files
// by their git blob SHA-1, so a whole blob proves itself without another copy.
// The script hashes with the node's sha256sum and sha1sum, as many files at
// once as the node has cores (xargs -P), reads nothing outside the folder and
// writes nothing.
class BlobVerifier
{
public:
    static constexpr const char *lineMarker = "@@spark-verify:";
    // `folder`: the model's folder (its root and "models--org--name"), from the inventory.
    static Expected<QString> script(const CachedModel &model);
    static BlobVerification parse(const QString &repoId, const QString &output);
};

} // namespace spark
