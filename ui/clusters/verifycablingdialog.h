// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/topology/cablingplan.h"
#include "core/topology/clusterdefinition.h"
#include "core/topology/discoveryrunner.h"

#include <QDialog>

class QLabel;
class QListWidget;

namespace spark::ui {

class NodeProgressList;
class ClusterBackend;

// "Verify the cabling" of a configured cluster, as `sparkctl cluster verify`
// does it: which port is cabled to which, against the plan, then when the
// cables match a few seconds of traffic over both twins of every cable (the
// quick check). Nothing on the Sparks is configured or changed. It runs as
// soon as it is shown; everything goes through the backend, off this thread.
class VerifyCablingDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerifyCablingDialog)

public:
    // The dialog owns `backend`.
    VerifyCablingDialog(const ClusterDefinition &cluster, const QList<Device> &devices, ClusterBackend *backend,
                        QWidget *parent = nullptr);

    QString outcome() const;
    QStringList lines() const; // the findings and each cable's verdict, as listed
    bool running() const { return m_running; }

Q_SIGNALS:
    void finishedChecking(bool passed);

private:
    void start();
    void discovered(const CablingPlan &plan, const DiscoveryReport &report);
    void probed(const CablingPlan &plan, const DiscoveryReport &report, const QList<NodeFacts> &facts);
    void addLine(const QString &text, bool ok);
    void finish(bool passed, const QString &sentence);

    ClusterDefinition m_cluster;
    QList<Device> m_devices;
    ClusterBackend *m_backend;
    NodeProgressList *m_progress;
    QListWidget *m_lines;
    QLabel *m_outcome;
    bool m_running = false;
};

} // namespace spark::ui
