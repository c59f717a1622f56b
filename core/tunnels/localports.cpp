// SPDX-License-Identifier: MIT
#include "core/tunnels/localports.h"

#include <QTcpServer>

namespace spark {

bool isLocalPortFree(quint16 port)
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, port);
}

} // namespace spark
