// SPDX-License-Identifier: MIT
#include "core/devices/enrolmentrequest.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace spark {

Expected<void> EnrolmentRequest::validateName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$"));
    if (name.isEmpty())
        return Error(tr("A device needs a name, for example spark-1."));
    if (!pattern.match(name).hasMatch())
        return Error(tr("The name \"%1\" may only use letters, digits, '.', '_' and '-' (no spaces); try something like spark-1.")
                         .arg(name));
    return {};
}

Expected<void> EnrolmentRequest::validateHost(const QString &host)
{
    if (host.isEmpty())
        return Error(tr("Enter the device's host name or IP address, for example spark-1.local or 192.168.1.20."));
    QString bare = host;
    if (bare.startsWith(QLatin1Char('[')) && bare.endsWith(QLatin1Char(']')))
        bare = bare.mid(1, bare.size() - 2);
    if (!QHostAddress(bare).isNull())
        return {};
    static const QRegularExpression hostname(
        QStringLiteral("^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?$"));
    if (!hostname.match(host).hasMatch())
        return Error(tr("\"%1\" is not a host name or IP address; use a name like spark-1.local or an address like 192.168.1.20.")
                         .arg(host));
    return {};
}

Expected<void> EnrolmentRequest::validateUser(const QString &user)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]{0,31}$"));
    if (user.isEmpty())
        return Error(tr("Enter the user name you log in to the device with."));
    if (!pattern.match(user).hasMatch())
        return Error(tr("\"%1\" is not a valid user name: use letters, digits, '.', '_' or '-', without spaces.").arg(user));
    return {};
}

Expected<void> EnrolmentRequest::validate() const
{
    if (auto valid = validateName(name); !valid)
        return valid;
    if (auto valid = validateHost(host); !valid)
        return valid;
    if (port == 0)
        return Error(tr("The SSH port must be a number from 1 to 65535 (usually 22)."));
    if (auto valid = validateUser(user); !valid)
        return valid;
    if (password.isEmpty())
        return Error(tr("Enter the password of %1 on the device; it is used once to install the program's key.").arg(user));
    return {};
}

} // namespace spark
