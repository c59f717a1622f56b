// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark {

class SshSession;

// Stops whatever is left of a run tag's tools on one node (LinkTestScripts::
// cleanup: TERM, then KILL) over the caller's session, after success, failure
// or cancel. Returns how many needed KILL, -1 when the node did not answer.
int stopTaggedTools(SshSession *session, const QString &tag);

} // namespace spark
