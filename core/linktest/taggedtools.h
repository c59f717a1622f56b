// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

namespace spark {

class SshSession;

// Stops whatever is left of a run tag's tools on one node (LinkTestScripts::
// cleanup: TERM, then KILL) over the caller's session, after success, failure
// or cancel. Returns how many needed KILL, -1 when the node did not answer.
int stopTaggedTools(SshSession *session, const QString &tag);

// How a tool run with runTaggedTool ended.
struct TaggedToolEnd
{
    bool cancelled = false;
    std::optional<int> exitCode; // the tool's, when it ended by itself
};

// Runs one long tool on a node under a fresh run tag (LinkTestScripts::
// parallel), hands each of its output lines to `onLine` as it arrives (on the
// session's thread) and waits for it, or for `cancelled`; then stops whatever
// of it is left. An error when the node could not be asked. `standardInput`
// is the tool's (a secret it reads, never on its command line).
Expected<TaggedToolEnd> runTaggedTool(SshSession *session, const QStringList &command,
                                      const std::function<void(const QString &line)> &onLine,
                                      const std::atomic<bool> &cancelled, const QByteArray &standardInput = {});

} // namespace spark
