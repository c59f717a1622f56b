// SPDX-License-Identifier: MIT
#include "core/facts/dgxrelease.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace spark {

namespace {

QString unquote(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2
        && ((value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
            || (value.startsWith(QLatin1Char('\'')) && value.endsWith(QLatin1Char('\''))))) {
        value = value.mid(1, value.size() - 2);
    } else if (value.startsWith(QLatin1Char('"')) || value.startsWith(QLatin1Char('\''))) {
        return {}; // a quote never closed: the line was cut short, its value is unknown
    } else {
        // Unquoted: a trailing " # comment" is not part of the value.
        const qsizetype hash = value.indexOf(QLatin1String(" #"));
        if (hash >= 0)
            value.truncate(hash);
    }
    return value.trimmed();
}

// Month from its name or abbreviation in `date`'s common locales (English,
// German, French, Spanish, Italian: "Nov", "Mär", "avr.", "abr", "ott"), 0 if
// none. "mar" alone is Tuesday in French, Spanish and Italian ("mar.") as
// well as March: ambiguousMonth() says so, and the caller does not guess.
int monthFromName(const QString &word)
{
    static const QList<QStringList> names = {
        {QStringLiteral("jan"), QStringLiteral("ene"), QStringLiteral("gen")},
        {QStringLiteral("feb"), QStringLiteral("fév"), QStringLiteral("fev")},
        {QStringLiteral("mär"), QStringLiteral("mars"), QStringLiteral("marz"), QStringLiteral("march")},
        {QStringLiteral("apr"), QStringLiteral("avr"), QStringLiteral("abr")},
        {QStringLiteral("may"), QStringLiteral("mai"), QStringLiteral("mag")},
        {QStringLiteral("jun"), QStringLiteral("juin"), QStringLiteral("giu")},
        {QStringLiteral("jul"), QStringLiteral("juil"), QStringLiteral("lug")},
        {QStringLiteral("aug"), QStringLiteral("aoû"), QStringLiteral("ago")},
        {QStringLiteral("sep"), QStringLiteral("set")},
        {QStringLiteral("oct"), QStringLiteral("okt"), QStringLiteral("ott")},
        {QStringLiteral("nov")},
        {QStringLiteral("dec"), QStringLiteral("dez"), QStringLiteral("déc"), QStringLiteral("dic")}};
    const QString lower = word.toLower();
    for (int i = 0; i < names.size(); ++i) {
        for (const QString &name : names.at(i)) {
            if (lower.startsWith(name))
                return i + 1;
        }
    }
    return 0;
}

// "Mar"/"mar."/"mar": March in English, Spanish and Italian, Tuesday in
// French, Spanish and Italian.
bool ambiguousMonth(const QString &word)
{
    const QString lower = word.toLower();
    return lower == QLatin1String("mar") || lower == QLatin1String("mar.");
}

} // namespace

QString DgxRelease::version() const
{
    for (auto it = otaUpdates.crbegin(); it != otaUpdates.crend(); ++it) {
        if (!it->version.isEmpty())
            return it->version;
    }
    return swBuildVersion;
}

QString DgxRelease::versionDateText() const
{
    for (auto it = otaUpdates.crbegin(); it != otaUpdates.crend(); ++it) {
        if (!it->version.isEmpty())
            return it->date;
    }
    return swBuildDate;
}

QDate DgxRelease::versionDate() const
{
    return parseReleaseDate(versionDateText());
}

bool DgxRelease::isOemPlatform() const
{
    // NVIDIA's own units say "DGX Server for KVM" (or nothing); OEM GB10 boxes put their name here.
    return !platform.isEmpty() && !platform.contains(QLatin1String("DGX"), Qt::CaseInsensitive);
}

QString DgxRelease::platformDisplayName() const
{
    if (!present)
        return QCoreApplication::translate("spark::DgxRelease", "not a DGX system");
    if (isOemPlatform())
        return platform;
    return QCoreApplication::translate("spark::DgxRelease", "NVIDIA DGX Spark (Founders Edition)");
}

