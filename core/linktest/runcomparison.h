// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linktestrun.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

// How one link did in an earlier run and now, by its slowest port total.
struct LinkChange
{
    QString link;  // the link's stable id
    QString label; // "cable 2"
    std::optional<double> beforeGbps; // none: the link was not in the earlier run
    std::optional<double> nowGbps;    // none: the link is not in this run
    std::optional<bool> beforePass;
    std::optional<bool> nowPass;
    QString sentence; // "cable 2: 1.90 → 0.95 Gb/s (−50 %), and it now fails."

    // Passed before and fails now, or lost more than `worseFraction` of its rate.
    bool isWorse() const;
    static constexpr double worseFraction = 0.10;
};

// Today's run against an earlier one of the same cluster ("compare today's
// run with last week's"): every link of either run, in this run's order.
struct RunComparison
{
    Q_DECLARE_TR_FUNCTIONS(spark::RunComparison)

public:
    QDateTime before;
    QDateTime now;
    QList<LinkChange> links;

    bool anyWorse() const;
    // One heading line, then one line per link.
    QString text() const;

    static RunComparison between(const LinkTestRun &before, const LinkTestRun &now);
};

} // namespace spark
