// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/facts/updatesteps.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>

namespace spark {

// What the update is doing, for live output.
struct UpdateEvent
{
    enum class Kind {
        Step,    // a step starts; text is its title
        Output,  // one line the step's command printed
        Waiting, // the node is restarting; text says what we wait for
        Probing, // the node is back; the fresh probe starts
    };
    Kind kind = Kind::Step;
    QString node;
    QString text;
};

// Runs UpdateSteps::documented() on one node over SSH, one exec per step with
// the sudo password on stdin, then waits through the restart (the node stops
// answering, then answers again) and probes it afresh. The caller asks for
// the person's confirmation first: this changes the node.
class UpdateRunner
{
    Q_DECLARE_TR_FUNCTIONS(spark::UpdateRunner)

public:
    struct Timing
    {
        int stepTimeoutMs = 60 * 60 * 1000; // a dist-upgrade may download gigabytes
        int pollMs = 2000;
        int goneWithinMs = 3 * 60 * 1000;   // the node stops answering after `reboot`
        int backWithinMs = 15 * 60 * 1000;  // a firmware update makes the boot long
    };

    // Called on a worker thread; must be thread-safe.
    using Report = std::function<void(const UpdateEvent &event)>;

    // Blocks until the node is back and probed (call it off the GUI thread).
    // An error says which step failed and what was already done.
    //
    // `stop`, when given and set, stops the update between two steps, never in
    // one: a package manager or firmware tool stopped halfway could leave the
    // node half-updated. Then the error says which steps were done, and that
    // the update can be run again.
    static Expected<NodeFacts> run(const Device &device, const SudoCredential &sudo, const Report &report,
                                   const Timing &timing, const std::atomic_bool *stop = nullptr);
    static Expected<NodeFacts> run(const Device &device, const SudoCredential &sudo, const Report &report)
    {
        return run(device, sudo, report, Timing{});
    }
};

} // namespace spark
