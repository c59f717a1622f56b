// SPDX-License-Identifier: MIT
#include "core/common/sudocredential.h"

#include <QTest>

using namespace spark;

class TestSudoCredential : public QObject
{
    Q_OBJECT

private slots:
    void withPassword()
    {
        const SudoCredential sudo(QStringLiteral("s3cret"));
        QVERIFY(sudo.hasPassword());
        QCOMPARE(sudo.prefix(), QStringLiteral("sudo -S -p ''"));
        QCOMPARE(sudo.rootShell(QStringLiteral("netplan apply")), QStringLiteral("sudo -S -p '' sh -c 'netplan apply'"));
        QCOMPARE(sudo.standardInput(), QByteArray("s3cret\n"));
        QVERIFY(!sudo.rootShell(QStringLiteral("true")).contains(QStringLiteral("s3cret")));
    }

    void withoutPassword()
    {
        const SudoCredential sudo;
        QVERIFY(!sudo.hasPassword());
        QCOMPARE(sudo.prefix(), QStringLiteral("sudo -n"));
        QCOMPARE(sudo.rootShell(QStringLiteral("it's")), QStringLiteral("sudo -n sh -c 'it'\\''s'"));
        QVERIFY(sudo.standardInput().isEmpty());
        QCOMPARE(SudoCredential::prefixWords(false), QStringList({QStringLiteral("sudo"), QStringLiteral("-n")}));
    }

    void recognisesRefusals_data()
    {
        QTest::addColumn<QString>("errors");
        QTest::addColumn<bool>("refused");
        QTest::addColumn<bool>("needed");
        QTest::newRow("wrong") << "Sorry, try again.\nsudo: 1 incorrect password attempt" << true << false;
        QTest::newRow("only the count") << "sudo: 3 incorrect password attempts" << true << false;
        QTest::newRow("sudo -n") << "sudo: a password is required" << false << true;
        QTest::newRow("stdin ran dry") << "sudo: no password was provided" << false << true;
        QTest::newRow("other") << "sudo: netplan: command not found" << false << false;
    }

    void recognisesRefusals()
    {
        QFETCH(QString, errors);
        QFETCH(bool, refused);
        QFETCH(bool, needed);
        QCOMPARE(SudoCredential::refusedPassword(errors), refused);
        QCOMPARE(SudoCredential::refusedPassword(errors.toUtf8()), refused);
        QCOMPARE(SudoCredential::neededPassword(errors), needed);
    }
};

QTEST_GUILESS_MAIN(TestSudoCredential)
#include "tst_sudocredential.moc"
