// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/ssh/hostkey.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

namespace spark {

// Called on the enrolment's own thread when a device shows a host key that
// known_hosts has never seen; returns true when the person accepted it. It may
// block (the GUI answers through a dialog, the CLI compares --accept-host-key).
using HostKeyApprover = std::function<bool(const HostKey &key)>;

// What a person types to add a device.
struct EnrolmentRequest
{
    Q_DECLARE_TR_FUNCTIONS(spark::EnrolmentRequest)

public:
    QString name;
    QString host;
    quint16 port = 22;
    QString user;
    QString password; // used for this enrolment only, then forgotten
    HostKeyApprover approveHostKey;
    int connectTimeoutMs = 10000;

    // One sentence for the first field that is wrong; nothing is contacted.
    Expected<void> validate() const;

    static Expected<void> validateName(const QString &name);
    static Expected<void> validateHost(const QString &host);
    static Expected<void> validateUser(const QString &user);
};

} // namespace spark
