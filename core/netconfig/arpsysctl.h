// SPDX-License-Identifier: MIT
#pragma once

#include "core/netconfig/addressplan.h"

#include <QList>
#include <QString>

namespace spark {

// The ARP settings of the cluster's CX-7 twins. Both twins of a QSFP port sit
// on one wire (and on a switch, in one broadcast domain with every other
// node), so with Linux's defaults a twin also answers ARP for its twin's
// address: a peer then sends to the wrong twin and traffic bound to the
// right one (NCCL, `ping -I`) is lost. arp_ignore=1 makes each twin answer
// only for its own address; arp_announce=2 makes it ask with it.
namespace ArpSysctl {

QString fileName();  // 60-spark-companion.conf
QString directory(); // /etc/sysctl.d
QString path();

// The sysctl.d file for one node's interfaces in the address plan (the
// names come from the fixed CX-7 table, never from user input).
QString render(const QString &clusterName, const QList<InterfaceAddress> &interfaces);

// Prints "key = value" for the current ARP settings of every CX-7 netdev the
// node has, so a revert can put the running values back exactly.
QString currentValuesCommand();

} // namespace ArpSysctl

} // namespace spark
