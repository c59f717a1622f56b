// SPDX-License-Identifier: MIT
#include "core/facts/nodefacts.h"

#include <QJsonArray>

#include <algorithm>

namespace spark {

namespace {

QJsonValue optionalInt(const std::optional<int> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonValue optionalBool(const std::optional<bool> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonArray addressArray(const QList<IpAddress> &addresses)
{
    QJsonArray array;
    for (const IpAddress &address : addresses)
        array.append(address.cidr());
    return array;
}

QString gpuStatusKey(NvidiaSmiInfo::Status status)
{
    switch (status) {
    case NvidiaSmiInfo::Status::Ok: return QStringLiteral("ok");
    case NvidiaSmiInfo::Status::Missing: return QStringLiteral("missing");
    case NvidiaSmiInfo::Status::DriverNotLoaded: return QStringLiteral("driver-not-loaded");
    case NvidiaSmiInfo::Status::VersionMismatch: return QStringLiteral("version-mismatch");
    case NvidiaSmiInfo::Status::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

QJsonObject interfaceJson(const Cx7InterfaceFacts &interface)
{
    QJsonObject object{
        {QStringLiteral("netdev"), interface.netdev},
        {QStringLiteral("rdmaDevice"), interface.rdmaDevice},
        {QStringLiteral("port"), interface.port},
        {QStringLiteral("twin"), interface.twin},
        {QStringLiteral("present"), interface.present},
    };
    if (!interface.present)
        return object;
    object.insert(QStringLiteral("mac"), interface.mac);
    object.insert(QStringLiteral("link"), interface.hasLink());
    object.insert(QStringLiteral("carrier"), optionalBool(interface.carrier));
    object.insert(QStringLiteral("speedMbps"), optionalInt(interface.speedMbps()));
    object.insert(QStringLiteral("mtu"), interface.mtu);
    object.insert(QStringLiteral("operstate"), interface.operstate);
    object.insert(QStringLiteral("physPortName"), interface.physPortName);
    object.insert(QStringLiteral("pciAddress"), interface.pciAddress);
    object.insert(QStringLiteral("addresses"), addressArray(interface.addresses));
    object.insert(QStringLiteral("firmware"), interface.driverInfo.firmwareVersion);
    object.insert(QStringLiteral("rdmaPresent"), interface.rdmaPresent);
    object.insert(QStringLiteral("rdmaUp"), optionalBool(interface.rdmaUp));
    object.insert(QStringLiteral("roceV2Ipv4GidIndex"), optionalInt(interface.roceV2Ipv4GidIndex));
    return object;
}

QJsonObject networkManagerJson(const NetworkConfigScan &scan)
{
    QJsonArray devices;
    for (const NmDeviceState &device : scan.nmDevices) {
        devices.append(QJsonObject{{QStringLiteral("device"), device.device},
                                   {QStringLiteral("state"), device.state},
                                   {QStringLiteral("managed"), device.managed()},
                                   {QStringLiteral("connection"), device.connection},
                                   {QStringLiteral("ipv4Method"), scan.activeIpv4Method(device.device)}});
    }
    return QJsonObject{{QStringLiteral("installed"), scan.nmcliPresent},
                       {QStringLiteral("running"), scan.nmRunning},
                       {QStringLiteral("netplanRenderer"), scan.renderer},
                       {QStringLiteral("devices"), devices}};
}

QJsonValue optionalCount(const std::optional<qint64> &value)
{
    return value ? QJsonValue(double(*value)) : QJsonValue();
}

QJsonValue optionalDouble(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

QJsonArray pcieJson(const QList<PcieFunctionFacts> &functions)
{
    QJsonArray array;
    for (const PcieFunctionFacts &function : functions) {
        QJsonObject object{{QStringLiteral("address"), function.address},
                           {QStringLiteral("present"), function.present}};
        if (function.present) {
            object.insert(QStringLiteral("currentGts"), optionalDouble(function.currentGts));
            object.insert(QStringLiteral("currentWidth"), optionalInt(function.currentWidth));
            object.insert(QStringLiteral("maxGts"), optionalDouble(function.maxGts));
            object.insert(QStringLiteral("maxWidth"), optionalInt(function.maxWidth));
            object.insert(QStringLiteral("aerCorrectable"), optionalCount(function.aer.correctable));
            object.insert(QStringLiteral("aerNonFatal"), optionalCount(function.aer.nonFatal));
            object.insert(QStringLiteral("aerFatal"), optionalCount(function.aer.fatal));
        }
        array.append(object);
    }
    return array;
}

} // namespace

bool Cx7InterfaceFacts::hasLink() const
{
    if (!present)
        return false;
    if (carrier)
        return *carrier;
    return link.linkDetected.value_or(false);
}

std::optional<int> Cx7InterfaceFacts::speedMbps() const
{
    if (!hasLink())
        return std::nullopt;
    if (link.speedMbps)
        return link.speedMbps;
    return sysfsSpeedMbps;
}

QList<IpAddress> Cx7InterfaceFacts::ipv4Addresses() const
{
    QList<IpAddress> result;
    for (const IpAddress &address : addresses) {
        if (address.family == QLatin1String("inet"))
            result.append(address);
    }
    return result;
}

const PcieFunctionFacts *NodeFacts::pcieFunction(const QString &address) const
{
    for (const PcieFunctionFacts &function : pcie) {
        if (function.address == address)
            return &function;
    }
    return nullptr;
}

const Cx7InterfaceFacts *NodeFacts::cx7Interface(const QString &netdev) const
{
    for (const Cx7InterfaceFacts &interface : cx7) {
        if (interface.netdev == netdev)
            return &interface;
    }
    return nullptr;
}

QString NodeFacts::cx7Firmware() const
{
    for (const Cx7InterfaceFacts &interface : cx7) {
        if (!interface.driverInfo.firmwareVersion.isEmpty())
            return interface.driverInfo.firmwareVersion;
    }
    for (const Cx7InterfaceFacts &interface : cx7) {
        if (!interface.rdmaFirmware.isEmpty())
            return interface.rdmaFirmware;
    }
    return {};
}

QList<int> NodeFacts::cabledPorts() const
{
    QList<int> ports;
    for (const Cx7InterfaceFacts &interface : cx7) {
        if (interface.hasLink() && !ports.contains(interface.port))
            ports.append(interface.port);
    }
    std::sort(ports.begin(), ports.end());
    return ports;
}

QStringList NodeFacts::occupiedSubnets() const
{
    return occupiedIpv4Subnets(interfaces, routes);
}

QString sudoAccessKey(SudoAccess access)
{
    switch (access) {
    case SudoAccess::Unknown: return QStringLiteral("unknown");
    case SudoAccess::NoPassword: return QStringLiteral("no-password");
    case SudoAccess::WithPassword: return QStringLiteral("with-password");
    case SudoAccess::Unavailable: return QStringLiteral("unavailable");
    }
    return QStringLiteral("unknown");
}

QJsonObject NodeFacts::toJson() const
{
    QJsonArray interfacesJson;
    for (const Cx7InterfaceFacts &interface : cx7)
        interfacesJson.append(interfaceJson(interface));
    QJsonArray ports;
    for (int port : cabledPorts())
        ports.append(port);
    QJsonArray netplan;
    for (const NetplanFile &file : networkConfig.netplanFiles) {
        netplan.append(QJsonObject{{QStringLiteral("path"), file.path},
                                   {QStringLiteral("cx7Interfaces"), QJsonArray::fromStringList(file.cx7Interfaces)},
                                   {QStringLiteral("renderer"), file.renderer}});
    }
    QJsonArray profiles;
    for (const NmProfile &profile : networkConfig.nmProfiles) {
        profiles.append(QJsonObject{{QStringLiteral("id"), profile.id},
                                    {QStringLiteral("interface"), profile.interfaceName},
                                    {QStringLiteral("ipv4Method"), profile.ipv4Method}});
    }
    QJsonObject gpuJson{{QStringLiteral("status"), gpuStatusKey(gpu.status)},
                        {QStringLiteral("name"), gpu.gpuName},
                        {QStringLiteral("driver"), gpu.driverVersion},
                        {QStringLiteral("cuda"), gpu.cudaVersion}};
    QJsonObject releaseJson{{QStringLiteral("present"), release.present},
                            {QStringLiteral("version"), release.version()},
                            {QStringLiteral("date"), release.versionDateText()},
                            {QStringLiteral("factoryVersion"), release.swBuildVersion},
                            {QStringLiteral("platform"), release.platformDisplayName()},
                            {QStringLiteral("oem"), release.isOemPlatform()}};
    return QJsonObject{
        {QStringLiteral("node"), node},
        {QStringLiteral("complete"), complete},
        {QStringLiteral("hostname"), hostname},
        {QStringLiteral("release"), releaseJson},
        {QStringLiteral("os"), osPrettyName},
        {QStringLiteral("kernel"), kernel},
        {QStringLiteral("gpu"), gpuJson},
        {QStringLiteral("cx7Firmware"), cx7Firmware()},
        {QStringLiteral("cx7"), interfacesJson},
        {QStringLiteral("cabledPorts"), ports},
        {QStringLiteral("occupiedSubnets"), QJsonArray::fromStringList(occupiedSubnets())},
        {QStringLiteral("netplanReadable"), networkConfig.netplanReadable},
        {QStringLiteral("netplanFiles"), netplan},
        {QStringLiteral("networkManagerProfiles"), profiles},
        {QStringLiteral("networkManager"), networkManagerJson(networkConfig)},
        {QStringLiteral("user"), QJsonObject{{QStringLiteral("name"), user.name},
                                             {QStringLiteral("uid"), user.uid},
                                             {QStringLiteral("gid"), user.gid}}},
        {QStringLiteral("sudo"), sudoAccessKey(sudo)},
        {QStringLiteral("pcie"), pcieJson(pcie)},
        {QStringLiteral("kernelLog"), QJsonObject{{QStringLiteral("read"), kernelLog.read},
                                                  {QStringLiteral("fatalErrors"), kernelLog.fatalErrors},
                                                  {QStringLiteral("nonFatalErrors"), kernelLog.nonFatalErrors},
                                                  {QStringLiteral("correctedErrors"), kernelLog.correctedErrors}}},
        {QStringLiteral("problems"), QJsonArray::fromStringList(problems)},
    };
}

} // namespace spark
