// SPDX-License-Identifier: MIT
#include "ui/clusters/clusteractions.h"

#include "core/cluster/clustersessions.h"
#include "core/common/whenready.h"
#include "core/devices/deviceregistry.h"
#include "ui/clusters/rollbackdialog.h"
#include "ui/clusters/verifycablingdialog.h"
#include "core/common/runfile.h"
#include "ui/clusterbackend/liveclusterbackend.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

#include <memory>

namespace spark::ui {

ClusterActions::ClusterActions(const DeviceRegistry &registry, ClusterRemoval::Files files, QWidget *window)
    : QObject(window)
    , m_registry(registry)
    , m_files(std::move(files))
    , m_window(window)
    , m_backends([] { return new LiveClusterBackend; })
{
}

Expected<ClusterDefinition> ClusterActions::find(const QString &cluster) const
{
    ClusterStore store(m_files.clusters);
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    return store.resolve(cluster);
}

bool ClusterActions::withDevices(const QString &cluster, const QString &title,
                                 const std::function<void(const ClusterDefinition &, const QList<Device> &)> &then)
{
    const auto definition = find(cluster);
    const auto devices = definition ? ClusterSessions::devicesOf(*definition, m_registry)
                                    : Expected<QList<Device>>(definition.error());
    if (!devices) {
        QMessageBox::warning(m_window, title, devices.error().message);
        return false;
    }
    then(*definition, *devices);
    return true;
}

void ClusterActions::verify(const QString &cluster)
{
    withDevices(cluster, tr("Verify the cabling"), [this](const ClusterDefinition &definition, const QList<Device> &devices) {
        auto *dialog = new VerifyCablingDialog(definition, devices, m_backends(), m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
}

void ClusterActions::rollback(const QString &cluster)
{
    withDevices(cluster, tr("Roll back"), [this](const ClusterDefinition &definition, const QList<Device> &devices) {
        auto *dialog = new RollbackDialog(definition, devices, m_backends(), m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
}

void ClusterActions::exportFile(ClusterExport::Format format, const QString &cluster)
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export %1").arg(cluster),
                                                      QDir::home().filePath(ClusterExport::fileName(format)));
    if (!path.isEmpty())
        exportTo(format, cluster, path);
}

void ClusterActions::exportTo(ClusterExport::Format format, const QString &cluster, const QString &path)
{
    const auto definition = find(cluster);
    auto sessions = definition ? ClusterSessions::open(*definition, m_registry)
                               : Expected<std::unique_ptr<ClusterSessions>>(definition.error());
    if (!sessions) {
        Q_EMIT said(sessions.error().message);
        return;
    }
    if (ClusterExport::readsNodes(format))
        Q_EMIT said(tr("Reading the Sparks of %1 for the export…").arg(cluster));
    const QString name = QFileInfo(path).fileName();
    whenReady(ClusterExport::run(format, std::shared_ptr<ClusterSessions>(std::move(*sessions))), this,
              [this, path, name](const Expected<ClusterExport::File> &file) {
                  if (!file) {
                      Q_EMIT said(file.error().message);
                      return;
                  }
                  const Expected<void> saved = saveTextFile(path, file->text.toUtf8());
                  if (!saved)
                      Q_EMIT said(saved.error().message);
                  else
                      Q_EMIT said(file->warning.isEmpty() ? tr("Saved %1.").arg(name)
                                                          : tr("Saved %1. %2").arg(name, file->warning));
              });
}

void ClusterActions::remove(const QString &cluster)
{
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete the cluster"),
                                tr("Delete the cluster %1 from this computer?").arg(cluster), QMessageBox::NoButton,
                                m_window);
    box->setObjectName(QStringLiteral("confirmDeleteCluster"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(
        tr("It leaves the app's list of clusters and sparkctl's, and its kept link-test and NCCL results are deleted "
           "with it; its Sparks stay registered. Nothing on the Sparks changes: the ConnectX-7 addresses the set-up "
           "gave them stay until the cluster is rolled back, and rolling back needs the cluster, so roll back first "
           "to undo them."));
    QPushButton *remove = box->addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("confirmDelete"));
    box->addButton(QMessageBox::Cancel)->setObjectName(QStringLiteral("confirmCancel"));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, remove, cluster] {
        if (box->clickedButton() != remove)
            return;
        const Expected<void> removed = ClusterRemoval::remove(cluster, m_files);
        Q_EMIT said(removed ? tr("Deleted the cluster %1.").arg(cluster) : removed.error().message);
        if (removed)
            Q_EMIT clustersChanged();
    });
    box->open();
}

} // namespace spark::ui
