// SPDX-License-Identifier: MIT
#include "core/models/modelinventory.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace spark {

namespace {

// The translation context lupdate files these sentences under.
struct InventoryText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelInventory)
};

bool isWeightFile(const QString &name)
{
    return name.endsWith(QLatin1String(".safetensors")) || name.endsWith(QLatin1String(".bin"))
        || name.endsWith(QLatin1String(".gguf")) || name.endsWith(QLatin1String(".pt"))
        || name.endsWith(QLatin1String(".pth"));
}

// "a, b, c and 4 more": a few names, so a sentence stays one line.
QString someOf(QStringList names)
{
    names.sort();
    constexpr int shown = 3;
    if (names.size() <= shown)
        return names.join(QStringLiteral(", "));
    return InventoryText::tr("%1 and %n more", nullptr, int(names.size() - shown)).arg(names.mid(0, shown).join(QStringLiteral(", ")));
}

struct IndexFacts
{
    QSet<QString> shards;
    qint64 totalSize = 0;
    bool readable = false;
};

IndexFacts readIndex(const QByteArray &json)
{
    IndexFacts facts;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return facts;
    const QJsonObject map = document.object().value(QStringLiteral("weight_map")).toObject();
    for (auto it = map.begin(); it != map.end(); ++it)
        facts.shards.insert(it.value().toString());
    facts.totalSize = qint64(document.object().value(QStringLiteral("metadata")).toObject().value(QStringLiteral("total_size")).toDouble());
    facts.readable = !facts.shards.isEmpty();
    return facts;
}

struct SnapshotFile
{
    QString name; // inside the snapshot: "model-00001-of-00002.safetensors", "sub/x.json"
    bool resolves = true;
    bool intoBlobs = true;
    qint64 bytes = 0;
};

class RepoJudge
{
public:
    RepoJudge(const CacheRootListing &root, const QString &folder)
        : m_root(&root)
        , m_folder(folder)
    {
    }

    void add(const CacheEntry &entry) { m_entries.append(&entry); }

