// SPDX-License-Identifier: MIT
#pragma once

namespace spark {

// libssh2_init exactly once per process. Call it from the main thread before
// the first session (both programs' main functions do); later calls are no-ops.
void ensureSshLibraryInitialised();

} // namespace spark
