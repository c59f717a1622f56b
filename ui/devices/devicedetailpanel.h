// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/facts/versionpolicy.h"

#include <QFuture>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace spark::ui {

class FindingsView;
class NodeFactsView;

// The selected Spark in detail: its facts, its readiness verdict with each
// finding, NVIDIA's update steps when an update is the fix, and "Check
// again". The probe and the verdict come from core (NodeProber, assessNode);
// this panel only shows them.
class DeviceDetailPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceDetailPanel)

public:
    // How the panel probes a device: NodeProber in the app, a fake in tests.
    using Prober = std::function<QFuture<Expected<NodeFacts>>(const Device &device)>;

    explicit DeviceDetailPanel(Prober prober, QWidget *parent = nullptr);

    // Shows the device and probes it.
    void setDevice(const Device &device);
    void clearDevice();
    const Device &device() const { return m_device; }
    // Lays the facts out for the width the panel is given (its scroll area's).
    void fitWidth(int width);

    // Shows what a probe returned (public so a finished update can show its fresh probe).
    void showResult(const Expected<NodeFacts> &facts);

public Q_SLOTS:
    void checkAgain();

Q_SIGNALS:
    // The person asked to run the documented update on this device.
    void updateRequested(const spark::Device &device);
    // The person asked for a support report on this device.
    void reportRequested(const spark::Device &device);
    // The person asked to forget this device on this computer.
    void removeRequested(const spark::Device &device);
    // The person asked for the device's actions (the tray's: connect,
    // terminal, editors, DGX Dashboard, tunnels), as a menu at `globalPosition`.
    void actionsRequested(const spark::Device &device, const QPoint &globalPosition);

private:
    Prober m_prober;
    Expected<VersionPolicy> m_policy;
    Device m_device;
    quint64 m_request = 0; // answers to an earlier request are dropped

    QLabel *m_name = nullptr;
    QLabel *m_address = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_checkAgain = nullptr;
    QPushButton *m_report = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_actions = nullptr;
    NodeFactsView *m_facts = nullptr;
    FindingsView *m_findings = nullptr;
    QWidget *m_update = nullptr;
    QLabel *m_updateText = nullptr;
};

} // namespace spark::ui