    CachedModel judge() const
    {
        CachedModel model;
        model.repoId = ModelInventory::repoIdOfFolder(m_folder);
        model.folder = m_folder;
        model.root = m_root->root;
        const QString blobs = m_folder + QStringLiteral("/blobs/");
        const QString snapshots = m_folder + QStringLiteral("/snapshots/");
        QHash<QString, qint64> blobBytes;
        QMap<QString, QList<SnapshotFile>> byCommit;
        for (const CacheEntry *entry : m_entries) {
            if (entry->path.startsWith(blobs) && entry->type == CacheEntry::Type::File) {
                // The hub client's blobs/<hash>.incomplete; rsync's temporary
                // .<hash>.XXXXXX and the partial folder a cut copy leaves.
                const QString name = entry->path.mid(blobs.size());
                if (name.endsWith(QLatin1String(".incomplete")) || name.startsWith(QLatin1Char('.')))
                    ++model.unfinishedDownloads;
                blobBytes.insert(entry->path, entry->bytes);
                model.diskBytes += entry->bytes;
            }
        }
        for (const CacheEntry *entry : m_entries) {
            if (!entry->path.startsWith(snapshots))
                continue;
            const QString inside = entry->path.mid(snapshots.size());
            const qsizetype slash = inside.indexOf(QLatin1Char('/'));
            if (slash <= 0)
                continue;
            SnapshotFile file;
            file.name = inside.mid(slash + 1);
            if (entry->type == CacheEntry::Type::Link) {
                const QString linkDir = entry->path.left(entry->path.lastIndexOf(QLatin1Char('/')));
                const QString target = entry->linkTarget.startsWith(QLatin1Char('/'))
                                         ? QDir::cleanPath(entry->linkTarget)
                                         : QDir::cleanPath(m_root->root + QLatin1Char('/') + linkDir + QLatin1Char('/') + entry->linkTarget);
                const QString relative = target.startsWith(m_root->root + QLatin1Char('/')) ? target.mid(m_root->root.size() + 1) : target;
                file.resolves = entry->resolves;
                file.intoBlobs = relative.startsWith(blobs);
                file.bytes = blobBytes.value(relative);
            } else if (entry->type == CacheEntry::Type::File) {
                file.bytes = entry->bytes;
                model.diskBytes += entry->bytes;
            } else {
                continue;
            }
            byCommit[inside.left(slash)].append(file);
        }
        for (auto it = byCommit.cbegin(); it != byCommit.cend(); ++it)
            model.revisions.append(revision(it.key(), it.value(), model.unfinishedDownloads));
        for (auto it = m_root->refs.cbegin(); it != m_root->refs.cend(); ++it) {
            if (!it.key().startsWith(m_folder + QStringLiteral("/refs/")))
                continue;
            const QString ref = it.key().mid(m_folder.size() + 6);
            auto named = std::find_if(model.revisions.begin(), model.revisions.end(),
                                      [&](const ModelRevision &r) { return r.commit == it.value(); });
            if (named != model.revisions.end()) {
                named->refs.append(ref);
                named->refs.sort();
            }
        }
        std::stable_sort(model.revisions.begin(), model.revisions.end(), [](const ModelRevision &a, const ModelRevision &b) {
            return a.refs.contains(QStringLiteral("main")) && !b.refs.contains(QStringLiteral("main"));
        });
        return model;
    }

private:
    ModelRevision revision(const QString &commit, const QList<SnapshotFile> &files, int unfinished) const
    {
        ModelRevision revision;
        revision.commit = commit;
        revision.files = int(files.size());
        QStringList broken;
        QStringList outside;
        QSet<QString> present;
        qint64 weights = 0;
        for (const SnapshotFile &file : files) {
            revision.bytes += file.bytes;
            if (!file.resolves)
                broken.append(file.name);
            else if (!file.intoBlobs)
                outside.append(file.name);
            else
                present.insert(file.name);
            if (isWeightFile(file.name))
                weights += file.bytes;
        }
        const QString indexPath = m_folder + QStringLiteral("/snapshots/") + commit + QStringLiteral("/model.safetensors.index.json");
        const IndexFacts index = readIndex(m_root->indexes.value(indexPath));
        if (present.contains(QStringLiteral("model.safetensors.index.json")) && !index.readable)
            revision.problems.append(InventoryText::tr("Its model.safetensors.index.json cannot be read: the snapshot is damaged."));
        QStringList missingShards;
        for (const QString &shard : index.shards) {
            if (!present.contains(shard))
                missingShards.append(shard);
        }
        revision.shardsListed = int(index.shards.size());
        revision.shardsPresent = int(index.shards.size() - missingShards.size());
        revision.weightBytes = index.totalSize > 0 ? index.totalSize : weights;
        if (files.isEmpty())
            revision.problems.append(InventoryText::tr("The snapshot holds no files."));
        // A shard whose link points to nothing is said once, as a broken link.
        QStringList notThere;
        for (const QString &shard : std::as_const(missingShards)) {
            if (!broken.contains(shard))
                notThere.append(shard);
        }
        if (!notThere.isEmpty())
            revision.problems.append(InventoryText::tr("%1 of %2 shards are missing: %3.")
                                         .arg(notThere.size())
                                         .arg(index.shards.size())
                                         .arg(someOf(notThere)));
        if (!broken.isEmpty())
            revision.problems.append(InventoryText::tr("%n file(s) point to nothing: %1.", nullptr, int(broken.size())).arg(someOf(broken)));
        if (!outside.isEmpty())
            revision.problems.append(InventoryText::tr("%n file(s) point outside the model's blobs folder: %1.", nullptr, int(outside.size())).arg(someOf(outside)));
        if (unfinished > 0)
            revision.problems.append(InventoryText::tr("%n download(s) or copies of this model did not finish (blobs/*.incomplete, or a copy's partial "
                                                       "files): get or copy it again to go on from there.",
                                                       nullptr, unfinished));
        return revision;
    }

