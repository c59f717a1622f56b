// SPDX-License-Identifier: MIT
#include "core/devices/enrolmentjob.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"

namespace spark {

EnrolmentJob::EnrolmentJob(DeviceEnroller::Paths paths, QObject *parent)
    : Job(lcDevices, parent)
    , m_enroller(std::move(paths))
{
}

DeviceEnroller::Progress EnrolmentJob::reporting()
{
    return [this](int percent, const QString &text) {
        reportProgress(percent / 100.0, text);
        return !isCancelled();
    };
}

QFuture<Expected<EnrolmentResult>> EnrolmentJob::enrol(EnrolmentRequest request)
{
    return runOnThread([this, request = std::move(request)]() mutable {
        return m_enroller.enrolBlocking(std::move(request), reporting());
    });
}

QFuture<Expected<EnrolmentResult>> EnrolmentJob::importAlias(const QString &alias, const QString &name,
                                                             HostKeyApprover approveHostKey)
{
    return runOnThread([this, alias, name, approve = std::move(approveHostKey)] {
        return m_enroller.importBlocking(alias, name, approve, reporting());
    });
}

} // namespace spark
