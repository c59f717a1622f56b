// SPDX-License-Identifier: MIT
#pragma once

#include "app/sparkctl/commandtable.h"
#include "core/devices/device.h"

#include <QList>
#include <QString>

#include <optional>

class QCommandLineParser;

namespace sparkctl {

// The registered devices a command names as its NAME… arguments, in that
// order; with no name, every registered device when `allWhenNone`. `exit` is
// set when the command must stop: a name nobody registered (usage error), an
// unreadable registry or no device at all (failure), each already printed.
struct NamedDevices
{
    QList<spark::Device> devices;
    std::optional<int> exit;
};

// The NAME argument of a command about devices: completed from the registry.
ArgumentSpec deviceArgument(ArgumentSpec::Count count = ArgumentSpec::One,
                            const QString &description = QStringLiteral("The device's name."));

// `firstName`: the index of the first positional argument that names a
// device (the ones before it are the command's own, e.g. the model's id).
NamedDevices namedDevices(const QCommandLineParser &parser, const QString &commandPath, bool allWhenNone, int firstName = 0);

} // namespace sparkctl
