// SPDX-License-Identifier: MIT
#include "core/hardware/cx7.h"

#include <QCoreApplication>

namespace spark::cx7 {

const Cx7Function *findByNetdev(QStringView netdev)
{
    for (const Cx7Function &function : functions) {
        if (netdev == QLatin1String(function.netdev))
            return &function;
    }
    return nullptr;
}

const Cx7Function *findByRdmaDevice(QStringView rdmaDevice)
{
    for (const Cx7Function &function : functions) {
        if (rdmaDevice == QLatin1String(function.rdmaDevice))
            return &function;
    }
    return nullptr;
}

const Cx7Function *find(int port, int twin)
{
    for (const Cx7Function &function : functions) {
        if (function.port == port && function.twin == twin)
            return &function;
    }
    return nullptr;
}

const Cx7Function &twinOf(const Cx7Function &function)
{
    return *find(function.port, 1 - function.twin);
}

bool isCx7Netdev(QStringView netdev)
{
    return findByNetdev(netdev) != nullptr;
}

QStringList netdevNames()
{
    QStringList names;
    for (const Cx7Function &function : functions)
        names.append(function.netdevName());
    return names;
}

QStringList rdmaDeviceNames()
{
    QStringList names;
    for (const Cx7Function &function : functions)
        names.append(function.rdmaDeviceName());
    return names;
}

QStringList netdevNamesOfPort(int port)
{
    QStringList names;
    for (const Cx7Function &function : functions) {
        if (function.port == port)
            names.append(function.netdevName());
    }
    return names;
}

QStringList pciAddresses()
{
    QStringList addresses;
    for (const Cx7Function &function : functions)
        addresses.append(function.pciAddressString());
    for (const char *rootPort : rootPorts)
        addresses.append(QString::fromLatin1(rootPort));
    return addresses;
}

QString sideKey(int port)
{
    return port == 0 ? QStringLiteral("left") : QStringLiteral("right");
}

QString sideLabel(int port)
{
    return port == 0 ? QCoreApplication::translate("spark::cx7", "left port (next to the network socket)")
                     : QCoreApplication::translate("spark::cx7", "right port (outer)");
}

} // namespace spark::cx7
