// SPDX-License-Identifier: MIT
#include "ui/devices/nodefactsview.h"

#include "core/hardware/cx7.h"
#include "core/facts/nodefacts.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QBoxLayout>
#include <QLabel>
#include <QLocale>

namespace spark::ui {

namespace {

constexpr int portColumns = 7;

QString orDash(const QString &text)
{
    return text.isEmpty() ? QStringLiteral("—") : text;
}

QString sudoText(SudoAccess access)
{
    switch (access) {
    case SudoAccess::NoPassword:
        return NodeFactsView::tr("works without a password");
    case SudoAccess::WithPassword:
        return NodeFactsView::tr("works with the password");
    case SudoAccess::Unavailable:
        return NodeFactsView::tr("not allowed");
    case SudoAccess::Unknown:
        break;
    }
    return NodeFactsView::tr("not checked (needs the password)");
}

QString portName(const Cx7InterfaceFacts &interface)
{
    return interface.port == 0 ? NodeFactsView::tr("Left, twin %1").arg(interface.twin + 1)
                               : NodeFactsView::tr("Right, twin %1").arg(interface.twin + 1);
}

QString methodText(const QString &method)
{
    if (method == QLatin1String("auto"))
        return NodeFactsView::tr("DHCP");
    if (method == QLatin1String("manual"))
        return NodeFactsView::tr("static");
    return method;
}

// NetworkManager's hold on a port: the active profile and its method, or its state.
QString networkManagerCell(const NetworkConfigScan &scan, const QString &netdev)
{
    if (!scan.nmcliPresent)
        return QStringLiteral("—");
    if (!scan.nmRunning)
        return NodeFactsView::tr("not running");
    const NmDeviceState *device = scan.nmDevice(netdev);
    if (!device)
        return QStringLiteral("—");
    if (!device->managed())
        return NodeFactsView::tr("unmanaged");
    if (device->connection.isEmpty())
        return NodeFactsView::tr("managed, no profile active");
    const QString method = methodText(scan.activeIpv4Method(netdev));
    return method.isEmpty() ? device->connection : NodeFactsView::tr("%1 (%2)").arg(device->connection, method);
}

QStringList portCells(const Cx7InterfaceFacts &interface, const NetworkConfigScan &scan)
{
    if (!interface.present)
        return {portName(interface), interface.netdev, NodeFactsView::tr("absent (no cable)"), QStringLiteral("—"),
                QStringLiteral("—"), QStringLiteral("—"), QStringLiteral("—")};
    QStringList addresses;
    for (const IpAddress &address : interface.ipv4Addresses())
        addresses.append(address.cidr());
    const auto speed = interface.speedMbps();
    return {portName(interface),
            interface.netdev,
            interface.hasLink() ? NodeFactsView::tr("up") : NodeFactsView::tr("down"),
            interface.hasLink() && speed ? NodeFactsView::tr("%1 Gb/s").arg(*speed / 1000) : QStringLiteral("—"),
            interface.mtu > 0 ? QString::number(interface.mtu) : QStringLiteral("—"),
            orDash(addresses.join(QStringLiteral(", "))),
            networkManagerCell(scan, interface.netdev)};
}

QString networkStackText(const NetworkConfigScan &scan)
{
    if (!scan.nmcliPresent)
        return scan.renderer.isEmpty() ? QStringLiteral("—") : NodeFactsView::tr("netplan for %1").arg(scan.renderer);
    const QString state = scan.nmRunning ? NodeFactsView::tr("NetworkManager, running")
                                         : NodeFactsView::tr("NetworkManager, not running");
    if (scan.renderer.isEmpty() || scan.rendersForNetworkManager())
        return state;
    return NodeFactsView::tr("%1 (netplan renders for %2)").arg(state, scan.renderer);
}

} // namespace

NodeFactsView::NodeFactsView(QWidget *parent)
    : QWidget(parent)
{
    auto *system = new QGroupBox(tr("System"), this);
    m_form = new QFormLayout(system);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addField(QStringLiteral("factModel"), tr("Model:"));
    addField(QStringLiteral("factRelease"), tr("DGX OS:"));
    addField(QStringLiteral("factKernel"), tr("Kernel:"));
    addField(QStringLiteral("factDriver"), tr("NVIDIA driver:"));
    addField(QStringLiteral("factCuda"), tr("CUDA:"));
    addField(QStringLiteral("factFirmware"), tr("CX-7 firmware:"));
    addField(QStringLiteral("factUser"), tr("User:"));
    addField(QStringLiteral("factSudo"), tr("sudo:"));
    addField(QStringLiteral("factNetworkStack"), tr("Network:"));

    auto *ports = new QGroupBox(tr("ConnectX-7 ports"), this);
    m_ports = new QGridLayout(ports);
    m_ports->setHorizontalSpacing(10);
    const QStringList headings{tr("Port"), tr("Interface"), tr("Link"), tr("Speed"), tr("MTU"), tr("IPv4"),
                               tr("NetworkManager")};
    for (int column = 0; column < portColumns; ++column) {
        auto *heading = new QLabel(headings.at(column), ports);
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        m_ports->addWidget(heading, 0, column);
    }
    for (int row = 1; row <= int(cx7::functions.size()); ++row) {
        for (int column = 0; column < portColumns; ++column) {
            auto *cell = new QLabel(ports);
            cell->setObjectName(QStringLiteral("port%1_%2").arg(row - 1).arg(column));
            cell->setTextInteractionFlags(Qt::TextSelectableByMouse);
            // The port's name, its link state, addresses and profile names give way
            // in a small window; interface names, speeds and MTUs never break.
            cell->setWordWrap(column == 0 || column == 2 || column >= portColumns - 2);
            m_ports->addWidget(cell, row, column);
        }
    }
    m_ports->setColumnStretch(portColumns - 2, 1);

    m_layout = new QBoxLayout(QBoxLayout::LeftToRight, this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(system, 2);
    m_layout->addWidget(ports, 3);
    clear();
}

void NodeFactsView::setWide(bool wide)
{
    m_layout->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

QLabel *NodeFactsView::addField(const QString &objectName, const QString &label)
{
    auto *field = new QLabel(this);
    field->setObjectName(objectName);
    field->setTextInteractionFlags(Qt::TextSelectableByMouse);
    field->setWordWrap(true);
    m_form->addRow(label, field);
    m_fields.append(field);
    return field;
}

void NodeFactsView::setPortRow(int row, const QStringList &cells)
{
    for (int column = 0; column < portColumns; ++column)
        static_cast<QLabel *>(m_ports->itemAtPosition(row + 1, column)->widget())->setText(cells.value(column));
}

void NodeFactsView::clear()
{
    for (QLabel *field : std::as_const(m_fields))
        field->setText(QStringLiteral("—"));
    for (int row = 0; row < int(cx7::functions.size()); ++row) {
        const Cx7Function &function = cx7::functions.at(size_t(row));
        Cx7InterfaceFacts unknown;
        unknown.port = function.port;
        unknown.twin = function.twin;
        setPortRow(row, {portName(unknown), function.netdevName()});
    }
}

void NodeFactsView::setFacts(const NodeFacts &facts)
{
    const QString release = facts.release.version();
    const QDate date = facts.release.versionDate();
    const QString releaseDate = date.isValid() ? QLocale().toString(date, QLocale::ShortFormat) : QString();
    const QStringList values{
        facts.release.present ? facts.release.platformDisplayName() : tr("not a DGX OS system"),
        release.isEmpty() ? QStringLiteral("—")
                          : (releaseDate.isEmpty() ? release : tr("%1 (installed %2)").arg(release, releaseDate)),
        orDash(facts.kernel),
        facts.gpu.ok() ? facts.gpu.driverVersion : orDash(facts.gpu.problem),
        orDash(facts.gpu.cudaVersion),
        orDash(facts.cx7Firmware()),
        facts.user.name.isEmpty() ? QStringLiteral("—")
                                  : tr("%1 (uid %2, gid %3)").arg(facts.user.name).arg(facts.user.uid).arg(facts.user.gid),
        sudoText(facts.sudo),
        networkStackText(facts.networkConfig),
    };
    for (qsizetype i = 0; i < m_fields.size(); ++i)
        m_fields.at(i)->setText(values.at(i));
    for (int row = 0; row < int(facts.cx7.size()) && row < int(cx7::functions.size()); ++row)
        setPortRow(row, portCells(facts.cx7.at(row), facts.networkConfig));
}

} // namespace spark::ui
