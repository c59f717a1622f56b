// SPDX-License-Identifier: MIT
#include "app/sparkctl/nameddevices.h"

#include "app/sparkctl/commandtable.h"
#include "core/devices/deviceregistry.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace sparkctl {

namespace {
struct NamedText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::NamedDevices)
};
} // namespace

ArgumentSpec deviceArgument(ArgumentSpec::Count count, const QString &description)
{
    return {QStringLiteral("NAME"), description, count, Completion::Devices};
}

NamedDevices namedDevices(const QCommandLineParser &parser, const QString &commandPath, bool allWhenNone)
{
    NamedDevices result;
    spark::DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded) {
        printErr(QStringLiteral("sparkctl %1: %2\n").arg(commandPath, loaded.error().message));
        result.exit = Failure;
        return result;
    }
    const QStringList names = parser.positionalArguments();
    for (const QString &name : names) {
        const spark::Device *device = registry.find(name);
        if (!device) {
            result.exit = usageError(parser, commandPath,
                                     NamedText::tr("no device is named \"%1\"; \"sparkctl device list\" shows the names.").arg(name));
            return result;
        }
        result.devices.append(*device);
    }
    if (names.isEmpty() && allWhenNone)
        result.devices = registry.devices();
    if (result.devices.isEmpty()) {
        printErr(NamedText::tr("sparkctl %1: no devices yet; add one with \"sparkctl device add\".\n").arg(commandPath));
        result.exit = Failure;
    }
    return result;
}

} // namespace sparkctl
