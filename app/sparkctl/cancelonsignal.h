// SPDX-License-Identifier: MIT
#pragma once

namespace sparkctl {

// While alive, Ctrl-C and SIGTERM call the runner's cancel() (an atomic store:
// safe in a signal handler) instead of ending the process, so the runner can
// clean up the nodes and return; the earlier handlers come back when it goes.
// For commands that block on a runner on the main thread (no event loop).
class CancelOnSignal
{
public:
    template<typename Runner>
    explicit CancelOnSignal(Runner &runner)
        : CancelOnSignal(&runner, [](void *target) { static_cast<Runner *>(target)->cancel(); })
    {
    }
    ~CancelOnSignal();
    CancelOnSignal(const CancelOnSignal &) = delete;
    CancelOnSignal &operator=(const CancelOnSignal &) = delete;

    // A signal arrived since the guard was made.
    static bool interrupted();

private:
    CancelOnSignal(void *target, void (*cancel)(void *));

    using Handler = void (*)(int);
    Handler m_previousInt;
    Handler m_previousTerm;
};

} // namespace sparkctl
