// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/models/modelinventoryjob.h"
#include "core/models/modelmatrix.h"

#include <QFuture>
#include <QList>
#include <QPointer>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace spark::ui {

// The Models tab: every model in the registered Sparks' Hugging Face caches,
// one row per model and one column per Spark (complete, partial, missing),
// read when the person asks (each read is one read-only SSH exec per Spark).
class ModelsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelsPage)

public:
    // How the page reads the Sparks: a job on the Job contract (its progress
    // shown, deleted when its future ends) and its future. The default reads
    // them with ModelInventoryJob; a test gives recorded inventories.
    struct Reading
    {
        QFuture<QList<NodeModels>> future;
        Job *job = nullptr;
    };
    using Reader = std::function<Reading(const QList<Device> &devices, QObject *owner)>;

    explicit ModelsPage(QWidget *parent = nullptr);

    void setReader(Reader reader) { m_reader = std::move(reader); }
    void setDevices(const QList<Device> &devices);
    // Reads every registered Spark again.
    void read();
    const ModelMatrix &matrix() const { return m_matrix; }

private:
    void showInventory(const QList<NodeModels> &inventory);
    void showSelected();

    Reader m_reader;
    QList<Device> m_devices;
    ModelMatrix m_matrix;
    QPointer<Job> m_job;
    QLabel *m_status;
    QPushButton *m_read;
    QTableWidget *m_table;
    QLabel *m_detail;
};

} // namespace spark::ui
