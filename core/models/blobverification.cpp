// SPDX-License-Identifier: MIT
#include "core/models/blobverification.h"

#include "core/common/shellquote.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace spark {

namespace {

struct VerifyText
{
    Q_DECLARE_TR_FUNCTIONS(spark::BlobVerifier)
};

// Prints "sha256 NAME HASH SIZE" or "sha1 NAME HASH SIZE" per blob (the git
// blob hash is SHA-1 over "blob <size>\0" and the content), "unreadable NAME",
// "unnamed NAME", then "end". Hashing runs as many at once as the node has cores.
constexpr const char *verifying = R"sh(cd "$1/blobs" || { echo '@@spark-verify:unreadable .'; echo '@@spark-verify:end'; exit 0; }
jobs=$(nproc 2>/dev/null || echo 2)
ls -A | grep -E '^[0-9a-f]{64}$' | xargs -r -P "$jobs" -n 4 sh -c '
  for f; do
    if h=$(sha256sum < "$f" 2>/dev/null); then
      printf "@@spark-verify:sha256 %s %s %s\n" "$f" "${h%% *}" "$(stat -c %s "$f")"
    else
      printf "@@spark-verify:unreadable %s\n" "$f"
    fi
  done' sh
ls -A | grep -E '^[0-9a-f]{40}$' | xargs -r -P "$jobs" -n 16 sh -c '
  for f; do
    if s=$(stat -c %s "$f" 2>/dev/null) && h=$({ printf "blob %s\0" "$s"; cat "$f"; } | sha1sum); then
      printf "@@spark-verify:sha1 %s %s %s\n" "$f" "${h%% *}" "$s"
    else
      printf "@@spark-verify:unreadable %s\n" "$f"
    fi
  done' sh
ls -A | grep -Ev '^([0-9a-f]{64}|[0-9a-f]{40})$' | while IFS= read -r f; do printf '@@spark-verify:unnamed %s\n' "$f"; done
echo '@@spark-verify:end'
)sh";

} // namespace

QJsonObject BlobVerification::toJson() const
{
    return QJsonObject{
        {QStringLiteral("repo_id"), repoId},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("blobs_checked"), blobsChecked},
        {QStringLiteral("bytes_checked"), double(bytesChecked)},
        {QStringLiteral("mismatched"), QJsonArray::fromStringList(mismatched)},
        {QStringLiteral("unreadable"), QJsonArray::fromStringList(unreadable)},
        {QStringLiteral("unnamed"), QJsonArray::fromStringList(unnamed)},
    };
}

Expected<QString> BlobVerifier::script(const CachedModel &model)
{
    if (ModelInventory::repoIdOfFolder(model.folder).isEmpty() || !model.root.startsWith(QLatin1Char('/')))
        return Error(VerifyText::tr("%1 cannot be checked: its folder is not one of a Hugging Face cache.").arg(model.repoId));
    return shellJoin({QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(verifying), QStringLiteral("sh"),
                      model.root + QLatin1Char('/') + model.folder});
}

BlobVerification BlobVerifier::parse(const QString &repoId, const QString &output)
{
    static const QRegularExpression hashed(QStringLiteral("^(sha256|sha1) ([0-9a-f]{40,64}) ([0-9a-f]{40,64}) (\\d+)$"));
    BlobVerification verification;
    verification.repoId = repoId;
    const QLatin1String marker(lineMarker);
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (const QString &full : lines) {
        if (!full.startsWith(marker))
            continue;
        const QString line = full.mid(marker.size());
        if (line == QLatin1String("end")) {
            verification.finished = true;
        } else if (line.startsWith(QLatin1String("unreadable "))) {
            verification.unreadable.append(line.mid(11));
        } else if (line.startsWith(QLatin1String("unnamed "))) {
            verification.unnamed.append(line.mid(8));
        } else if (const QRegularExpressionMatch m = hashed.match(line); m.hasMatch()) {
            ++verification.blobsChecked;
            verification.bytesChecked += m.captured(4).toLongLong();
            if (m.captured(2) != m.captured(3))
                verification.mismatched.append(m.captured(2));
        }
    }
    verification.mismatched.sort();
    verification.unreadable.sort();
    verification.unnamed.sort();
    return verification;
}

} // namespace spark
