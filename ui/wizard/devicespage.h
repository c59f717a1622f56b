// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"

#include <QHash>
#include <QWizardPage>

class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace spark::ui {

class SetupState;

// The wizard's Devices page: the cluster's name, and the registered Sparks to
// use, ticked and put in order (the first is Spark 1); "Add a Spark…" opens
// the enrolment dialog. Each device's live status is shown as it answers.
class DevicesPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DevicesPage)

public:
    enum Column { NameColumn, PositionColumn, AddressColumn, StatusColumn };

    explicit DevicesPage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // Ticks exactly these devices, in this order (for tests and resuming).
    void choose(const QStringList &names);
    QStringList chosen() const;
    // "online", "offline: why" or "checking", as shown.
    QString statusText(const QString &device) const;

public Q_SLOTS:
    void reload();
    void checkStatus();
    void openAddDevice();

private:
    void move(int delta);
    void updateSummary();
    QTreeWidgetItem *itemFor(const QString &name) const;

    SetupState *m_state;
    QLineEdit *m_name;
    QLabel *m_nameError;
    QTreeWidget *m_list;
    QPushButton *m_up;
    QPushButton *m_down;
    QLabel *m_summary;
    QList<Device> m_devices;
    QHash<QString, bool> m_online; // absent: still checking
    quint64 m_generation = 0;
};

} // namespace spark::ui
