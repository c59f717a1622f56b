// SPDX-License-Identifier: MIT
#pragma once

namespace spark {

// libssh2_init exactly once per process. Call it from the main thread before
// the first session (both programs' main functions do); later calls are no-ops.
void ensureSshLibraryInitialised();

// Frees what OpenSSL (libssh2's crypto) keeps for the calling thread: its
// random generators and error state. Call it as a thread that ran libssh2
// ends; left to OpenSSL's own thread-exit hook, the freeing can still be
// running when the process exits, and the state is lost half freed.
void releaseSshThreadState();

} // namespace spark
