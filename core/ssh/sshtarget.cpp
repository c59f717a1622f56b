// SPDX-License-Identifier: MIT
#include "core/ssh/sshtarget.h"

namespace spark {

QString SshTarget::displayName() const
{
    const QString base = user.isEmpty() ? host : user + QLatin1Char('@') + host;
    return port == 22 ? base : base + QStringLiteral(" port ") + QString::number(port);
}

} // namespace spark
