// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

namespace spark {

// One line of `ibdev2netdev`: "rocep1s0f1 port 1 ==> enp1s0f1np1 (Up)".
struct RdmaNetdevLink
{
    QString rdmaDevice;
    int rdmaPort = 1;
    QString netdev;
    bool up = false;
    QString pciAddress; // only with `ibdev2netdev -v`
    QString firmware;   // only with `ibdev2netdev -v`: "28.45.4028"

    friend bool operator==(const RdmaNetdevLink &, const RdmaNetdevLink &) = default;
};

// Parses `ibdev2netdev` and `ibdev2netdev -v`; lines it does not understand are skipped.
QList<RdmaNetdevLink> parseIbdev2netdev(const QString &text);

} // namespace spark
