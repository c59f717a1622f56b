// SPDX-License-Identifier: MIT
#include "ui/tray/devicemenu.h"

#include "core/tunnels/tunnelplanner.h"

#include <QFontMetrics>
#include <QPainter>

namespace spark::ui {

namespace {
constexpr int ProblemWidthPx = 360;

QIcon stateIcon(ConnectionState state, const QPalette &palette)
{
    QColor color = palette.color(QPalette::Disabled, QPalette::WindowText);
    if (state == ConnectionState::Connected)
        color = QColor(0x76, 0xb9, 0x00); // NVIDIA green
    else if (state == ConnectionState::Connecting)
        color = QColor(0xe0, 0xa0, 0x00);
    else if (state == ConnectionState::Failed)
        color = QColor(0xd0, 0x30, 0x30);
    QPixmap dot(12, 12);
    dot.fill(Qt::transparent);
    QPainter painter(&dot);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    return QIcon(dot);
}
} // namespace

DeviceMenu::DeviceMenu(QWidget *parent)
    : QMenu(parent)
{
}

QString DeviceMenu::stateText(ConnectionState state)
{
    switch (state) {
    case ConnectionState::Connected:
        return tr("Connected");
    case ConnectionState::Connecting:
        return tr("Connecting…");
    case ConnectionState::Failed:
        return tr("Connection failed");
    case ConnectionState::Disconnected:
        break;
    }
    return tr("Not connected");
}

QAction *DeviceMenu::addRequest(const QString &text, const QString &objectName, DeviceAction action,
                                const TunnelSpec &tunnel)
{
    QAction *item = addAction(text);
    item->setObjectName(objectName);
    connect(item, &QAction::triggered, this, [this, action, tunnel] { Q_EMIT requested(action, m_entry.name, tunnel); });
    return item;
}

void DeviceMenu::setEntry(const DeviceMenuEntry &entry)
{
    m_entry = entry;
    clear();
    setObjectName(QStringLiteral("deviceMenu-") + entry.name);
    setTitle(tr("%1 — %2").arg(entry.name, stateText(entry.state)));
    setIcon(stateIcon(entry.state, palette()));

    QAction *status = addAction(stateText(entry.state));
    status->setObjectName(QStringLiteral("deviceStatus"));
    status->setEnabled(false);
    if (!entry.problem.isEmpty()) {
        QAction *problem = addAction(fontMetrics().elidedText(entry.problem, Qt::ElideRight, ProblemWidthPx));
        problem->setObjectName(QStringLiteral("deviceProblem"));
        problem->setToolTip(entry.problem);
        problem->setEnabled(false);
    }
    if (entry.state == ConnectionState::Connected)
        addRequest(tr("Disconnect"), QStringLiteral("deviceDisconnect"), DeviceAction::Disconnect);
    else
        addRequest(tr("Connect"), QStringLiteral("deviceConnect"), DeviceAction::Connect)
            ->setEnabled(entry.state != ConnectionState::Connecting);

    addSeparator();
    addRequest(tr("Open DGX Dashboard"), QStringLiteral("deviceDashboard"), DeviceAction::Dashboard);
    addRequest(tr("Open Terminal"), QStringLiteral("deviceTerminal"), DeviceAction::Terminal);
    addRequest(entry.vsCodeInstalled ? tr("Open in VS Code") : tr("VS Code (not installed)"),
               QStringLiteral("deviceVsCode"), DeviceAction::VsCode)
        ->setEnabled(entry.vsCodeInstalled);
    addRequest(entry.cursorInstalled ? tr("Open in Cursor") : tr("Cursor (not installed)"),
               QStringLiteral("deviceCursor"), DeviceAction::Cursor)
        ->setEnabled(entry.cursorInstalled);

    // The user's ports, and any other open tunnel, each a check item: checked while open.
    QList<TunnelSpec> tunnels = entry.customTunnels;
    for (const TunnelSpec &open : entry.openTunnels) {
        const bool listed = std::any_of(tunnels.cbegin(), tunnels.cend(),
                                        [&open](const TunnelSpec &t) { return t.localPort == open.localPort; });
        if (!listed && open.localPort != TunnelPlanner::DashboardPort)
            tunnels.append(open);
    }
    if (!tunnels.isEmpty())
        addSeparator()->setText(tr("Ports"));
    for (const TunnelSpec &tunnel : std::as_const(tunnels)) {
        const bool isOpen = std::any_of(entry.openTunnels.cbegin(), entry.openTunnels.cend(),
                                        [&tunnel](const TunnelSpec &t) { return t.localPort == tunnel.localPort; });
        QAction *item = addRequest(tr("%1 (localhost:%2 → %3)").arg(tunnel.name).arg(tunnel.localPort).arg(tunnel.remotePort),
                                   QStringLiteral("deviceTunnel-%1").arg(tunnel.localPort),
                                   isOpen ? DeviceAction::CloseTunnel : DeviceAction::OpenTunnel, tunnel);
        item->setCheckable(true);
        item->setChecked(isOpen);
    }
}

} // namespace spark::ui
