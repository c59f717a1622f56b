// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"
#include "core/devices/deviceenroller.h"

namespace spark {

// Adding a device (DeviceEnroller) on the Job contract: every step's sentence
// as a progress, in order (a future's progress text is throttled by Qt and
// would drop some), and cancel() stopping at the next step and undoing what
// was done; the result is then the error saying nothing was changed. The
// job must outlive the future it returned.
class EnrolmentJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EnrolmentJob)

public:
    explicit EnrolmentJob(DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults(), QObject *parent = nullptr);

    QFuture<Expected<EnrolmentResult>> enrol(EnrolmentRequest request);
    // Registers an existing ~/.ssh/config alias that already logs in with a key.
    QFuture<Expected<EnrolmentResult>> importAlias(const QString &alias, const QString &name,
                                                   HostKeyApprover approveHostKey);

private:
    DeviceEnroller::Progress reporting();

    DeviceEnroller m_enroller;
};

} // namespace spark
