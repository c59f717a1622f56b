// SPDX-License-Identifier: MIT
#include "ui/devices/supportreportdialog.h"

#include "core/common/whenready.h"
#include "core/devices/secretstore.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QUrl>
#include <QVBoxLayout>

#include <memory>

namespace spark::ui {

SupportReportDialog::SupportReportDialog(const Device &device, const QList<Device> &others, SecretStore &secrets,
                                         QWidget *parent)
    : QDialog(parent)
    , m_device(device)
    , m_others(others)
    , m_secrets(secrets)
{
    setObjectName(QStringLiteral("supportReportDialog"));
    setWindowTitle(tr("Save a report for support"));
    m_intro = new QLabel(tr("Spark Companion asks %1 what it sees and saves every answer, exactly as received, with "
                            "what Spark Companion concluded and its own log, in one file to send to support. "
                            "Nothing on the Spark is changed.\n\n"
                            "Left out: passwords, keys and the serial number. MAC addresses are replaced by a "
                            "stable code unless you keep them.")
                             .arg(device.name),
                         this);
    m_intro->setWordWrap(true);
    m_includeOthers = new QCheckBox(tr("Also ask the other registered devices (%n)", nullptr, int(others.size())), this);
    m_includeOthers->setObjectName(QStringLiteral("reportIncludeOthers"));
    m_includeOthers->setChecked(!others.isEmpty());
    m_includeOthers->setVisible(!others.isEmpty());
    m_keepMacs = new QCheckBox(tr("Keep MAC addresses as they are"), this);
    m_keepMacs->setObjectName(QStringLiteral("reportKeepMacs"));

    m_file = new QLabel(this);
    m_file->setObjectName(QStringLiteral("reportFile"));
    m_file->setWordWrap(true);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_change = new QPushButton(tr("Change…"), this);
    m_change->setObjectName(QStringLiteral("reportChangeFile"));
    connect(m_change, &QPushButton::clicked, this, &SupportReportDialog::chooseFile);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_change, 0, Qt::AlignTop);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("reportProgress"));
    m_progress->setRange(0, 100);
    m_progress->hide();
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("reportLog"));
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMinimumHeight(80);
    m_log->hide();
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("reportResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_save = m_buttons->addButton(tr("Save report"), QDialogButtonBox::AcceptRole);
    m_save->setObjectName(QStringLiteral("reportSave"));
    m_save->setDefault(true);
    m_openFolder = m_buttons->addButton(tr("Open folder"), QDialogButtonBox::ActionRole);
    m_openFolder->setObjectName(QStringLiteral("reportOpenFolder"));
    m_openFolder->hide();
    connect(m_save, &QPushButton::clicked, this, &SupportReportDialog::start);
    connect(m_openFolder, &QPushButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_path).absolutePath()));
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SupportReportDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_includeOthers);
    layout->addWidget(m_keepMacs);
    layout->addLayout(fileRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_result);
    layout->addWidget(m_buttons);
    // Wrapped labels over a log: never squeezed below what they need to stay apart.
    layout->setSizeConstraint(QLayout::SetMinimumSize);

    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QDir::homePath();
    setOutputPath(QDir(folder).filePath(ReportCollector::defaultFileName(QDateTime::currentDateTime())));
    resize(600, 380);
}

void SupportReportDialog::setOutputPath(const QString &path)
{
    m_path = path;
    m_file->setText(tr("Saved as: %1").arg(QDir::toNativeSeparators(path)));
}

void SupportReportDialog::chooseFile()
{
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Save the report as"), m_path,
                                                        tr("Report archives (*.tar)"));
    if (!chosen.isEmpty())
        setOutputPath(chosen);
}

void SupportReportDialog::reject()
{
    if (!m_running)
        QDialog::reject();
}

void SupportReportDialog::start()
{
    if (m_running)
        return;
    m_running = true;
    m_save->setEnabled(false);
    m_change->setEnabled(false);
    // What the report holds was said before Save; while it runs, the log has the room.
    m_intro->hide();
    m_includeOthers->hide();
    m_keepMacs->hide();
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(false);
    m_progress->setValue(0);
    m_progress->show();
    m_log->clear();
    m_log->show();
    m_result->hide();

    QList<Device> devices{m_device};
    if (m_includeOthers->isChecked())
        devices += m_others;
    // Each device's remembered sudo password (if any) reads its root-only
    // network settings; the report starts once the keychain answered for all.
    auto targets = std::make_shared<QList<SudoTarget>>(SudoTarget::all(devices));
    auto waiting = std::make_shared<int>(int(devices.size()));
    for (qsizetype i = 0; i < devices.size(); ++i) {
        whenReady(m_secrets.sudoPassword(devices.at(i).name), this, [this, targets, waiting, i](const Expected<QString> &remembered) {
            if (remembered && !remembered->isEmpty())
                (*targets)[i].sudo = SudoCredential(*remembered);
            if (--*waiting == 0)
                collect(*targets);
        });
    }
}

void SupportReportDialog::collect(const QList<SudoTarget> &targets)
{
    ReportOptions options;
    options.outputPath = m_path;
    options.keepMacs = m_keepMacs->isChecked();
    // The collector lives until its thread is done, whether or not the dialog
    // is still there; its sentences are queued to the dialog while it is.
    auto *collector = new ReportCollector;
    connect(collector, &Job::progress, this, &SupportReportDialog::showProgress, Qt::QueuedConnection);
    const QFuture<Expected<ReportSummary>> collected = collector->collect(targets, options);
    whenReady(collected, this, [this](const Expected<ReportSummary> &summary) { finish(summary); });
    const auto release = [collector] { delete collector; };
    whenReady(collected, QCoreApplication::instance(), [release](const Expected<ReportSummary> &) { release(); }, release);
}

void SupportReportDialog::showProgress(const JobProgress &progress)
{
    m_progress->setValue(int(progress.fraction * 100));
    m_log->appendPlainText(progress.sentence);
}

void SupportReportDialog::finish(const Expected<ReportSummary> &summary)
{
    m_running = false;
    m_buttons->button(QDialogButtonBox::Close)->setEnabled(true);
    m_progress->setValue(100);
    m_result->show();
    if (!summary) {
        m_result->setText(summary.error().message);
        m_save->setEnabled(true);
        m_change->setEnabled(true);
        m_intro->show();
        m_includeOthers->setVisible(!m_others.isEmpty());
        m_keepMacs->show();
        Q_EMIT finished(false);
        return;
    }
    QString text = tr("The report is saved as %1 (%2). Attach it to your message to support.")
                       .arg(QDir::toNativeSeparators(summary->path), QLocale().formattedDataSize(summary->bytes));
    if (!summary->unanswered.isEmpty()) {
        QStringList names; // why each did not answer is in the log above
        for (const QString &line : summary->unanswered)
            names.append(line.section(QStringLiteral(": "), 0, 0));
        text += QLatin1Char(' ') + tr("Not in it, as they did not answer: %1.").arg(names.join(QStringLiteral(", ")));
    }
    m_result->setText(text);
    m_openFolder->show();
    Q_EMIT finished(true);
}

} // namespace spark::ui
