// SPDX-License-Identifier: MIT
#pragma once

#include "core/ssh/hostkey.h"

#include <QDialog>

namespace spark::ui {

// Trust on first use: shows the fingerprint of a device's host key so the
// person can compare it with the one the device shows, then accept or cancel.
class HostKeyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostKeyDialog)

public:
    HostKeyDialog(const QString &host, const HostKey &key, QWidget *parent = nullptr);
};

} // namespace spark::ui
