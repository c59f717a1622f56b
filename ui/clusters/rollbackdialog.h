// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/topology/clusterdefinition.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace spark::ui {

class NodeProgressList;
class ClusterBackend;

// "Roll back" a configured cluster, as `sparkctl cluster rollback` does: it
// says first what changes (every Spark back on its network settings from
// before the first apply) and asks; the sudo password typed here, else each
// Spark's remembered one; then every Spark's progress and the outcome.
class RollbackDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RollbackDialog)

public:
    // The dialog owns `backend`.
    RollbackDialog(const ClusterDefinition &cluster, const QList<Device> &devices, ClusterBackend *backend,
                   QWidget *parent = nullptr);

    QString outcome() const;
    bool running() const { return m_running; }
    // What the Roll back button does.
    void rollBack();

Q_SIGNALS:
    void rolledBack(bool succeeded);

private:
    void done(const QString &sentence, bool succeeded);

    ClusterDefinition m_cluster;
    QList<Device> m_devices;
    ClusterBackend *m_backend;
    QLineEdit *m_password;
    NodeProgressList *m_progress;
    QLabel *m_outcome;
    QPushButton *m_start;
    QPushButton *m_close;
    bool m_running = false;
};

} // namespace spark::ui
