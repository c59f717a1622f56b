// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/finding.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QStringList>

namespace spark {

// The findings of a cluster's checks as a person reads them: what every Spark
// says alike once, the rest under the Spark it is about.
struct SharedFindings
{
    QList<Finding> onEverySpark;            // node empty, the name said as "each Spark"
    QMap<QString, QList<Finding>> perSpark; // node -> the findings only it has
    QList<Finding> clusterWide;             // findings about no one node
};

class FindingSharing
{
    Q_DECLARE_TR_FUNCTIONS(spark::FindingSharing)

public:
    // A finding is said once when every one of `nodes` (two or more) has one
    // with the same code, sentence and fix but for its own name.
    static SharedFindings group(const QList<Finding> &findings, const QStringList &nodes);
};

} // namespace spark
