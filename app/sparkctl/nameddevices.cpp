// SPDX-License-Identifier: MIT
#include "app/sparkctl/nameddevices.h"

#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"
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

NamedDevices namedDevices(const QCommandLineParser &parser, const QString &commandPath, bool allWhenNone, int firstName)
{
    NamedDevices result;
    spark::DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded) {
        result.exit = Output::failure(loaded.error().message, loaded.error().detail);
        return result;
    }
    const QStringList names = parser.positionalArguments().mid(firstName);
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
        result.exit = Output::failure(NamedText::tr("no devices yet; add one with \"sparkctl device add\"."));
    }
    return result;
}

} // namespace sparkctl
