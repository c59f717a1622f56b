// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/cablingplan.h"
#include "core/topology/neighbourdiscovery.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

// One thing wrong with the real cabling, naming both ends and the fix in one sentence.
struct CablingFinding
{
    enum class Kind {
        MissingCable,
        WrongPort,
        WrongNode,
        ExtraCable,
        SlowPort,
        TwinDown,
        MtuMismatch,
        RingLooksLikeSwitch,
        SwitchInsteadOfDirect,
        DirectInsteadOfSwitch,
        NodeNotSeen, // on a switch: the port is up, but neither it nor anyone saw a neighbour there
    };
    Kind kind = Kind::MissingCable;
    PortEnd a;
    std::optional<PortEnd> b;
    QString message;
};

QString findingKindKey(CablingFinding::Kind kind);

// Compares the plan with what the nodes see: cables first, then per-link
// health (speed, both twins up, the same MTU on both ends).
class CablingCheck
{
    Q_DECLARE_TR_FUNCTIONS(spark::CablingCheck)

public:
    static QList<CablingFinding> check(const CablingPlan &plan, const ObservedCabling &observed,
                                       const QList<NodeObservation> &nodes);

private:
    static void checkDirect(const CablingPlan &plan, const ObservedCabling &observed, QList<CablingFinding> &findings);
    static void checkSwitch(const CablingPlan &plan, const ObservedCabling &observed, const QList<NodeObservation> &nodes,
                            QList<CablingFinding> &findings);
    static void checkHealth(const ObservedCabling &observed, const QList<NodeObservation> &nodes,
                            QList<CablingFinding> &findings);
};

} // namespace spark
