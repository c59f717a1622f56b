// SPDX-License-Identifier: MIT
#include "core/models/hfcachelisting.h"

#include "core/common/shellquote.h"

#include <QCoreApplication>

namespace spark {

namespace {

// The translation context lupdate files these sentences under.
struct ListingText
{
    Q_DECLARE_TR_FUNCTIONS(spark::HfCacheListing)
};

// "~/x" stays for the node's shell to expand ("$HOME"/'x'); the rest is quoted whole.
QString rootWord(const QString &folder)
{
    if (folder == QLatin1String("~"))
        return QStringLiteral("\"$HOME\"");
    if (folder.startsWith(QLatin1String("~/")))
        return QStringLiteral("\"$HOME\"/") + shellQuote(folder.mid(2));
    return shellQuote(folder);
}

// find's -printf: type, target type, size, path relative to the root, link target.
constexpr const char *listing = R"sh(list_root() {
  if [ ! -d "$1" ]; then printf '@@spark-models:root %s\n@@spark-models:missing\n' "$1"; return; fi
  cd "$1" || return
  printf '@@spark-models:root %s\n' "$(pwd -P)"
  printf '@@spark-models:free %s\n' "$(df -Pk . 2>/dev/null | awk 'NR==2 {printf "%.0f", $4 * 1024}')"
  find . -mindepth 2 -path './models--*' \( -type f -o -type l \) -printf '%y\t%Y\t%s\t%P\t%l\n' 2>/dev/null
  for ref in models--*/refs/*; do
    [ -f "$ref" ] && printf '@@spark-models:ref %s\t%s\n' "$ref" "$(head -c 200 "$ref")"
  done
  for index in models--*/snapshots/*/model.safetensors.index.json; do
    [ -r "$index" ] && printf '@@spark-models:index %s\t%s\n' "$index" "$(head -c 8000000 "$index" | base64 -w0)"
  done
  cd /
}
)sh";

bool startsWithMarker(const QString &line, const char *marker, QString *rest)
{
    const QLatin1String m(marker);
    if (!line.startsWith(m))
        return false;
    *rest = line.mid(m.size());
    return true;
}

} // namespace

bool HfCacheListing::isValidRoot(const QString &folder)
{
    if (folder.isEmpty() || folder.contains(QLatin1Char('\n')) || folder.contains(QLatin1Char('\t'))
        || folder.contains(QChar(0)) || folder.contains(QLatin1Char('\r')))
        return false;
    return folder.startsWith(QLatin1Char('/')) || folder == QLatin1String("~") || folder.startsWith(QLatin1String("~/"));
}

Expected<QString> HfCacheListing::script(const QStringList &extraRoots)
{
    QStringList words{QStringLiteral("\"${HF_HOME:-$HOME/.cache/huggingface}/hub\"")};
    for (const QString &folder : extraRoots) {
        if (!isValidRoot(folder))
            return Error(ListingText::tr("The model folder \"%1\" cannot be read: name a folder that starts with / or ~/, on one line.")
                             .arg(folder),
                         QStringLiteral("invalid cache root"));
        words.append(rootWord(folder));
    }
    QString script = QString::fromLatin1(listing);
    script += QStringLiteral("for root in %1; do (list_root \"$root\"); done\n").arg(words.join(QLatin1Char(' ')));
    script += QStringLiteral("printf '%1%s\\n' \"$(awk '/^MemTotal:/ {printf \"%.0f\", $2 * 1024}' /proc/meminfo)\"\n")
                  .arg(QLatin1String(memMarker));
    script += QStringLiteral("echo %1\n").arg(QLatin1String(endMarker));
    return script;
}

CacheListing HfCacheListing::parse(const QString &output)
{
    CacheListing listing;
    CacheRootListing *root = nullptr;
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        QString rest;
        if (line.isEmpty())
            continue;
        if (startsWithMarker(line, rootMarker, &rest)) {
            listing.roots.append(CacheRootListing{rest, true, -1, {}, {}, {}, {}});
            root = &listing.roots.last();
        } else if (line == QLatin1String(missingMarker)) {
            if (root)
                root->exists = false;
        } else if (startsWithMarker(line, memMarker, &rest)) {
            bool ok = false;
            const qint64 bytes = rest.trimmed().toLongLong(&ok);
            listing.memTotalBytes = ok && bytes > 0 ? bytes : -1;
        } else if (line == QLatin1String(endMarker)) {
            listing.finished = true;
        } else if (!root) {
            continue; // before the first root: nothing of ours
        } else if (startsWithMarker(line, freeMarker, &rest)) {
            bool ok = false;
            const qint64 bytes = rest.trimmed().toLongLong(&ok);
            root->freeBytes = ok ? bytes : -1;
        } else if (startsWithMarker(line, refMarker, &rest)) {
            const qsizetype tab = rest.indexOf(QLatin1Char('\t'));
            if (tab > 0)
                root->refs.insert(rest.left(tab), rest.mid(tab + 1).trimmed());
        } else if (startsWithMarker(line, indexMarker, &rest)) {
            const qsizetype tab = rest.indexOf(QLatin1Char('\t'));
            if (tab > 0)
                root->indexes.insert(rest.left(tab), QByteArray::fromBase64(rest.mid(tab + 1).toLatin1()));
        } else {
            const QStringList fields = line.split(QLatin1Char('\t'));
            bool ok = false;
            const qint64 bytes = fields.value(2).toLongLong(&ok);
            if (fields.size() != 5 || fields.at(0).size() != 1 || !ok) {
                root->unreadable.append(line);
                continue;
            }
            CacheEntry entry;
            const QChar type = fields.at(0).at(0);
            entry.type = type == u'f' ? CacheEntry::Type::File : type == u'l' ? CacheEntry::Type::Link
                                                                              : CacheEntry::Type::Other;
            entry.resolves = fields.at(1) != u"N" && fields.at(1) != u"L";
            entry.bytes = entry.type == CacheEntry::Type::File ? bytes : 0;
            entry.path = fields.at(3);
            entry.linkTarget = fields.at(4);
            root->entries.append(entry);
        }
    }
    return listing;
}

} // namespace spark