DgxRelease parseDgxRelease(const QString &text)
{
    DgxRelease release;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (QString line : lines) {
        line = line.trimmed();
        if (line.startsWith(QLatin1String("export ")))
            line = line.mid(7).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals <= 0)
            continue;
        const QString key = line.left(equals).trimmed();
        const QString value = unquote(line.mid(equals + 1));
        if (!key.startsWith(QLatin1String("DGX_")))
            continue;
        release.present = true;
        if (key == QLatin1String("DGX_NAME"))
            release.name = value;
        else if (key == QLatin1String("DGX_PRETTY_NAME"))
            release.prettyName = value;
        else if (key == QLatin1String("DGX_PLATFORM"))
            release.platform = value;
        else if (key == QLatin1String("DGX_SWBUILD_VERSION"))
            release.swBuildVersion = value;
        else if (key == QLatin1String("DGX_SWBUILD_DATE"))
            release.swBuildDate = value;
        else if (key == QLatin1String("DGX_COMMIT_ID"))
            release.commitId = value;
        else if (key == QLatin1String("DGX_OTA_VERSION"))
            release.otaUpdates.append({value, {}});
        else if (key == QLatin1String("DGX_OTA_DATE")) {
            // A date belongs to the version before it; a stray date starts its own entry.
            if (!release.otaUpdates.isEmpty() && release.otaUpdates.last().date.isEmpty())
                release.otaUpdates.last().date = value;
            else
                release.otaUpdates.append({{}, value});
        }
        // DGX_SERIAL_NUMBER and anything else: not kept.
    }
    return release;
}

QDate parseReleaseDate(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};

    // "2025-09-10-13-50-03", "2025-09-10", "2025-09-10T13:50:03Z", "2025/09/10"
    static const QRegularExpression iso(QStringLiteral("^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})(?:\\D|$)"));
    if (const auto m = iso.match(trimmed); m.hasMatch())
        return QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());

    // CJK locales: "2025年 11月 19日 星期三 17:05:30 CET"
    static const QRegularExpression cjk(QStringLiteral("(\\d{4})\\s*年\\s*(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*日"));
    if (const auto m = cjk.match(trimmed); m.hasMatch())
        return QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());

    // Words: a four-digit year, a month name and a day of 1–31 that is not part of a time.
    static const QRegularExpression year(QStringLiteral("(?:^|\\s)((?:19|20)\\d{2})(?:[\\s,]|$)"));
    const auto yearMatch = year.match(trimmed);
    if (!yearMatch.hasMatch())
        return {};
    int month = 0;
    int day = 0;
    int ambiguous = 0;
    static const QRegularExpression weekdayName(QStringLiteral(
        "^(mon|tue|wed|thu|fri|sat|sun|mo|di|mi|do|fr|sa|so|lun|mer|jeu|ven|sam|dim|mié|jue|vie|sáb|dom|gio|sab)\\.?,?$"),
        QRegularExpression::CaseInsensitiveOption);
    bool weekday = false;
    static const QRegularExpression token(QStringLiteral("[^\\s,]+"));
    auto tokens = token.globalMatch(trimmed);
    while (tokens.hasNext()) {
        const QString word = tokens.next().captured(0);
        weekday = weekday || weekdayName.match(word).hasMatch();
        if (word.contains(QLatin1Char(':')))
            continue; // a time
        QString digits = word;
        if (digits.endsWith(QLatin1Char('.')))
            digits.chop(1);
        bool isNumber = false;
        const int number = digits.toInt(&isNumber);
        if (isNumber) {
            if (day == 0 && number >= 1 && number <= 31 && digits.size() <= 2)
                day = number;
            continue;
        }
        if (word.size() < 3 || !word.at(0).isLetter())
            continue;
        if (ambiguousMonth(word))
            ++ambiguous;
        else if (month == 0)
            month = monthFromName(word);
    }
    // "mar" is March only where nothing else can be the month and a weekday
    // name stands beside it ("Tue Mar 17"); "mar 17 mar" could be either.
    if (month == 0 && ambiguous == 1 && weekday)
        month = 3;
    if (month == 0 || day == 0)
        return {};
    return QDate(yearMatch.captured(1).toInt(), month, day);
}

} // namespace spark
