// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/nodefacts.h"
#include "core/devices/updaterunner.h"

#include <QObject>

namespace spark::ui {

// Carries UpdateRunner's events from its thread to the update dialog; the
// queued connections drop them if the dialog is gone.
class UpdateRelay final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UpdateRelay)

public:
    using QObject::QObject;

Q_SIGNALS:
    void progress(const spark::UpdateEvent &event);
    void finished(const spark::Expected<spark::NodeFacts> &facts);
};

} // namespace spark::ui
