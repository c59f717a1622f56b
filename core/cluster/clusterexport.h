// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace spark {

class ClusterSessions;

// The files a configured cluster exports, for `sparkctl cluster export` and
// the window's Export alike: an MPI hostfile, the NCCL environment, an
// Ansible inventory, NVIDIA's vLLM commands.
class ClusterExport
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterExport)

public:
    enum class Format { Hostfile, NcclEnv, Ansible, Vllm };

    struct File
    {
        QString text;
        QString warning; // what was left out and why (empty: nothing)
    };

    static QList<Format> formats();
    static QString key(Format format); // "hostfile", "nccl-env", "ansible", "vllm"
    static std::optional<Format> fromKey(const QString &key);
    static QString fileName(Format format); // what a save dialog suggests: "hostfile", "nccl-env.sh", …
    // Only the hostfile is written from the registry alone; the others read the nodes.
    static bool readsNodes(Format format) { return format != Format::Hostfile; }

    // Pure: the file from the cluster, its devices and what the nodes said
    // (their facts, or why they could not be read).
    static Expected<File> build(Format format, const ClusterDefinition &cluster, const QList<Device> &devices,
                                const Expected<QList<NodeFacts>> &facts);
    // Blocking: reads the nodes over their sessions when the format needs them
    // (no sudo), then build().
    static Expected<File> readAndBuild(Format format, ClusterSessions &nodes);
    // The same on a thread of its own; the sessions live as long as it runs.
    static QFuture<Expected<File>> run(Format format, std::shared_ptr<ClusterSessions> nodes);
};

} // namespace spark
