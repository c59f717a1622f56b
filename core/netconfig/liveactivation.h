// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace spark {

// How netplan files become live without `netplan apply`. With NetworkManager
// as the renderer (DGX OS), `netplan apply` disconnects every device netplan
// names, the management port included, then restarts NetworkManager: the
// management link blinks, and a disconnect that fails under load is ignored
// by netplan, so a port can come back still holding the addresses it had
// (NetworkManager then "assumes" them). Instead the profiles netplan generates
// are reloaded and only the CX-7 ones activated, each activation waited for;
// every other connection keeps running untouched. Without NetworkManager
// (networkd), `netplan apply` stays the way. Shell text only, run as root.
class LiveActivation
{
public:
    // Generate, reload, then activate netplan's profile of each netdev (a CX-7
    // name) and wait for it. A port that cannot come up (no carrier) is left
    // to the link check, which says why.
    static QString activate(const QStringList &netdevs);
    // "NETDEV UUID" of the connection each CX-7 netdev runs now: what the
    // backup keeps so the undo can give every port back its own connection.
    static QString recordActive();
    // After the backup's files are back: generate, reload (our profiles go,
    // NetworkManager lets go of their ports), then bring each port's recorded
    // connection up again. `backupDir` is a shell word.
    static QString restore(const QString &backupDir);
    static QString activeFileName(); // "nm-active" in the backup folder

private:
    static QString networkManagerRuns();
};

} // namespace spark
