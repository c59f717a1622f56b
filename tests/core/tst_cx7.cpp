// SPDX-License-Identifier: MIT
#include "core/hardware/cx7.h"

#include <QTest>

using namespace spark;

class TestCx7 final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table_data()
    {
        QTest::addColumn<QString>("netdev");
        QTest::addColumn<QString>("rdma");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("pci");
        QTest::addColumn<QString>("twin");
        // DGX-SPARK.md, "Interfaces": the NVIDIA table.
        QTest::newRow("port 0 domain 0") << "enp1s0f0np0" << "rocep1s0f0" << 0 << "0000:01:00.0" << "enP2p1s0f0np0";
        QTest::newRow("port 0 domain 2") << "enP2p1s0f0np0" << "roceP2p1s0f0" << 0 << "0002:01:00.0" << "enp1s0f0np0";
        QTest::newRow("port 1 domain 0") << "enp1s0f1np1" << "rocep1s0f1" << 1 << "0000:01:00.1" << "enP2p1s0f1np1";
        QTest::newRow("port 1 domain 2") << "enP2p1s0f1np1" << "roceP2p1s0f1" << 1 << "0002:01:00.1" << "enp1s0f1np1";
    }

    void table()
    {
        QFETCH(QString, netdev);
        QFETCH(QString, rdma);
        QFETCH(int, port);
        QFETCH(QString, pci);
        QFETCH(QString, twin);
        const Cx7Function *function = cx7::findByNetdev(netdev);
        QVERIFY(function);
        QCOMPARE(function->rdmaDeviceName(), rdma);
        QCOMPARE(function->port, port);
        QCOMPARE(function->pciAddressString(), pci);
        QCOMPARE(cx7::twinOf(*function).netdevName(), twin);
        QCOMPARE(cx7::findByRdmaDevice(rdma), function);
        QCOMPARE(QString::fromLatin1(function->physPortName), QStringLiteral("p%1").arg(port));
        QVERIFY(cx7::netdevNamesOfPort(port).contains(netdev));
        QVERIFY(cx7::isCx7Netdev(netdev));
    }

    void unknownNames()
    {
        QVERIFY(!cx7::findByNetdev(QStringLiteral("enp2p1s0f0np0"))); // case matters
        QVERIFY(!cx7::findByNetdev(QStringLiteral("enP7s7")));
        QVERIFY(!cx7::findByRdmaDevice(QStringLiteral("mlx5_0")));
        QVERIFY(!cx7::find(2, 0));
    }

    void sides()
    {
        QCOMPARE(cx7::sideKey(0), QStringLiteral("left"));
        QCOMPARE(cx7::sideKey(1), QStringLiteral("right"));
        QCOMPARE(cx7::netdevNames().size(), 4);
        QCOMPARE(cx7::rdmaDeviceNames().size(), 4);
    }
};

QTEST_APPLESS_MAIN(TestCx7)
#include "tst_cx7.moc"
