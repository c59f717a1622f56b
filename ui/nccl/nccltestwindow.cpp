// SPDX-License-Identifier: MIT
#include "ui/nccl/nccltestwindow.h"

#include <QCloseEvent>
#include <QVBoxLayout>

namespace spark::ui {

NcclTestWindow::NcclTestWindow(const QString &cluster, JobSource jobs, const QString &historyPath, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_panel(new NcclTestPanel(cluster, std::move(jobs), historyPath, NcclTestPanel::EarlierRuns::Listed, this))
{
    setObjectName(QStringLiteral("ncclTestWindow"));
    setWindowTitle(tr("NCCL test — %1").arg(cluster));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_panel);
    resize(900, 620);
}

void NcclTestWindow::closeEvent(QCloseEvent *event)
{
    if (m_panel->isRunning())
        m_panel->cancel();
    QWidget::closeEvent(event);
}

} // namespace spark::ui
