// SPDX-License-Identifier: MIT
#include "ui/drawings/layoutpicture.h"
#include "ui/drawings/topologyview.h"

#include <QGridLayout>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include "support/screenshots.h"

using namespace spark::ui;
using namespace spark::testsupport;

namespace {

TopologyNode node(int number, const QString &host = {})
{
    return { QStringLiteral("Spark %1").arg(number), host, DrawState::None };
}

// NVIDIA's ring: S1 P0→S2 P1, S2 P0→S3 P1, S3 P0→S1 P1; one cable in, one next, one wrong.
TopologyModel ring3()
{
    TopologyModel model;
    model.kind = TopologyModel::Kind::Ring;
    model.nodes = { node(1, QStringLiteral("spark-a")), node(2, QStringLiteral("spark-b")),
        node(3, QStringLiteral("10.0.0.13")) };
    // The third cable landed in Spark 2 port 0 instead of Spark 1 port 1.
    model.cables = { { 0, 1, 0, 1, DrawState::Ok, QStringLiteral("196 Gb/s") }, { 1, 2, 0, 1, DrawState::Next, {} },
        { 2, 1, 0, 0, DrawState::Wrong, {} } };
    model.arrows = { { 1, 0, 0, 1, QStringLiteral("Spark 1 · P1") } };
    return model;
}

TopologyModel direct2()
{
    TopologyModel model;
    model.kind = TopologyModel::Kind::Direct;
    model.nodes = { node(1, QStringLiteral("spark-a")), node(2, QStringLiteral("spark-b")) };
    model.cables = { { 0, 1, 0, 0, DrawState::Missing, {} } };
    return model;
}

TopologyModel switched(int n)
{
    TopologyModel model;
    model.kind = TopologyModel::Kind::Switch;
    model.switchName = QStringLiteral("SN2201");
    for (int i = 0; i < n; ++i) {
        model.nodes.append(node(i + 1, QStringLiteral("spark-%1").arg(QChar(u'a' + i))));
        const DrawState state = i == 1 ? DrawState::Degraded : i == 2 ? DrawState::Wrong : DrawState::Ok;
        model.cables.append({ i, TopologyModel::kSwitch, 0, i + 1, state, {} });
    }
    return model;
}

bool hasContent(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

} // namespace

class TestTopologyView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clickingACableOrNodeEmitsIt_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("nodes");
        QTest::newRow("direct 2") << int(TopologyModel::Kind::Direct) << 2;
        QTest::newRow("ring 3") << int(TopologyModel::Kind::Ring) << 3;
        QTest::newRow("switch 4") << int(TopologyModel::Kind::Switch) << 4;
        QTest::newRow("switch 16") << int(TopologyModel::Kind::Switch) << 16;
    }

    void clickingACableOrNodeEmitsIt()
    {
        QFETCH(int, kind);
        QFETCH(int, nodes);
        const auto k = TopologyModel::Kind(kind);
        TopologyModel model = k == TopologyModel::Kind::Ring ? ring3()
            : k == TopologyModel::Kind::Direct               ? direct2()
                                                             : switched(nodes);
        TopologyView view;
        view.setModel(model);
        view.resize(560, 340);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy cables(&view, &TopologyView::cableClicked);
        QSignalSpy nodesClicked(&view, &TopologyView::nodeClicked);
        const TopologyGeometry g = view.geometry();

        for (int i = 0; i < model.cables.size(); ++i) {
            const QLineF line = g.cableLine(i);
            QVERIFY2(line.length() > 4, qPrintable(QStringLiteral("cable %1 has no length").arg(i)));
            QTest::mouseClick(&view, Qt::LeftButton, {}, line.pointAt(0.5).toPoint());
            QCOMPARE(cables.size(), i + 1);
            QCOMPARE(cables.last().at(0).toInt(), i);
        }
        for (int i = 0; i < model.nodes.size(); ++i) {
            QTest::mouseClick(&view, Qt::LeftButton, {}, g.nodeRect(i).center().toPoint());
            QCOMPARE(nodesClicked.size(), i + 1);
            QCOMPARE(nodesClicked.last().at(0).toInt(), i);
        }
        if (k == TopologyModel::Kind::Switch) {
            QTest::mouseClick(&view, Qt::LeftButton, {}, g.nodeRect(TopologyModel::kSwitch).center().toPoint());
            QCOMPARE(nodesClicked.last().at(0).toInt(), int(TopologyModel::kSwitch));
        }
        // An empty corner hits nothing.
        const int before = int(cables.size() + nodesClicked.size());
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, view.height() - 2));
        QCOMPARE(int(cables.size() + nodesClicked.size()), before);
    }

    void nodesFitAndDoNotOverlap_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QSize>("size");
        for (int n = 2; n <= 16; ++n) {
            QTest::newRow(qPrintable(QStringLiteral("switch %1 wide").arg(n))) << n << QSize(560, 340);
            QTest::newRow(qPrintable(QStringLiteral("switch %1 small").arg(n))) << n << QSize(240, 170);
        }
    }

    void nodesFitAndDoNotOverlap()
    {
        QFETCH(int, nodes);
        QFETCH(QSize, size);
        const TopologyModel model = switched(nodes);
        const TopologyGeometry g(model, QRectF(QPointF(0, 0), size), QFont(), false);
        const QRectF area(QPointF(0, 0), size);
        QVERIFY(area.contains(g.nodeRect(TopologyModel::kSwitch)));
        for (int i = 0; i < nodes; ++i) {
            QVERIFY2(area.contains(g.nodeRect(i)), qPrintable(QStringLiteral("node %1 outside").arg(i)));
            QVERIFY(!g.nodeRect(i).intersects(g.nodeRect(TopologyModel::kSwitch)));
            for (int j = i + 1; j < nodes; ++j)
                QVERIFY(!g.nodeRect(i).intersects(g.nodeRect(j)));
        }
    }

    void ringIsATriangle()
    {
        const TopologyGeometry g(ring3(), QRectF(0, 0, 500, 320), QFont(), false);
        QVERIFY(!g.nodeRect(0).intersects(g.nodeRect(1)));
        QVERIFY(g.nodeRect(2).top() > g.nodeRect(0).bottom());
        QVERIFY(g.nodeRect(0).center().x() < g.nodeRect(2).center().x());
        QVERIFY(g.nodeRect(2).center().x() < g.nodeRect(1).center().x());
    }

    void cablesAreDescribedForScreenReaders()
    {
        TopologyView view;
        view.setModel(ring3());
        const QString description = view.accessibleDescription();
        QVERIFY2(description.contains(QLatin1String("Spark 1 port 0")), qPrintable(description));
        QVERIFY(description.contains(QLatin1String("Spark 2 port 1")));
        QVERIFY(description.contains(QLatin1String("196 Gb/s")));
        QCOMPARE(description.count(QLatin1Char(';')), 2);
    }

    void layoutPicturesHaveTheLayoutsCables()
    {
        QCOMPARE(LayoutPicture::pictureModel(TopologyModel::Kind::Direct, 2).cables.size(), 1);
        QCOMPARE(LayoutPicture::pictureModel(TopologyModel::Kind::Ring, 3).cables.size(), 3);
        QCOMPARE(LayoutPicture::pictureModel(TopologyModel::Kind::Switch, 7).cables.size(), 7);
    }

    void rendersAtEveryPixelRatio_data()
    {
        QTest::addColumn<qreal>("ratio");
        QTest::newRow("1") << 1.0;
        QTest::newRow("2") << 2.0;
    }

    void rendersAtEveryPixelRatio()
    {
        QFETCH(qreal, ratio);
        for (const TopologyModel &model : { ring3(), direct2(), switched(2), switched(9), switched(16) }) {
            TopologyView view;
            view.setModel(model);
            view.resize(400, 260);
            QImage image(view.size() * ratio, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(ratio);
            image.fill(Qt::transparent);
            view.render(&image);
            QVERIFY(hasContent(image));
            LayoutPicture picture(model.kind, int(model.nodes.size()));
            picture.resize(160, 100);
            image.fill(Qt::transparent);
            picture.render(&image);
            QVERIFY(hasContent(image));
        }
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);

        const QList<QPair<QString, TopologyModel>> views { { QStringLiteral("topology-ring3"), ring3() },
            { QStringLiteral("topology-direct2"), direct2() }, { QStringLiteral("topology-switch4"), switched(4) },
            { QStringLiteral("topology-switch16"), switched(16) } };
        for (const auto &[name, model] : views) {
            TopologyView view;
            view.setModel(model);
            view.resize(520, 320);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QVERIFY(saveScreenshot(view, name, look));
            view.resize(260, 180);
            QVERIFY(saveScreenshot(view, name + QStringLiteral("-small"), look));
        }

        QWidget cards;
        auto *grid = new QGridLayout(&cards);
        grid->addWidget(new LayoutPicture(TopologyModel::Kind::Direct, 2, &cards), 0, 0);
        grid->addWidget(new LayoutPicture(TopologyModel::Kind::Ring, 3, &cards), 0, 1);
        grid->addWidget(new LayoutPicture(TopologyModel::Kind::Switch, 4, &cards), 0, 2);
        grid->addWidget(new LayoutPicture(TopologyModel::Kind::Switch, 16, &cards), 0, 3);
        cards.resize(700, 120);
        cards.show();
        QVERIFY(QTest::qWaitForWindowExposed(&cards));
        QVERIFY(saveScreenshot(cards, QStringLiteral("layoutpictures"), look));
    }
};

QTEST_MAIN(TestTopologyView)
#include "tst_topologyview.moc"
