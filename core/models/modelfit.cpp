// SPDX-License-Identifier: MIT
#include "core/models/modelfit.h"

#include "core/models/modelinventory.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace spark {

namespace {

struct FitText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelFit)
};

} // namespace

QList<ModelFit::AtNodes> ModelFit::assess(qint64 weightBytes, qint64 nodeMemoryBytes, int maxNodes, double memoryFraction)
{
    QList<AtNodes> all;
    const auto budget = qint64(std::floor(double(nodeMemoryBytes) * memoryFraction));
    for (int nodes = 1; nodes <= std::max(maxNodes, 1); ++nodes) {
        AtNodes at;
        at.nodes = nodes;
        at.weightsPerNode = (weightBytes + nodes - 1) / nodes;
        at.sparePerNode = budget - at.weightsPerNode;
        all.append(at);
    }
    return all;
}

QString ModelFit::sentence(const QList<AtNodes> &fits)
{
    if (fits.isEmpty())
        return {};
    const auto first = std::find_if(fits.cbegin(), fits.cend(), [](const AtNodes &at) { return at.fits(); });
    if (first == fits.cend()) {
        const AtNodes &most = fits.constLast();
        return FitText::tr("Does not fit on %n Spark(s): it needs %1 per node, more than the engine's share of each "
                           "node's memory.",
                           nullptr, most.nodes)
            .arg(ModelInventory::sizeText(most.weightsPerNode, 0));
    }
    if (first->nodes == 1)
        return FitText::tr("Fits on one Spark with %1 to spare for the KV cache.").arg(ModelInventory::sizeText(first->sparePerNode, 0));
    return FitText::tr("Fits on %n Sparks with %1 to spare per node for the KV cache; not on fewer.", nullptr, first->nodes)
        .arg(ModelInventory::sizeText(first->sparePerNode, 0));
}

} // namespace spark
