// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

namespace spark::ui {

// What the main window shows before any Spark is registered: what the app is
// for and the one or two things to do next.
class EmptyStateWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmptyStateWidget)

public:
    explicit EmptyStateWidget(QWidget *parent = nullptr);

Q_SIGNALS:
    void addDeviceRequested();
    void setUpClusterRequested();
};

} // namespace spark::ui
