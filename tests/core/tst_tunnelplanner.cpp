// SPDX-License-Identifier: MIT
#include "core/tunnels/tunnelplanner.h"

#include <QSet>
#include <QTest>

using namespace spark;

using PortSet = QList<int>;

class TestTunnelPlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dashboardPreset()
    {
        const TunnelSpec dashboard = TunnelPlanner::dashboard();
        QCOMPARE(dashboard.localPort, quint16(11000));
        QCOMPARE(dashboard.remotePort, quint16(11000));
        QCOMPARE(TunnelPlanner::browserUrl(dashboard).toString(), QStringLiteral("http://localhost:11000/"));
        QVERIFY(TunnelPlanner::validate(dashboard));
    }

    void parsesPorts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("port"); // 0: refused
        QTest::newRow("plain") << "8888" << 8888;
        QTest::newRow("spaces") << " 11000 " << 11000;
        QTest::newRow("highest") << "65535" << 65535;
        QTest::newRow("zero") << "0" << 0;
        QTest::newRow("too high") << "65536" << 0;
        QTest::newRow("negative") << "-1" << 0;
        QTest::newRow("plus sign") << "+80" << 0;
        QTest::newRow("word") << "http" << 0;
        QTest::newRow("empty") << "" << 0;
        QTest::newRow("hex") << "0x50" << 0;
        QTest::newRow("arabic-indic digits") << QString::fromUtf8("٨٠") << 0;
    }

    void parsesPorts()
    {
        QFETCH(QString, text);
        QFETCH(int, port);
        const auto parsed = TunnelPlanner::parsePort(text);
        QCOMPARE(parsed.has_value(), port != 0);
        if (parsed)
            QCOMPARE(int(*parsed), port);
    }

    void validates_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("local");
        QTest::addColumn<int>("remote");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("errorPart"); // empty: valid
        QTest::newRow("jupyter") << "Jupyter" << 8888 << 8888 << "/lab" << "";
        QTest::newRow("no path") << "ssh-ish" << 2222 << 22 << "" << "";
        QTest::newRow("no name") << "  " << 8888 << 8888 << "" << "Give the tunnel a name";
        QTest::newRow("no remote port") << "x" << 8888 << 0 << "" << "port on the device";
        QTest::newRow("no local port") << "x" << 0 << 80 << "" << "local port";
        QTest::newRow("privileged local") << "web" << 80 << 80 << "/" << "administrator rights";
        QTest::newRow("relative path") << "web" << 8080 << 80 << "lab" << "must start with \"/\"";
        QTest::newRow("path with space") << "web" << 8080 << 80 << "/a b" << "no spaces";
        QTest::newRow("same name as another") << "dgx dashboard" << 12000 << 11000 << "" << "already a tunnel named";
        QTest::newRow("same local port as another") << "Other" << 11000 << 80 << "" << "already used by the tunnel";
    }

    void validates()
    {
        QFETCH(QString, name);
        QFETCH(int, local);
        QFETCH(int, remote);
        QFETCH(QString, path);
        QFETCH(QString, errorPart);
        const TunnelSpec spec{name, quint16(local), quint16(remote), path};
        const auto valid = TunnelPlanner::validate(spec, {TunnelPlanner::dashboard()});
        QCOMPARE(valid.hasValue(), errorPart.isEmpty());
        if (!valid)
            QVERIFY2(valid.error().message.contains(errorPart), qPrintable(valid.error().message));
        else
            QCOMPARE(valid->name, name.simplified());
    }

    void takenPortSuggestsTheNextFreeOne_data()
    {
        QTest::addColumn<int>("wanted");
        QTest::addColumn<PortSet>("taken");
        QTest::addColumn<int>("suggested"); // 0: free, no error; -1: none free
        QTest::newRow("free") << 11000 << PortSet{8888} << 0;
        QTest::newRow("taken") << 11000 << PortSet{11000} << 11001;
        QTest::newRow("next ones taken too") << 11000 << PortSet{11000, 11001, 11002} << 11003;
        QTest::newRow("top of the range") << 65535 << PortSet{65535} << -1;
        PortSet hundred;
        for (int port = 9000; port <= 9100; ++port)
            hundred.append(port);
        QTest::newRow("a hundred taken") << 9000 << hundred << -1;
    }

    void takenPortSuggestsTheNextFreeOne()
    {
        QFETCH(int, wanted);
        QFETCH(PortSet, taken);
        QFETCH(int, suggested);
        const auto isFree = [&taken](quint16 port) { return !taken.contains(int(port)); };
        const auto planned = TunnelPlanner::plan(TunnelSpec{QStringLiteral("t"), quint16(wanted), 80, {}}, isFree);
        if (suggested == 0) {
            QVERIFY(planned);
            return;
        }
        QVERIFY(!planned);
        QVERIFY2(planned.error().message.contains(QStringLiteral("already in use")), qPrintable(planned.error().message));
        if (suggested > 0) {
            QCOMPARE(planned.error().detail, QString::number(suggested));
            QVERIFY(planned.error().message.contains(QString::number(suggested)));
        } else {
            QVERIFY(planned.error().detail.isEmpty());
        }
    }

    void presetsMoveToAFreePort()
    {
        const auto isFree = [](quint16 port) { return port != 11000 && port != 11001; };
        const auto moved = TunnelPlanner::planOnFreePort(TunnelPlanner::dashboard(), isFree);
        QVERIFY(moved);
        QCOMPARE(moved->localPort, quint16(11002));
        QCOMPARE(moved->remotePort, quint16(11000));
        const auto none = TunnelPlanner::planOnFreePort(TunnelSpec{QStringLiteral("x"), 65535, 80, {}},
                                                        [](quint16) { return false; });
        QVERIFY(!none);
        const auto invalid = TunnelPlanner::planOnFreePort(TunnelSpec{QString(), 8000, 80, {}}, isFree);
        QVERIFY(!invalid);
    }

    void browserUrl_data()
    {
        QTest::addColumn<int>("local");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("url");
        QTest::newRow("root") << 11000 << "/" << "http://localhost:11000/";
        QTest::newRow("lab") << 8888 << "/lab" << "http://localhost:8888/lab";
        QTest::newRow("no path") << 8888 << "" << "";
    }

    void browserUrl()
    {
        QFETCH(int, local);
        QFETCH(QString, path);
        QFETCH(QString, url);
        QCOMPARE(TunnelPlanner::browserUrl(TunnelSpec{QStringLiteral("x"), quint16(local), 1, path}).toString(), url);
    }

    void specRoundTripsThroughJson()
    {
        const TunnelSpec spec{QStringLiteral("Jupyter"), 8889, 8888, QStringLiteral("/lab")};
        QCOMPARE(TunnelSpec::fromJson(spec.toJson()), spec);
    }
};

QTEST_GUILESS_MAIN(TestTunnelPlanner)
#include "tst_tunnelplanner.moc"
