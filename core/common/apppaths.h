// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark::AppPaths {

// The folder that holds the device registry, clusters and the app's SSH key.
// Follows QStandardPaths, so XDG_CONFIG_HOME and HOME overrides are honoured.
QString configDir();

// The user's OpenSSH folder (~/.ssh), honouring HOME.
QString sshDir();

} // namespace spark::AppPaths
