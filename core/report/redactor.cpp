// SPDX-License-Identifier: MIT
#include "core/report/redactor.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace spark {

namespace {

const QString removed = QStringLiteral("(removed)");

const QRegularExpression &serialLine()
{
    static const QRegularExpression pattern(
        QStringLiteral("\\b(DGX_SERIAL_NUMBER[ \\t]*=[ \\t]*)(\"[^\"\\n]*\"|'[^'\\n]*'|[^\\s]*)"));
    return pattern;
}

QString unquoted(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2 && (value.startsWith(QLatin1Char('"')) || value.startsWith(QLatin1Char('\''))))
        value = value.mid(1, value.size() - 2);
    return value.trimmed();
}

QString withoutPrivateKeys(QString text)
{
    static const QRegularExpression block(
        QStringLiteral("-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)"),
        QRegularExpression::DotMatchesEverythingOption);
    return text.replace(block, QStringLiteral("(private key removed)"));
}

// "password = x", "psk: x", "Token=x", "--password x" style values.
QString withoutSecretValues(QString text)
{
    static const QRegularExpression keyed(
        QStringLiteral("((?:password|passwd|passphrase|secret|token|psk|private[-_]?key)[\\w.-]*\\s*[:=]\\s*)(\\S.*)$"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    return text.replace(keyed, QStringLiteral("\\1") + removed);
}

QByteArray macBytes(const QString &mac)
{
    return QByteArray::fromHex(mac.toLatin1().replace(':', QByteArray()));
}

QString macText(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.toHex(':'));
}

QByteArray hashedBytes(const QByteArray &mac)
{
    QByteArray hash = QCryptographicHash::hash(QByteArray(QByteArrayLiteral("spark-companion report mac ") + mac.toHex()),
                                               QCryptographicHash::Sha256).left(6);
    hash[0] = char(0x02); // locally administered, unicast: never a real card's address
    return hash;
}

QString withHashedMacs(QString text)
{
    static const QRegularExpression mac(QStringLiteral("\\b[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}\\b"));
    QString result;
    qsizetype last = 0;
    for (auto it = mac.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        result += QStringView(text).mid(last, match.capturedStart() - last);
        result += Redactor::hashedMac(match.captured());
        last = match.capturedEnd();
    }
    result += QStringView(text).mid(last);
    text = result;

    // EUI-64 interface ids (link-local IPv6 addresses, RoCE GIDs) carry the MAC:
    // xxxx:xxff:fexx:xxxx with the universal/local bit flipped.
    static const QRegularExpression eui64(
        QStringLiteral("\\b([0-9A-Fa-f]{1,4}):([0-9A-Fa-f]{0,2})ff:fe([0-9A-Fa-f]{2}):([0-9A-Fa-f]{1,4})\\b"));
    result.clear();
    last = 0;
    for (auto it = eui64.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        QByteArray original = QByteArray::fromHex(match.captured(1).rightJustified(4, QLatin1Char('0')).toLatin1()
                                                  + match.captured(2).rightJustified(2, QLatin1Char('0')).toLatin1()
                                                  + match.captured(3).toLatin1()
                                                  + match.captured(4).rightJustified(4, QLatin1Char('0')).toLatin1());
        original[0] = char(original.at(0) ^ 0x02);
        QByteArray hashed = hashedBytes(original);
        hashed[0] = char(hashed.at(0) ^ 0x02);
        const QString hex = QString::fromLatin1(hashed.toHex());
        result += QStringView(text).mid(last, match.capturedStart() - last);
        result += hex.mid(0, 4) + QLatin1Char(':') + hex.mid(4, 2) + QStringLiteral("ff:fe") + hex.mid(6, 2)
            + QLatin1Char(':') + hex.mid(8, 4);
        last = match.capturedEnd();
    }
    result += QStringView(text).mid(last);
    return result;
}

} // namespace

Redactor::Redactor(Options options)
    : m_options(std::move(options))
{
}

void Redactor::learn(const QString &text)
{
    for (auto it = serialLine().globalMatch(text); it.hasNext();) {
        const QString serial = unquoted(it.next().captured(2));
        if (serial.size() >= minimumSecretLength)
            m_serials.insert(serial);
    }
}

QString Redactor::apply(QString text) const
{
    text.replace(serialLine(), QStringLiteral("\\1\"") + removed + QLatin1Char('"'));
    for (const QString &serial : m_serials)
        text.replace(serial, removed);
    for (const QString &secret : m_options.secrets) {
        if (secret.size() >= minimumSecretLength)
            text.replace(secret, removed);
    }
    text = withoutPrivateKeys(std::move(text));
    text = withoutSecretValues(std::move(text));
    if (!m_options.keepMacs)
        text = withHashedMacs(std::move(text));
    return text;
}

QString Redactor::hashedMac(const QString &mac)
{
    return macText(hashedBytes(macBytes(mac.toLower())));
}

} // namespace spark
