// SPDX-License-Identifier: MIT
#pragma once

class QThread;

namespace spark {

// A self-deleting worker thread (deleteLater on finished) is only deleted by
// an event loop of the thread that made it. A command-line run, or a worker
// thread without an event loop, may never turn one again: such threads were
// left behind at exit (LeakSanitizer saw them in sparkctl). Every thread given
// here is waited for and deleted when the application object goes, unless its
// deleteLater came first.
void reapAtExit(QThread *thread);

} // namespace spark
