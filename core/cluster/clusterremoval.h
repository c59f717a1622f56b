// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QString>

namespace spark {

// Deleting a configured cluster on this computer, for the window and
// sparkctl alike: its entry in clusters.json and its kept link-test and NCCL
// runs go. Nothing on the Sparks changes: the addresses an apply gave them
// stay until the cluster is rolled back (which needs the cluster, so roll
// back first to undo them).
class ClusterRemoval
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterRemoval)

public:
    struct Files
    {
        QString clusters;
        QString linkTests;
        QString ncclTests;
        static Files defaults();
    };

    // An error, with what to do, when there is no such cluster or a file
    // cannot be read or written; the cluster list is written last, so a
    // failure leaves the cluster listed.
    static Expected<void> remove(const QString &name, const Files &files = Files::defaults());
};

} // namespace spark
