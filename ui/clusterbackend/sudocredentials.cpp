// SPDX-License-Identifier: MIT
#include "ui/clusterbackend/sudocredentials.h"

#include "core/common/whenready.h"
#include "ui/clusterbackend/clusterbackend.h"

#include <QTimer>

#include <memory>

namespace spark::ui {

void gatherSudoTargets(ClusterBackend &backend, const QList<Device> &devices, const QString &typed, QObject *context,
                       std::function<void(const QList<SudoTarget> &)> then, std::function<void()> timedOut)
{
    if (!typed.isEmpty()) {
        then(SudoTarget::all(devices, typed));
        return;
    }
    auto nodes = std::make_shared<QList<SudoTarget>>(SudoTarget::all(devices));
    auto pending = std::make_shared<int>(int(devices.size()));
    if (devices.isEmpty()) {
        then(*nodes);
        return;
    }
    for (int i = 0; i < devices.size(); ++i) {
        whenReady(backend.rememberedSudoPassword(devices.at(i).name), context,
                  [nodes, pending, i, then](const Expected<QString> &remembered) {
                      if (*pending <= 0)
                          return; // timed out already
                      if (remembered)
                          (*nodes)[i].sudo = *remembered;
                      if (--*pending == 0)
                          then(*nodes);
                  });
    }
    QTimer::singleShot(KeychainTimeoutMs, context, [pending, timedOut = std::move(timedOut)] {
        if (*pending > 0) {
            *pending = -1;
            timedOut();
        }
    });
}

} // namespace spark::ui
