// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/modelinventoryjob.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// Where each model is across the Sparks: the view both programs show (the
// window's Models tab, `sparkctl model list`), made once from the inventory.
struct ModelPresence
{
    enum class State { Missing,
                       Partial,
                       Complete };
    State state = State::Missing;
    QString commit; // the revision judged (main's, else the only one)
    qint64 bytes = 0;
    QStringList problems; // why it is partial
};

struct ModelRow
{
    QString repoId;
    QList<ModelPresence> nodes; // in the order of ModelMatrix::nodes
    qint64 weightBytes = 0;     // the largest any node reports for it

    bool completeEverywhere() const;
    bool completeSomewhere() const;
};

struct ModelMatrix
{
    QStringList nodes;               // the nodes that could be read, in the inventory's order
    QStringList unread;              // "spark-3: why"
    QList<ModelRow> rows;            // by repository id
    qint64 smallestMemoryBytes = -1; // the least MemTotal of the nodes read (-1: unknown)

    static ModelMatrix from(const QList<NodeModels> &inventory);
    static QString stateKey(ModelPresence::State state); // "missing", "partial", "complete"
};

} // namespace spark
