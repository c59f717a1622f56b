// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/report/reportcollector.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace spark {
class SecretStore;
}

namespace spark::ui {

// "Save a report for support…": says what is collected and what is left
// out, then runs ReportCollector and shows each sentence it reports; at the
// end, where the file is. Nothing on any node is changed.
class SupportReportDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SupportReportDialog)

public:
    // `device` first; `others` are the rest of the registry, offered with a checkbox.
    SupportReportDialog(const Device &device, const QList<Device> &others, SecretStore &secrets, QWidget *parent = nullptr);

    QString outputPath() const { return m_path; }
    void setOutputPath(const QString &path);

    void reject() override; // not while the nodes are being asked

public Q_SLOTS:
    void start();

Q_SIGNALS:
    void finished(bool saved);

private:
    void chooseFile();
    void collect(const QList<spark::SudoTarget> &targets);
    void showProgress(const spark::JobProgress &progress);
    void finish(const spark::Expected<spark::ReportSummary> &summary);

    Device m_device;
    QList<Device> m_others;
    SecretStore &m_secrets;
    QString m_path;
    bool m_running = false;
    QLabel *m_intro = nullptr;
    QCheckBox *m_includeOthers = nullptr;
    QCheckBox *m_keepMacs = nullptr;
    QLabel *m_file = nullptr;
    QPushButton *m_change = nullptr;
    QProgressBar *m_progress = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QLabel *m_result = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_openFolder = nullptr;
};

} // namespace spark::ui
