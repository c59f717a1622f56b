// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/models/modelcopyjob.h"
#include "core/models/modelremoval.h"
#include "core/models/modelverifyjob.h"
#include "core/models/modelinventoryjob.h"
#include "core/models/modelmatrix.h"
#include "core/topology/clusterdefinition.h"

#include <QFuture>
#include <QList>
#include <QPointer>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QPushButton;
class QLineEdit;
class QTableWidget;

namespace spark::ui {

class NodeProgressList;

// The Models tab: every model in the registered Sparks' Hugging Face caches,
// one row per model and one column per Spark (complete, partial, missing),
// read when the person asks (each read is one read-only SSH exec per Spark).
// The selected model can be copied to a configured cluster over its cables
// (core's copyModelToCluster), each Spark's progress shown as it goes; the
// Sparks are read again when the copy ends. A model no Spark holds is "got":
// downloaded once on one Spark by its own Hugging Face client, then copied.
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
    // How the page copies a model to a cluster: the same shape. The default
    // is a ModelCopyJob through copyModelToCluster.
    struct Copying
    {
        QFuture<ModelCopyResult> future;
        Job *job = nullptr;
    };
    // `download`: "get": when no Spark of the cluster holds the model whole,
    // it is downloaded on the first (with the kept Hugging Face token), then copied.
    using Copier = std::function<Copying(const QString &cluster, const QString &repoId, bool download, QObject *owner)>;
    // How the page checks a model on the Sparks (ModelVerifyJob) and removes
    // it from chosen ones (ModelRemover): the same shape.
    struct Verifying
    {
        QFuture<QList<NodeVerification>> future;
        Job *job = nullptr;
    };
    using Verifier = std::function<Verifying(const QList<Device> &devices, const QString &repoId, QObject *owner)>;
    struct Removing
    {
        QFuture<QList<NodeRemoval>> future;
        Job *job = nullptr;
    };
    using Remover = std::function<Removing(const QList<Device> &devices, const QString &repoId, QObject *owner)>;
    // Asked before a copy starts (the default: a question box); true goes on.
    using Confirm = std::function<bool(const QString &question)>;

    explicit ModelsPage(QWidget *parent = nullptr);

    void setReader(Reader reader) { m_reader = std::move(reader); }
    void setCopier(Copier copier) { m_copier = std::move(copier); }
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    void setVerifier(Verifier verifier) { m_verifier = std::move(verifier); }
    void setRemover(Remover remover) { m_remover = std::move(remover); }
    void setDevices(const QList<Device> &devices);
    // The configured clusters a model can be copied to, the default first.
    void setClusters(const QList<ClusterDefinition> &clusters);
    // Reads every registered Spark again.
    void read();
    const ModelMatrix &matrix() const { return m_matrix; }

private:
    void showInventory(const QList<NodeModels> &inventory);
    void showSelected();
    void copySelected();
    void getNamed();
    void startCopy(const QString &cluster, const QString &repoId, bool download);
    void askForToken();
    void verifySelected();
    void fillRemoveMenu();
    void removeSelectedFrom(const QStringList &nodes);
    // The Sparks read that hold the model, whole or partly.
    QStringList holdingNodes(const ModelRow &row) const;
    // The Sparks named, in the registry's order.
    QList<Device> devicesNamed(const QStringList &names) const;
    // Shows a long action's progress per Spark until its future ends.
    void follow(Job *job, const QStringList &nodes, const QString &cancelText);
    void finishAction();
    void showCopied(const ModelCopyResult &result);
    void updateActions();
    // The model the table's selection is on; nullptr when none is.
    const ModelRow *selectedRow() const;

    Reader m_reader;
    Copier m_copier;
    Confirm m_confirm;
    Verifier m_verifier;
    Remover m_remover;
    QList<NodeModels> m_inventory;
    QList<Device> m_devices;
    QList<ClusterDefinition> m_clusters;
    ModelMatrix m_matrix;
    QPointer<Job> m_job;
    QPointer<Job> m_copyJob;
    QLabel *m_status;
    QPushButton *m_read;
    QComboBox *m_cluster;
    QPushButton *m_copy;
    QPushButton *m_verify;
    QPushButton *m_remove;
    QPushButton *m_cancel;
    QLineEdit *m_getId;
    QPushButton *m_get;
    QPushButton *m_token;
    NodeProgressList *m_progress;
    QTableWidget *m_table;
    QLabel *m_detail;
};

} // namespace spark::ui
