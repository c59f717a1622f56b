// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/modeldownload.h"

#include <QString>

#include <atomic>
#include <functional>

namespace spark {

class SshSession;

// Downloads a model on one node (ModelDownload's script over `session`) and
// waits for the client to end, or for `cancelled` (then the client is stopped
// and what it wrote whole stays, for the next download to go on from).
// `onBytes` hears how much the repository's blobs hold, about once a second.
NodeDownload downloadOnNode(SshSession &session, const QString &node, const QString &repoId, const QString &revision,
                            const QString &token, const std::atomic<bool> &cancelled,
                            const std::function<void(qint64 bytes, double seconds)> &onBytes);

} // namespace spark
