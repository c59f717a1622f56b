// SPDX-License-Identifier: MIT
#include "core/common/shellquote.h"

namespace spark {

QString shellQuote(const QString &argument)
{
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString shellJoin(const QStringList &arguments)
{
    QStringList quoted;
    quoted.reserve(arguments.size());
    for (const QString &argument : arguments)
        quoted.append(shellQuote(argument));
    return quoted.join(QLatin1Char(' '));
}

} // namespace spark
