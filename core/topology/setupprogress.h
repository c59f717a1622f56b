// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

// How far an unfinished set-up got. Only the person's choices are kept: what
// the nodes reported is read again when the set-up continues, because a Spark
// may have changed in between.
enum class SetupStep { Devices, Checks, Cabling, Configure, PeerTrust, LinkTest };

QString setupStepKey(SetupStep step); // "devices", "checks", … (files)
std::optional<SetupStep> setupStepFromKey(const QString &key);

struct SetupProgress
{
    ClusterDefinition cluster; // layout, devices in order, port choice so far
    SetupStep reached = SetupStep::Devices;
    QDateTime saved;           // UTC

    QJsonObject toJson() const;
    static std::optional<SetupProgress> fromJson(const QJsonObject &object);

    friend bool operator==(const SetupProgress &, const SetupProgress &) = default;
};

// setup-progress.json beside clusters.json: one unfinished set-up per cluster
// name, written atomically; a finished set-up is forgotten.
class SetupProgressStore
{
    Q_DECLARE_TR_FUNCTIONS(spark::SetupProgressStore)

public:
    explicit SetupProgressStore(QString filePath = defaultFilePath());
    static QString defaultFilePath();

    Expected<void> load();
    Expected<void> save() const;

    // Adds or replaces by cluster name.
    void put(const SetupProgress &progress);
    void forget(const QString &cluster);
    // The most recently saved unfinished set-up.
    std::optional<SetupProgress> latest() const;
    const QList<SetupProgress> &all() const { return m_progress; }

private:
    QString m_filePath;
    QList<SetupProgress> m_progress;
};

} // namespace spark
