// SPDX-License-Identifier: MIT
#include "core/report/redactor.h"

#include <QRegularExpression>
#include <QTest>

using namespace spark;

class TestRedactor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void removes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("gone");     // must not be in the result
        QTest::addColumn<QString>("kept");     // must still be there
        QTest::newRow("a typed password anywhere") << "sudo said: Sorry, try again (hunter22)" << "hunter22" << "Sorry, try again";
        QTest::newRow("serial in dgx-release") << "DGX_NAME=\"DGX Spark\"\nDGX_SERIAL_NUMBER=\"1234567890\"\nDGX_PLATFORM=x"
                                               << "1234567890" << "DGX_SERIAL_NUMBER=\"(removed)\"";
        QTest::newRow("unquoted serial") << "DGX_SERIAL_NUMBER=SN-55501X\nDGX_PLATFORM=x" << "SN-55501X" << "DGX_PLATFORM=x";
        QTest::newRow("a private key")
            << "id\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nafter"
            << "b3BlbnNzaC1rZXktdjEAAAAA" << "after";
        QTest::newRow("a key cut short") << "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA" << "MIIEpAIBAAKCAQEA" << "";
        QTest::newRow("secret keys in settings") << "wifi-security:\n  psk: mywifipass\n  token = abcdef123\n"
                                                 << "mywifipass" << "psk: (removed)";
        QTest::newRow("a MAC") << "address=a0:88:c2:4e:12:34\n" << "a0:88:c2:4e:12:34" << "address=02:";
        QTest::newRow("a MAC in capitals") << "link/ether A0:88:C2:4E:12:34 brd" << "A0:88:C2:4E:12:34" << "link/ether 02:";
        QTest::newRow("the MAC inside a link-local address") << "\"local\": \"fe80::a288:c2ff:fe4e:1234\"" << "a288:c2ff:fe4e:1234"
                                                              << "fe80::";
        QTest::newRow("the MAC inside a RoCE GID") << "gids/0:fe80:0000:0000:0000:a288:c2ff:fe4e:1234" << "a288:c2ff:fe4e:1234"
                                                   << "gids/0:fe80:0000:0000:0000:";
    }

    void removes()
    {
        QFETCH(QString, text);
        QFETCH(QString, gone);
        QFETCH(QString, kept);
        Redactor redactor({{QStringLiteral("hunter22")}, false});
        redactor.learn(text);
        const QString result = redactor.apply(text);
        QVERIFY2(!result.contains(gone, Qt::CaseInsensitive), qPrintable(result));
        QVERIFY2(result.contains(kept), qPrintable(result));
    }

    // The serial read in one file is removed from every other, also without its key.
    void serialLearntInOneFileLeavesEveryFile()
    {
        Redactor redactor({{}, false});
        redactor.learn(QStringLiteral("DGX_SERIAL_NUMBER=\"1865012345\"\n"));
        QCOMPARE(redactor.apply(QStringLiteral("Serial Number: 1865012345")), QStringLiteral("Serial Number: (removed)"));
    }

    // A stable hash: the same card is the same card in every file and report,
    // and a link-local address still names the same (hashed) MAC.
    void macHashIsStableAndConsistent()
    {
        const QString hashed = Redactor::hashedMac(QStringLiteral("a0:88:c2:4e:12:34"));
        QCOMPARE(Redactor::hashedMac(QStringLiteral("A0:88:C2:4E:12:34")), hashed);
        QVERIFY(QRegularExpression(QStringLiteral("^02(:[0-9a-f]{2}){5}$")).match(hashed).hasMatch());
        QVERIFY(hashed != Redactor::hashedMac(QStringLiteral("a0:88:c2:4e:12:35")));
        Redactor redactor({{}, false});
        const QString linkLocal = redactor.apply(QStringLiteral("fe80::a288:c2ff:fe4e:1234"));
        // EUI-64 of the hashed MAC: its first byte with the universal/local bit flipped.
        const QStringList bytes = hashed.split(QLatin1Char(':'));
        const QString expected = QStringLiteral("fe80::%1%2:%3ff:fe%4:%5%6")
                                     .arg(QStringLiteral("%1").arg(bytes.at(0).toInt(nullptr, 16) ^ 2, 2, 16, QLatin1Char('0')),
                                          bytes.at(1), bytes.at(2), bytes.at(3), bytes.at(4), bytes.at(5));
        QCOMPARE(linkLocal, expected);
    }

    void keepMacsKeepsThem()
    {
        Redactor redactor({{}, true});
        const QString text = QStringLiteral("address=a0:88:c2:4e:12:34 fe80::a288:c2ff:fe4e:1234");
        QCOMPARE(redactor.apply(text), text);
    }

    // A one-letter password would blank out ordinary text: too short to search for.
    void shortSecretsAreNotSearchedFor()
    {
        Redactor redactor({{QStringLiteral("a")}, false});
        QCOMPARE(redactor.apply(QStringLiteral("a cable")), QStringLiteral("a cable"));
    }

    void plainOutputIsUntouched()
    {
        Redactor redactor({{QStringLiteral("hunter22")}, false});
        const QString text = QStringLiteral("Settings for enp1s0f0np0:\n\tSpeed: 200000Mb/s\n\tLink detected: yes\n"
                                            "inet 10.200.0.1/24 gid 3 10.131.64.11\n");
        QCOMPARE(redactor.apply(text), text);
    }
};

QTEST_GUILESS_MAIN(TestRedactor)
#include "tst_redactor.moc"
