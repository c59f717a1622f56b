// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace spark {

// One thing the readiness check found: a sentence for the user saying what
// is wrong and one saying how to fix it.
struct Finding
{
    enum class Severity {
        Info,     // worth knowing; does not change the verdict
        Warning,  // the cluster works, but worse or at a risk the user may accept
        Blocker,  // the cluster will not work until this is fixed
    };

    Severity severity = Severity::Info;
    QString node;     // the device's name; empty for a finding about the whole cluster
    QString code;     // stable identifier: "release-too-old", "twin-down", …
    QString sentence; // what is wrong, in one sentence
    QString fix;      // what to do

    QJsonObject toJson() const;
    static Finding fromJson(const QJsonObject &object);
    friend bool operator==(const Finding &, const Finding &) = default;
};

// The verdict of a set of findings; the values are sparkctl check's exit codes.
enum class Readiness { Ready = 0, Warnings = 1, Blockers = 2 };

Readiness readinessOf(const QList<Finding> &findings);
QString severityKey(Finding::Severity severity); // "info", "warning", "blocker"
QString readinessKey(Readiness readiness);       // "ready", "warnings", "blockers"

} // namespace spark
