// SPDX-License-Identifier: MIT
#pragma once

#include "app/sparkctl/commandtable.h"
#include "core/common/manpage.h"

namespace sparkctl {

// sparkctl(1), made from the command table: every command with its
// arguments and options as --help gives them, and the exit codes.
spark::ManPage manualPage(const CommandTable &table);

} // namespace sparkctl
