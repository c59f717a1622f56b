// SPDX-License-Identifier: MIT
#include "ui/drawings/qsfpcloseupview.h"
#include "ui/drawings/rearpanelview.h"

#include <QAbstractButton>
#include <QHBoxLayout>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

#include "support/screenshots.h"

using namespace spark::ui;
using namespace spark::testsupport;

namespace {

RearPanelModel selectableModel()
{
    RearPanelModel model;
    model.title = QStringLiteral("Spark 1 · spark-a");
    model.selectable = true;
    model.ports[0].state = DrawState::Next;
    return model;
}

// True if the image holds more than one colour: something was drawn.
bool hasContent(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

} // namespace

class TestRearPanelView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clickOnAPortEmitsItsNumber_data()
    {
        QTest::addColumn<int>("port");
        QTest::addColumn<int>("width");
        QTest::newRow("port 0, wide") << 0 << 720;
        QTest::newRow("port 1, wide") << 1 << 720;
        QTest::newRow("port 0, small") << 0 << 260;
        QTest::newRow("port 1, small") << 1 << 260;
    }

    void clickOnAPortEmitsItsNumber()
    {
        QFETCH(int, port);
        QFETCH(int, width);
        RearPanelView view;
        view.setModel(selectableModel());
        view.resize(width, view.heightForWidth(width));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &RearPanelView::portClicked);
        const QPoint centre = view.portCentre(port).toPoint();
        QCOMPARE(view.portAt(centre), port);
        QTest::mouseClick(&view, Qt::LeftButton, {}, centre);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), port);
    }

    void clicksElsewhereDoNothing()
    {
        RearPanelView view;
        view.setModel(selectableModel());
        view.resize(600, view.heightForWidth(600));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &RearPanelView::portClicked);
        const QPointF p0 = view.portCentre(0), p1 = view.portCentre(1);
        const QRectF panel = view.panelRect();
        // The RJ-45 left of port 0, the gap between the ports, the right edge, the title, the left half.
        const QList<QPointF> misses { QPointF(p0.x() - (p1.x() - p0.x()) * 0.75, p0.y()), (p0 + p1) / 2,
            QPointF(panel.right() - 1, p1.y()), QPointF(p0.x(), 4),
            QPointF(panel.left() + panel.width() / 4, panel.center().y()) };
        for (const QPointF &p : misses) {
            QCOMPARE(view.portAt(p), -1);
            QTest::mouseClick(&view, Qt::LeftButton, {}, p.toPoint());
        }
        QCOMPARE(spy.size(), 0);
    }

    void notSelectableEmitsNothing()
    {
        RearPanelView view;
        RearPanelModel model = selectableModel();
        model.selectable = false;
        view.setModel(model);
        view.resize(600, view.heightForWidth(600));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &RearPanelView::portClicked);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.portCentre(0).toPoint());
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.portCentre(1).toPoint());
        auto *button = view.findChild<QAbstractButton *>(QStringLiteral("port0"));
        QVERIFY(button);
        QCOMPARE(button->focusPolicy(), Qt::NoFocus);
        button->click();
        QCOMPARE(spy.size(), 0);
    }

    void keyboardSelectsPorts()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *view = new RearPanelView(&window);
        view->setModel(selectableModel());
        layout->addWidget(view);
        window.resize(600, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy spy(view, &RearPanelView::portClicked);

        auto *port0 = view->findChild<QAbstractButton *>(QStringLiteral("port0"));
        auto *port1 = view->findChild<QAbstractButton *>(QStringLiteral("port1"));
        QCOMPARE(port0->accessibleName(), QStringLiteral("Port 0, left"));
        QCOMPARE(port1->accessibleName(), QStringLiteral("Port 1, right"));
        QVERIFY(!port0->accessibleDescription().isEmpty());

        window.activateWindow();
        port0->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(port0->hasFocus());
        QTest::keyClick(port0, Qt::Key_Space);
        QTest::keyClick(port0, Qt::Key_Right);
        QTRY_VERIFY(port1->hasFocus());
        QTest::keyClick(port1, Qt::Key_Return);
        QTest::keyClick(port1, Qt::Key_Left);
        QTRY_VERIFY(port0->hasFocus());
        QTest::keyClick(port0, Qt::Key_Tab);
        QTRY_VERIFY(port1->hasFocus());
        QTest::keyClick(port1, Qt::Key_Enter);

        QCOMPARE(spy.size(), 3);
        QCOMPARE(spy.at(0).at(0).toInt(), 0);
        QCOMPARE(spy.at(1).at(0).toInt(), 1);
        QCOMPARE(spy.at(2).at(0).toInt(), 1);
    }

    void keepsTheRearFaceProportions_data()
    {
        QTest::addColumn<int>("width");
        for (int w : { 240, 480, 1000 })
            QTest::newRow(qPrintable(QString::number(w))) << w;
    }

    void keepsTheRearFaceProportions()
    {
        QFETCH(int, width);
        RearPanelView view;
        view.setModel(selectableModel());
        QVERIFY(view.hasHeightForWidth());
        view.resize(width, view.heightForWidth(width));
        const QRectF panel = view.panelRect();
        QVERIFY(qAbs(panel.width() / panel.height() - 150.0 / 50.5) < 0.01);
        QVERIFY(panel.bottom() <= view.height());
        QVERIFY(panel.right() <= view.width());
        QVERIFY(view.heightForWidth(2 * width) > view.heightForWidth(width));
        // Port 0 is left of port 1, both on the panel.
        QVERIFY(view.portCentre(0).x() < view.portCentre(1).x());
        QVERIFY(panel.contains(view.portCentre(0)) && panel.contains(view.portCentre(1)));
    }

    void squeezedHeightShrinksThePanel()
    {
        RearPanelView view;
        view.setModel(selectableModel());
        view.resize(600, view.heightForWidth(600) / 2);
        const QRectF panel = view.panelRect();
        QVERIFY(panel.width() < 600);
        QVERIFY(panel.bottom() <= view.height());
        QVERIFY(qAbs(panel.width() / panel.height() - 150.0 / 50.5) < 0.01);
        QCOMPARE(view.portAt(view.portCentre(1)), 1);
    }

    void rendersAtEveryPixelRatio_data()
    {
        QTest::addColumn<qreal>("ratio");
        QTest::newRow("1") << 1.0;
        QTest::newRow("1.5") << 1.5;
        QTest::newRow("2") << 2.0;
    }

    void rendersAtEveryPixelRatio()
    {
        QFETCH(qreal, ratio);
        const QList<DrawState> states { DrawState::None, DrawState::Next, DrawState::Ok, DrawState::Wrong,
            DrawState::Missing, DrawState::Degraded };
        for (DrawState a : states) {
            RearPanelView view;
            RearPanelModel model;
            model.title = QStringLiteral("Spark 2");
            model.ports[0].state = a;
            model.ports[0].peer = QStringLiteral("Spark 3 · port 1");
            model.ports[1].state = DrawState::Wrong;
            model.arrowFrom = 1;
            model.arrowTo = 0;
            view.setModel(model);
            view.resize(400, view.heightForWidth(400));
            QImage image(view.size() * ratio, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(ratio);
            image.fill(Qt::transparent);
            view.render(&image);
            QVERIFY(hasContent(image));
        }
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);

        // The cabling page's pair: one cable in, the next one highlighted, one in the wrong port.
        QWidget page;
        auto *layout = new QVBoxLayout(&page);
        auto *first = new RearPanelView(&page);
        RearPanelModel a;
        a.title = QStringLiteral("Spark 1 · spark-a");
        a.ports[0] = { DrawState::Ok, QStringLiteral("Spark 2 · port 1"), {} };
        a.ports[1] = { DrawState::Next, QStringLiteral("Spark 3 · port 0"), {} };
        a.selectable = true;
        first->setModel(a);
        auto *second = new RearPanelView(&page);
        RearPanelModel b;
        b.title = QStringLiteral("Spark 2 · spark-b");
        b.ports[0] = { DrawState::Missing, QStringLiteral("Spark 3 · port 1"), {} };
        b.ports[1] = { DrawState::Wrong, QStringLiteral("Spark 1 · port 0"), {} };
        b.arrowFrom = 1;
        b.arrowTo = 0;
        second->setModel(b);
        auto *closeUp = new QsfpCloseUpView(&page);
        auto *row = new QHBoxLayout;
        auto *panels = new QVBoxLayout;
        panels->addWidget(first);
        panels->addWidget(second);
        row->addLayout(panels, 3);
        row->addWidget(closeUp, 1, Qt::AlignTop);
        layout->addLayout(row);
        layout->addStretch();
        page.resize(820, 540);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(saveScreenshot(page, QStringLiteral("rearpanel-cabling"), look));

        page.resize(460, 330);
        QVERIFY(saveScreenshot(page, QStringLiteral("rearpanel-cabling-small"), look));

        // HiDPI: the same drawing at twice the pixels, for a sharpness check.
        QImage hidpi(QSize(520, first->heightForWidth(520)) * 2, QImage::Format_ARGB32_Premultiplied);
        hidpi.setDevicePixelRatio(2);
        hidpi.fill(page.palette().color(QPalette::Window));
        first->resize(520, first->heightForWidth(520));
        first->render(&hidpi);
        QVERIFY(hidpi.save(QDir(screenshotDir()).filePath(QStringLiteral("rearpanel-hidpi@2x-%1.png").arg(look.name))));

        RearPanelView big;
        big.setModel(b);
        big.resize(1000, big.heightForWidth(1000));
        big.show();
        QVERIFY(QTest::qWaitForWindowExposed(&big));
        QVERIFY(saveScreenshot(big, QStringLiteral("rearpanel-large"), look));
    }
};

QTEST_MAIN(TestRearPanelView)
#include "tst_rearpanelview.moc"
