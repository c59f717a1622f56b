// SPDX-License-Identifier: MIT
#include "core/common/sudocredential.h"

#include "core/common/shellquote.h"

namespace spark {

QString SudoCredential::prefix(bool withPassword)
{
    return withPassword ? QStringLiteral("sudo -S -p ''") : QStringLiteral("sudo -n");
}

QStringList SudoCredential::prefixWords(bool withPassword)
{
    return withPassword ? QStringList{QStringLiteral("sudo"), QStringLiteral("-S"), QStringLiteral("-p"), QString()}
                        : QStringList{QStringLiteral("sudo"), QStringLiteral("-n")};
}

QString SudoCredential::rootShell(const QString &command, bool withPassword)
{
    return prefix(withPassword) + QStringLiteral(" sh -c ") + shellQuote(command);
}

QByteArray SudoCredential::standardInput() const
{
    return hasPassword() ? m_password.toUtf8() + '\n' : QByteArray();
}

bool SudoCredential::refusedPassword(const QString &errors)
{
    return errors.contains(QLatin1String("incorrect password")) || errors.contains(QLatin1String("Sorry, try again"));
}

bool SudoCredential::neededPassword(const QString &errors)
{
    return errors.contains(QLatin1String("a password is required"))
        || errors.contains(QLatin1String("no password was provided"));
}

} // namespace spark
