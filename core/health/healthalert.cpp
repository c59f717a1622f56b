// SPDX-License-Identifier: MIT
#include "core/health/healthalert.h"

namespace spark {

QString HealthAlert::severityKey(Severity severity)
{
    return severity == Severity::Critical ? QStringLiteral("critical") : QStringLiteral("warning");
}

QJsonObject HealthAlert::toJson() const
{
    return {{QStringLiteral("key"), key},         {QStringLiteral("rule"), rule},
            {QStringLiteral("severity"), severityKey(severity)},
            {QStringLiteral("node"), node},       {QStringLiteral("subject"), subject},
            {QStringLiteral("message"), message}, {QStringLiteral("cause"), cause},
            {QStringLiteral("fix"), fix}};
}

} // namespace spark
