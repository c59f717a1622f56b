// SPDX-License-Identifier: MIT
#include "core/linktest/serverstart.h"

#include "core/linktest/linktestscripts.h"
#include "core/linktest/perftestparser.h"

namespace spark {

QString PerftestServerStart::readyText()
{
    return QStringLiteral("Waiting for client to connect");
}

PerftestServerStart PerftestServerStart::parse(const QByteArray &taggedOutput)
{
    PerftestServerStart start;
    PerftestParser errors; // its error rule, over every line that is not the ready one
    for (const QByteArray &raw : taggedOutput.split('\n')) {
        const auto tagged = LinkTestScripts::parseTagged(QString::fromUtf8(raw));
        if (!tagged || tagged->exitCode)
            continue;
        if (tagged->text.contains(readyText()))
            start.ready[size_t(tagged->twin)] = true;
        else
            errors.feedLine(tagged->text);
    }
    errors.finish();
    start.errors = errors.errors();
    return start;
}

} // namespace spark
