// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

namespace spark::ui {

class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    explicit AboutDialog(QWidget *parent = nullptr);
};

} // namespace spark::ui
