// SPDX-License-Identifier: MIT
#include "core/linktest/runcomparison.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace spark {

namespace {

// Within this fraction a rate counts as unchanged: runs on the same cable differ a little.
constexpr double sameFraction = 0.05;

const LinkResult *findLink(const LinkTestRun &run, const QString &id)
{
    for (const LinkResult &link : run.links) {
        if (link.link == id)
            return &link;
    }
    return nullptr;
}

QString changeSentence(const LinkChange &change)
{
    if (!change.beforeGbps)
        return RunComparison::tr("%1 is new: %2 Gb/s, and the earlier run did not measure it.")
            .arg(change.label, LinkVerdict::formatGbps(*change.nowGbps));
    if (!change.nowGbps)
        return RunComparison::tr("%1 was measured before (%2 Gb/s) but not this time.")
            .arg(change.label, LinkVerdict::formatGbps(*change.beforeGbps));
    const double before = *change.beforeGbps;
    const double now = *change.nowGbps;
    const double fraction = before > 0 ? (now - before) / before : (now > 0 ? 1.0 : 0.0);
    const QString rates = RunComparison::tr("%1: %2 → %3 Gb/s").arg(change.label, LinkVerdict::formatGbps(before),
                                                                     LinkVerdict::formatGbps(now));
    const QString trend = std::abs(fraction) <= sameFraction
        ? RunComparison::tr("about the same")
        : QStringLiteral("%1%2 %").arg(fraction > 0 ? QStringLiteral("+") : QStringLiteral("−"),
                                       QString::number(std::round(std::abs(fraction) * 100), 'f', 0));
    if (*change.beforePass && !*change.nowPass)
        return RunComparison::tr("%1 (%2), and it now fails.").arg(rates, trend);
    if (!*change.beforePass && *change.nowPass)
        return RunComparison::tr("%1 (%2), and it passes again.").arg(rates, trend);
    return RunComparison::tr("%1 (%2).").arg(rates, trend);
}

} // namespace

bool LinkChange::isWorse() const
{
    if (!beforeGbps || !nowGbps)
        return false;
    if (beforePass.value_or(false) && !nowPass.value_or(false))
        return true;
    return *beforeGbps > 0 && (*beforeGbps - *nowGbps) / *beforeGbps > worseFraction;
}

bool RunComparison::anyWorse() const
{
    return std::any_of(links.cbegin(), links.cend(), [](const LinkChange &link) { return link.isWorse(); });
}

QString RunComparison::text() const
{
    QStringList lines{tr("Compared with the run of %1:").arg(QLocale().toString(before.toLocalTime(), QLocale::ShortFormat))};
    for (const LinkChange &link : links)
        lines.append(QStringLiteral("  ") + link.sentence);
    return lines.join(QLatin1Char('\n'));
}

RunComparison RunComparison::between(const LinkTestRun &before, const LinkTestRun &now)
{
    RunComparison comparison;
    comparison.before = before.started;
    comparison.now = now.started;
    auto add = [&comparison](const LinkResult *was, const LinkResult *is) {
        LinkChange change;
        change.link = (is ? is : was)->link;
        change.label = (is ? is : was)->label;
        if (was) {
            change.beforeGbps = was->slowestPortGbps();
            change.beforePass = was->verdict.pass;
        }
        if (is) {
            change.nowGbps = is->slowestPortGbps();
            change.nowPass = is->verdict.pass;
        }
        change.sentence = changeSentence(change);
        comparison.links.append(change);
    };
    for (const LinkResult &link : now.links)
        add(findLink(before, link.link), &link);
    for (const LinkResult &link : before.links) {
        if (!findLink(now, link.link))
            add(&link, nullptr);
    }
    return comparison;
}

} // namespace spark
