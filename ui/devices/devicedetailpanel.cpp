// SPDX-License-Identifier: MIT
#include "ui/devices/devicedetailpanel.h"

#include "core/common/whenready.h"
#include "core/facts/readiness.h"
#include "core/facts/updateguide.h"
#include "ui/devices/findingsview.h"
#include "ui/devices/nodefactsview.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTime>
#include <QVBoxLayout>

namespace spark::ui {

DeviceDetailPanel::DeviceDetailPanel(Prober prober, QWidget *parent)
    : QWidget(parent)
    , m_prober(std::move(prober))
    , m_policy(VersionPolicy::load())
    , m_name(new QLabel(this))
    , m_address(new QLabel(this))
    , m_status(new QLabel(this))
    , m_checkAgain(new QPushButton(tr("Check again"), this))
    , m_facts(new NodeFactsView(this))
    , m_findings(new FindingsView(this))
{
    setObjectName(QStringLiteral("deviceDetailPanel"));
    m_name->setObjectName(QStringLiteral("detailName"));
    QFont heading = m_name->font();
    heading.setPointSizeF(heading.pointSizeF() * 1.3);
    heading.setBold(true);
    m_name->setFont(heading);
    m_address->setObjectName(QStringLiteral("detailAddress"));
    m_address->setForegroundRole(QPalette::PlaceholderText);
    m_status->setObjectName(QStringLiteral("detailStatus"));
    m_status->setWordWrap(true);
    m_checkAgain->setObjectName(QStringLiteral("detailCheckAgain"));
    m_checkAgain->setIcon(QIcon::fromTheme(QStringLiteral("view-refresh")));
    connect(m_checkAgain, &QPushButton::clicked, this, &DeviceDetailPanel::checkAgain);

    auto *update = new QGroupBox(tr("Update"), this);
    update->setObjectName(QStringLiteral("detailUpdate"));
    m_update = update;
    m_updateText = new QLabel(update);
    m_updateText->setObjectName(QStringLiteral("detailUpdateText"));
    m_updateText->setWordWrap(true);
    m_updateText->setTextFormat(Qt::PlainText);
    m_updateText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *runUpdate = new QPushButton(tr("Update and restart…"), update);
    runUpdate->setObjectName(QStringLiteral("detailRunUpdate"));
    connect(runUpdate, &QPushButton::clicked, this, [this] { Q_EMIT updateRequested(m_device); });
    auto *updateLayout = new QVBoxLayout(update);
    updateLayout->addWidget(m_updateText);
    updateLayout->addWidget(runUpdate, 0, Qt::AlignLeft);

    m_report = new QPushButton(tr("Save a report for support…"), this);
    m_report->setObjectName(QStringLiteral("detailSaveReport"));
    m_report->setIcon(QIcon::fromTheme(QStringLiteral("document-save")));
    m_report->setToolTip(tr("Everything this Spark says about itself, in one file for support; "
                            "passwords, keys and the serial number are left out."));
    connect(m_report, &QPushButton::clicked, this, [this] { Q_EMIT reportRequested(m_device); });
    m_remove = new QPushButton(tr("Remove…"), this);
    m_remove->setObjectName(QStringLiteral("detailRemove"));
    m_remove->setIcon(QIcon::fromTheme(QStringLiteral("list-remove")));
    m_remove->setToolTip(tr("Forget this Spark on this computer; nothing on the Spark changes."));
    connect(m_remove, &QPushButton::clicked, this, [this] { Q_EMIT removeRequested(m_device); });
    m_actions = new QPushButton(tr("&Actions"), this);
    m_actions->setObjectName(QStringLiteral("detailActions"));
    m_actions->setIcon(QIcon::fromTheme(QStringLiteral("open-menu-symbolic"), QIcon::fromTheme(QStringLiteral("application-menu"))));
    m_actions->setToolTip(tr("Connect, open a terminal, VS Code, Cursor or the DGX Dashboard, forward a port: "
                             "what the tray offers for this Spark."));
    connect(m_actions, &QPushButton::clicked, this, [this] {
        Q_EMIT actionsRequested(m_device, m_actions->mapToGlobal(QPoint(0, m_actions->height())));
    });

    auto *title = new QVBoxLayout;
    title->setSpacing(0);
    title->addWidget(m_name);
    title->addWidget(m_address);
    auto *top = new QHBoxLayout;
    top->addLayout(title, 1);
    top->addWidget(m_checkAgain, 0, Qt::AlignTop);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_findings);
    layout->addWidget(m_update);
    layout->addWidget(m_facts);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_actions);
    actions->addWidget(m_report);
    actions->addWidget(m_remove);
    actions->addStretch(1);
    layout->addLayout(actions);
    layout->addStretch(1);
    clearDevice();
}

void DeviceDetailPanel::fitWidth(int width)
{
    m_facts->setWide(width >= 820);
}

void DeviceDetailPanel::clearDevice()
{
    ++m_request;
    m_device = Device();
    m_name->setText(tr("No Spark selected"));
    m_address->clear();
    m_status->setText(tr("Select a Spark in the list to see its hardware, software and readiness for a cluster."));
    m_checkAgain->setEnabled(false);
    m_report->setEnabled(false);
    m_remove->setEnabled(false);
    m_actions->setEnabled(false);
    m_facts->clear();
    m_facts->hide();
    m_findings->clear();
    m_update->hide();
}

void DeviceDetailPanel::setDevice(const Device &device)
{
    clearDevice();
    m_device = device;
    m_name->setText(device.name);
    m_address->setText(device.user.isEmpty() ? device.host : device.user + QLatin1Char('@') + device.host);
    m_report->setEnabled(true); // a Spark that does not answer is worth a report too
    m_remove->setEnabled(true);
    m_actions->setEnabled(true);
    m_facts->show();
    checkAgain();
}

void DeviceDetailPanel::checkAgain()
{
    if (m_device.name.isEmpty())
        return;
    const quint64 request = ++m_request;
    m_checkAgain->setEnabled(false);
    m_status->setText(tr("Checking %1…").arg(m_device.name));
    whenReady(m_prober(m_device), this, [this, request](const Expected<NodeFacts> &facts) {
        if (request == m_request)
            showResult(facts);
    });
}

void DeviceDetailPanel::showResult(const Expected<NodeFacts> &facts)
{
    m_checkAgain->setEnabled(!m_device.name.isEmpty());
    m_findings->clear();
    m_update->hide();
    if (!facts) {
        m_facts->clear();
        m_status->setText(facts.error().message);
        return;
    }
    m_facts->setFacts(*facts);
    if (!m_policy) {
        m_status->setText(m_policy.error().message);
        return;
    }
    m_status->setText(tr("Checked at %1.").arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
    const QList<Finding> findings = assessNode(*facts, *m_policy);
    m_findings->setFindings(findings);
    if (!UpdateGuide::nodesToUpdate(findings, {m_device.name}).isEmpty()) {
        const QString alias = m_device.sshAlias.isEmpty() ? m_device.user + QLatin1Char('@') + m_device.host
                                                         : m_device.sshAlias;
        m_updateText->setText(UpdateGuide::forNode(*m_policy, alias).text());
        m_update->show();
    }
}

} // namespace spark::ui
