// SPDX-License-Identifier: MIT
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace spark {

// What never leaves the desktop in a support report: passwords and other
// secrets, private keys, DGX_SERIAL_NUMBER; MAC addresses (and the IPv6
// interface ids and RoCE GIDs made from them) are replaced by a stable hash,
// so one card is still recognisable across files and reports, unless the
// user chose to keep them.
class Redactor
{
public:
    struct Options
    {
        QStringList secrets; // values to remove wherever they appear (passwords typed in)
        bool keepMacs = false;
    };

    explicit Redactor(Options options);

    // Learns the serial numbers a text names, so that they are removed from
    // every text, also where a file prints one without its key.
    void learn(const QString &text);
    QString apply(QString text) const;

    // 02:xx:xx:xx:xx:xx, locally administered: the same for the same MAC, in any report.
    static QString hashedMac(const QString &mac);

    static constexpr int minimumSecretLength = 4; // shorter values would blank out ordinary text

private:
    Options m_options;
    QSet<QString> m_serials;
};

} // namespace spark
