// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/tunnels/tunnelspec.h"

#include <QFuture>
#include <QHash>
#include <QObject>

#include <map>
#include <memory>

namespace spark {

class SshSession;

enum class ConnectionState { Disconnected, Connecting, Connected, Failed };

// The persistent SSH session to each device for daily use (as NVIDIA Sync
// keeps one): connect and disconnect, the tunnels open over it, and its state
// as signals on the owner's thread. One session per device, made on first use.
class DeviceConnections final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceConnections)

public:
    explicit DeviceConnections(QObject *parent = nullptr);
    ~DeviceConnections() override;

    ConnectionState state(const QString &device) const;
    // Why it failed or was lost; empty otherwise.
    QString problem(const QString &device) const;
    QList<TunnelSpec> openTunnels(const QString &device) const;

    QFuture<Expected<void>> connectDevice(const Device &device);
    QFuture<Expected<void>> disconnectDevice(const QString &device);
    void disconnectAll();
    // Plans the tunnel (a taken local port fails with a suggestion, or with
    // `anyFreePort` moves to the next free one), connects when needed and opens it.
    QFuture<Expected<TunnelSpec>> openTunnel(const Device &device, const TunnelSpec &spec, bool anyFreePort = false);
    QFuture<Expected<void>> closeTunnel(const QString &device, quint16 localPort);

Q_SIGNALS:
    void stateChanged(const QString &device);
    void tunnelsChanged(const QString &device);

private:
    struct Entry
    {
        std::unique_ptr<SshSession> session;
        ConnectionState state = ConnectionState::Disconnected;
        QString problem;
        QList<TunnelSpec> tunnels;
    };
    Entry &entryFor(const Device &device);
    void setState(const QString &device, ConnectionState state, const QString &problem = {});

    std::map<QString, Entry> m_entries;
};

} // namespace spark
