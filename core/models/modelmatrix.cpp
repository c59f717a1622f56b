// SPDX-License-Identifier: MIT
#include "core/models/modelmatrix.h"

#include <QMap>

#include <algorithm>

namespace spark {

namespace {

ModelPresence presenceOf(const CachedModel &model)
{
    ModelPresence presence;
    const ModelRevision *main = model.mainRevision();
    if (!main && !model.revisions.isEmpty())
        main = &model.revisions.constFirst();
    if (!main)
        return presence;
    presence.commit = main->commit;
    presence.bytes = main->bytes;
    presence.problems = main->problems;
    presence.state = main->complete() ? ModelPresence::State::Complete : ModelPresence::State::Partial;
    return presence;
}

} // namespace

bool ModelRow::completeEverywhere() const
{
    return std::all_of(nodes.cbegin(), nodes.cend(),
                       [](const ModelPresence &node) { return node.state == ModelPresence::State::Complete; });
}

bool ModelRow::completeSomewhere() const
{
    return std::any_of(nodes.cbegin(), nodes.cend(),
                       [](const ModelPresence &node) { return node.state == ModelPresence::State::Complete; });
}

QString ModelMatrix::stateKey(ModelPresence::State state)
{
    switch (state) {
    case ModelPresence::State::Complete:
        return QStringLiteral("complete");
    case ModelPresence::State::Partial:
        return QStringLiteral("partial");
    case ModelPresence::State::Missing:
        break;
    }
    return QStringLiteral("missing");
}

ModelMatrix ModelMatrix::from(const QList<NodeModels> &inventory)
{
    ModelMatrix matrix;
    QMap<QString, ModelRow> rows;
    for (const NodeModels &node : inventory) {
        if (node.error) {
            matrix.unread.append(node.node + QStringLiteral(": ") + node.error->message);
            continue;
        }
        if (node.listing.memTotalBytes > 0)
            matrix.smallestMemoryBytes = matrix.smallestMemoryBytes < 0 ? node.listing.memTotalBytes
                                                                        : std::min(matrix.smallestMemoryBytes, node.listing.memTotalBytes);
        const qsizetype column = matrix.nodes.size();
        matrix.nodes.append(node.node);
        for (const CachedModel &model : node.models) {
            ModelRow &row = rows[model.repoId];
            row.repoId = model.repoId;
            row.nodes.resize(column + 1);
            const ModelPresence presence = presenceOf(model);
            // In two folders of one node: the better copy counts.
            if (int(presence.state) > int(row.nodes[column].state))
                row.nodes[column] = presence;
            for (const ModelRevision &revision : model.revisions)
                row.weightBytes = std::max(row.weightBytes, revision.weightBytes);
        }
    }
    for (ModelRow &row : rows) {
        row.nodes.resize(matrix.nodes.size());
        matrix.rows.append(row);
    }
    return matrix;
}

} // namespace spark
