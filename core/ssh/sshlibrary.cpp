// SPDX-License-Identifier: MIT
#include "core/ssh/sshlibrary.h"

#include <libssh2.h>
#include <openssl/crypto.h>

#include <mutex>

namespace spark {

void ensureSshLibraryInitialised()
{
    static std::once_flag once;
    // No libssh2_exit: sessions may still be closing while static objects go away.
    std::call_once(once, [] { libssh2_init(0); });
}

void releaseSshThreadState()
{
    OPENSSL_thread_stop();
}

} // namespace spark
