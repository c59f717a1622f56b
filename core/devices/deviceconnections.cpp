// SPDX-License-Identifier: MIT
#include "core/devices/deviceconnections.h"

#include "core/common/whenready.h"
#include "core/devices/deviceprobe.h"
#include "core/ssh/sshsession.h"
#include "core/tunnels/localports.h"
#include "core/tunnels/tunnelplanner.h"

#include <QPromise>

namespace spark {

namespace {
template<typename T>
QFuture<T> ready(T value)
{
    QPromise<T> promise;
    promise.start();
    promise.addResult(std::move(value));
    promise.finish();
    return promise.future();
}
} // namespace

DeviceConnections::DeviceConnections(QObject *parent)
    : QObject(parent)
{
}

DeviceConnections::~DeviceConnections() = default;

ConnectionState DeviceConnections::state(const QString &device) const
{
    const auto it = m_entries.find(device);
    return it == m_entries.end() ? ConnectionState::Disconnected : it->second.state;
}

QString DeviceConnections::problem(const QString &device) const
{
    const auto it = m_entries.find(device);
    return it == m_entries.end() ? QString() : it->second.problem;
}

QList<TunnelSpec> DeviceConnections::openTunnels(const QString &device) const
{
    const auto it = m_entries.find(device);
    return it == m_entries.end() ? QList<TunnelSpec>() : it->second.tunnels;
}

DeviceConnections::Entry &DeviceConnections::entryFor(const Device &device)
{
    Entry &entry = m_entries[device.name];
    if (!entry.session) {
        entry.session = DeviceProbe::openSession(device);
        const QString name = device.name;
        connect(entry.session.get(), &SshSession::connectedChanged, this,
                [this, name](bool connected, const QString &reason) {
                    if (connected)
                        setState(name, ConnectionState::Connected);
                    else if (!reason.isEmpty())
                        setState(name, ConnectionState::Failed, reason);
                });
        connect(entry.session.get(), &SshSession::forwardStopped, this, [this, name](quint16 localPort, const QString &) {
            Entry &stopped = m_entries[name];
            stopped.tunnels.removeIf([localPort](const TunnelSpec &spec) { return spec.localPort == localPort; });
            Q_EMIT tunnelsChanged(name);
        });
    }
    return entry;
}

void DeviceConnections::setState(const QString &device, ConnectionState state, const QString &problem)
{
    Entry &entry = m_entries[device];
    if (entry.state == state && entry.problem == problem)
        return;
    entry.state = state;
    entry.problem = problem;
    if (state != ConnectionState::Connected && !entry.tunnels.isEmpty()) {
        entry.tunnels.clear();
        Q_EMIT tunnelsChanged(device);
    }
    Q_EMIT stateChanged(device);
}

QFuture<Expected<void>> DeviceConnections::connectDevice(const Device &device)
{
    Entry &entry = entryFor(device);
    if (entry.state == ConnectionState::Connected && entry.session->isConnected())
        return ready(Expected<void>());
    setState(device.name, ConnectionState::Connecting);
    QFuture<Expected<void>> future = entry.session->connectToHost();
    const QString name = device.name;
    whenReady(
        future, this,
        [this, name](const Expected<void> &connected) {
            setState(name, connected ? ConnectionState::Connected : ConnectionState::Failed,
                     connected ? QString() : connected.error().message);
        },
        [this, name] { setState(name, ConnectionState::Disconnected); });
    return future;
}

QFuture<Expected<void>> DeviceConnections::disconnectDevice(const QString &device)
{
    const auto it = m_entries.find(device);
    if (it == m_entries.end() || !it->second.session)
        return ready(Expected<void>());
    QFuture<Expected<void>> future = it->second.session->disconnectFromHost();
    setState(device, ConnectionState::Disconnected);
    return future;
}

void DeviceConnections::disconnectAll()
{
    for (auto &[name, entry] : m_entries)
        if (entry.session)
            disconnectDevice(name);
}

QFuture<Expected<TunnelSpec>> DeviceConnections::openTunnel(const Device &device, const TunnelSpec &spec,
                                                            bool anyFreePort)
{
    Entry &entry = entryFor(device);
    for (const TunnelSpec &open : std::as_const(entry.tunnels))
        if (open.localPort == spec.localPort && open.remotePort == spec.remotePort)
            return ready(Expected<TunnelSpec>(open)); // already open: reuse it (its port is taken by it)
    const auto planned = anyFreePort ? TunnelPlanner::planOnFreePort(spec, &isLocalPortFree)
                                     : TunnelPlanner::plan(spec, &isLocalPortFree);
    if (!planned)
        return ready(Expected<TunnelSpec>(planned.error()));
    if (entry.state != ConnectionState::Connected)
        setState(device.name, ConnectionState::Connecting);
    PortForward forward;
    forward.localPort = planned->localPort;
    forward.remotePort = planned->remotePort;
    const TunnelSpec opened = *planned;
    const QString name = device.name;
    auto promise = std::make_shared<QPromise<Expected<TunnelSpec>>>();
    promise->start();
    whenReady(
        entry.session->startForwarding(forward), this,
        [this, name, opened, promise](const Expected<void> &started) {
            Entry &target = m_entries[name];
            if (started) {
                setState(name, ConnectionState::Connected);
                target.tunnels.append(opened);
                Q_EMIT tunnelsChanged(name);
                promise->addResult(Expected<TunnelSpec>(opened));
            } else {
                if (!target.session->isConnected())
                    setState(name, ConnectionState::Failed, started.error().message);
                promise->addResult(Expected<TunnelSpec>(started.error()));
            }
            promise->finish();
        },
        [promise] { promise->finish(); });
    return promise->future();
}

QFuture<Expected<void>> DeviceConnections::closeTunnel(const QString &device, quint16 localPort)
{
    const auto it = m_entries.find(device);
    if (it == m_entries.end() || !it->second.session)
        return ready(Expected<void>());
    it->second.tunnels.removeIf([localPort](const TunnelSpec &spec) { return spec.localPort == localPort; });
    Q_EMIT tunnelsChanged(device);
    return it->second.session->stopForwarding(localPort);
}

} // namespace spark
