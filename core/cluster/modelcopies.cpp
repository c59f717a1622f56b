// SPDX-License-Identifier: MIT
#include "core/cluster/modelcopies.h"

#include "core/cluster/clustersessions.h"
#include "core/common/runonthread.h"
#include "core/netconfig/clusterpreparer.h"

namespace spark {

namespace {
struct CopiesText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelCopyJob)
};
} // namespace

QFuture<ModelCopyResult> copyModelToCluster(ModelCopyJob &job, const QString &cluster, const QString &repoId,
                                            const QString &source, const QStringList &targets,
                                            const std::optional<ModelCopyRequest::Download> &download)
{
    return runOnThread([&job, cluster, repoId, source, targets, download] {
        ModelCopyResult result;
        result.repoId = repoId;
        job.sayPreparing(CopiesText::tr("Reading the cluster's cables…"));
        const auto sessions = ClusterSessions::open(cluster);
        if (!sessions) {
            result.error = sessions.error();
            return result;
        }
        const auto addresses = ClusterPreparer::planAddresses((*sessions)->cluster(), (*sessions)->targets());
        if (!addresses) {
            result.error = addresses.error();
            return result;
        }
        if (job.isCancelled()) {
            result.error = Error(CopiesText::tr("The copy was cancelled before anything was sent."));
            return result;
        }
        return job.copyNow(ModelCopyRequest{repoId, source, targets, (*sessions)->devices(), *addresses, download});
    });
}

} // namespace spark
