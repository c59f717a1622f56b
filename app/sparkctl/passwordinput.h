// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/sudotarget.h"

#include <QList>
#include <QString>

namespace sparkctl {

// Passwords on sparkctl's terminal: the one place that reads them.

// The first line of stdin without its line end (`--password-stdin`,
// `--sudo-password-stdin`); reads no further, so a later answer on stdin is left.
QString readPasswordLine();
// A line typed on the terminal (/dev/tty, else stdin) without echo, after `prompt`.
QString readHiddenLine(const QString &prompt);

// What a node gets whose password is neither on stdin nor remembered.
enum class WhenNotRemembered {
    NoPassword,     // none: sudo has to need none (`sudo -n`)
    AskOnTerminal,  // a prompt without echo (Enter: the same as the previous node)
};

// Each device with its sudo credential: with `fromStdin` one password for
// every node from stdin's first line; otherwise each node's remembered one
// from the keychain, else as `missing` says.
QList<spark::SudoTarget> sudoTargets(const QList<spark::Device> &devices, bool fromStdin, WhenNotRemembered missing);

} // namespace sparkctl
