// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

namespace spark {

// Whether a model's weights fit on 1…N Sparks, and what is left per node for
// the KV cache. The weights split evenly over the nodes (tensor or pipeline
// parallel); each node gives the engine its memory times the engine's memory
// fraction (vLLM's --gpu-memory-utilization, 0.9 unless set). Pure.
class ModelFit
{
public:
    static constexpr double defaultMemoryFraction = 0.9;

    struct AtNodes
    {
        int nodes = 1;
        qint64 weightsPerNode = 0;
        qint64 sparePerNode = 0; // the engine's share minus the weights (negative: does not fit)
        bool fits() const { return sparePerNode > 0; }
    };

    // `nodeMemoryBytes`: the smallest node's memory (MemTotal); `maxNodes` ≥ 1.
    static QList<AtNodes> assess(qint64 weightBytes, qint64 nodeMemoryBytes, int maxNodes,
                                 double memoryFraction = defaultMemoryFraction);
    // "Fits on 2 Sparks with 41 GB to spare per node for the KV cache; not on one."
    static QString sentence(const QList<AtNodes> &fits);
};

} // namespace spark
