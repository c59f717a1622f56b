// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/modelcopyjob.h"

#include <QFuture>
#include <QString>
#include <QStringList>

namespace spark {

// A model copied to a configured cluster (the named one, or the one planned
// last), as sparkctl's `model copy` and the Models tab start it: on the job's
// own thread the cluster's devices come from the registry, its CX-7
// addresses are planned as the link test plans them (every node read over
// SSH), and then `job` copies. An error for a cluster that cannot be opened
// or read comes back in the result, nothing copied.
// With `download`: when no node holds the model whole, it is downloaded on
// one node first (ModelCopyRequest::Download), then copied ("get").
QFuture<ModelCopyResult> copyModelToCluster(ModelCopyJob &job, const QString &cluster, const QString &repoId,
                                            const QString &source = {}, const QStringList &targets = {},
                                            const std::optional<ModelCopyRequest::Download> &download = std::nullopt);

} // namespace spark