    const CacheRootListing *m_root;
    QString m_folder;
    QList<const CacheEntry *> m_entries;
};

} // namespace

QJsonObject ModelRevision::toJson() const
{
    return QJsonObject{
        {QStringLiteral("commit"), commit},
        {QStringLiteral("refs"), QJsonArray::fromStringList(refs)},
        {QStringLiteral("files"), files},
        {QStringLiteral("bytes"), double(bytes)},
        {QStringLiteral("weight_bytes"), double(weightBytes)},
        {QStringLiteral("shards_listed"), shardsListed},
        {QStringLiteral("shards_present"), shardsPresent},
        {QStringLiteral("complete"), complete()},
        {QStringLiteral("problems"), QJsonArray::fromStringList(problems)},
    };
}

const ModelRevision *CachedModel::mainRevision() const
{
    for (const ModelRevision &revision : revisions) {
        if (revision.refs.contains(QStringLiteral("main")))
            return &revision;
    }
    return revisions.size() == 1 ? &revisions.constFirst() : nullptr;
}

const ModelRevision *CachedModel::revisionNamed(const QString &name) const
{
    if (name.isEmpty())
        return mainRevision();
    for (const ModelRevision &revision : revisions) {
        if (revision.refs.contains(name) || revision.commit == name || (name.size() >= 7 && revision.commit.startsWith(name)))
            return &revision;
    }
    return nullptr;
}

QJsonObject CachedModel::toJson() const
{
    QJsonArray all;
    for (const ModelRevision &revision : revisions)
        all.append(revision.toJson());
    return QJsonObject{
        {QStringLiteral("repo_id"), repoId},
        {QStringLiteral("root"), root},
        {QStringLiteral("disk_bytes"), double(diskBytes)},
        {QStringLiteral("unfinished_downloads"), unfinishedDownloads},
        {QStringLiteral("revisions"), all},
    };
}

QString ModelInventory::repoIdOfFolder(const QString &folder)
{
    static const QLatin1String prefix("models--");
    if (!folder.startsWith(prefix) || folder.contains(QLatin1Char('/')))
        return {};
    const QString rest = folder.mid(prefix.size());
    const qsizetype separator = rest.indexOf(QLatin1String("--"));
    const QString id = separator < 0 ? rest : rest.left(separator) + QLatin1Char('/') + rest.mid(separator + 2);
    return isValidRepoId(id) ? id : QString();
}

QString ModelInventory::sizeText(qint64 bytes, int decimals)
{
    return QLocale().formattedDataSize(bytes, decimals, QLocale::DataSizeSIFormat);
}

bool ModelInventory::isValidRepoId(const QString &repoId)
{
    static const QRegularExpression valid(QStringLiteral("^(?:[A-Za-z0-9][A-Za-z0-9._-]{0,95}/)?[A-Za-z0-9][A-Za-z0-9._-]{0,95}$"));
    return valid.match(repoId).hasMatch() && !repoId.contains(QLatin1String("..")) && !repoId.contains(QLatin1String("--"));
}

QList<CachedModel> ModelInventory::models(const CacheRootListing &root)
{
    QMap<QString, RepoJudge> repos;
    for (const CacheEntry &entry : root.entries) {
        const QString folder = entry.path.section(QLatin1Char('/'), 0, 0);
        if (repoIdOfFolder(folder).isEmpty())
            continue;
        auto it = repos.find(folder);
        if (it == repos.end())
            it = repos.insert(folder, RepoJudge(root, folder));
        it->add(entry);
    }
    QList<CachedModel> models;
    for (const RepoJudge &repo : std::as_const(repos))
        models.append(repo.judge());
    return models;
}

QList<CachedModel> ModelInventory::models(const CacheListing &listing)
{
    QList<CachedModel> all;
    for (const CacheRootListing &root : listing.roots)
        all += models(root);
    return all;
}

} // namespace spark
