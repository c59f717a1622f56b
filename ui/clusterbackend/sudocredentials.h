// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/devices/sudotarget.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

namespace spark::ui {

class ClusterBackend;

// How long the keychain may take before the person is asked to type the password.
constexpr int KeychainTimeoutMs = 15000;

// Each device's sudo credential for a root step: the typed password for all
// of them, else each one's remembered password (none where none is: sudo
// then has to need none). `then` runs once on `context`'s thread; a keychain
// that has not answered within KeychainTimeoutMs (locked, its prompt unseen)
// gets `timedOut` instead.
void gatherSudoTargets(ClusterBackend &backend, const QList<Device> &devices, const QString &typed, QObject *context,
                       std::function<void(const QList<SudoTarget> &)> then, std::function<void()> timedOut);

} // namespace spark::ui
