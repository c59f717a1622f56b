// SPDX-License-Identifier: MIT
#include "core/facts/finding.h"

namespace spark {

QJsonObject Finding::toJson() const
{
    return QJsonObject{{QStringLiteral("severity"), severityKey(severity)},
                       {QStringLiteral("node"), node},
                       {QStringLiteral("code"), code},
                       {QStringLiteral("sentence"), sentence},
                       {QStringLiteral("fix"), fix}};
}

Finding Finding::fromJson(const QJsonObject &object)
{
    Finding finding;
    const QString severity = object.value(QStringLiteral("severity")).toString();
    for (Severity candidate : {Severity::Info, Severity::Warning, Severity::Blocker}) {
        if (severityKey(candidate) == severity)
            finding.severity = candidate;
    }
    finding.node = object.value(QStringLiteral("node")).toString();
    finding.code = object.value(QStringLiteral("code")).toString();
    finding.sentence = object.value(QStringLiteral("sentence")).toString();
    finding.fix = object.value(QStringLiteral("fix")).toString();
    return finding;
}

Readiness readinessOf(const QList<Finding> &findings)
{
    Readiness readiness = Readiness::Ready;
    for (const Finding &finding : findings) {
        if (finding.severity == Finding::Severity::Blocker)
            return Readiness::Blockers;
        if (finding.severity == Finding::Severity::Warning)
            readiness = Readiness::Warnings;
    }
    return readiness;
}

QString severityKey(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Info: return QStringLiteral("info");
    case Finding::Severity::Warning: return QStringLiteral("warning");
    case Finding::Severity::Blocker: return QStringLiteral("blocker");
    }
    return QStringLiteral("info");
}

QString readinessKey(Readiness readiness)
{
    switch (readiness) {
    case Readiness::Ready: return QStringLiteral("ready");
    case Readiness::Warnings: return QStringLiteral("warnings");
    case Readiness::Blockers: return QStringLiteral("blockers");
    }
    return QStringLiteral("ready");
}

} // namespace spark
