// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// A registered Spark (or generic Linux host). Its identity is its host key
// and its CX-7 MAC addresses, never /etc/machine-id (Sparks ship duplicates).
struct Device
{
    QString name;              // display name, unique in the registry
    QString host;              // hostname, .local name, IPv4 or IPv6
    quint16 port = 22;
    QString user;
    QString sshAlias;          // the Host alias we manage in ~/.ssh/config
    QString hostKeyFingerprint; // "SHA256:…"
    QStringList cx7Macs;
    bool isDgxSpark = true;
    QString identityFile;      // the private key used to log in (the program's own, or the alias's)
    bool managesSshConfig = true; // false for an imported alias: its ~/.ssh/config block is the user's

    QJsonObject toJson() const;
    static Device fromJson(const QJsonObject &object);

    friend bool operator==(const Device &, const Device &) = default;
};

// The devices called `names`, in that order; a name not among `devices` is left out.
QList<Device> devicesNamed(const QList<Device> &devices, const QStringList &names);

} // namespace spark
