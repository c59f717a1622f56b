// SPDX-License-Identifier: MIT
#include "ui/drawings/layoutpicture.h"
#include "ui/wizard/layoutcard.h"
#include "ui/wizard/layoutpage.h"
#include "ui/wizard/setupwizard.h"

#include <QLabel>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "support/screenshots.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

class TestLayoutPage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nothingIsChosenAtFirst()
    {
        LayoutPage page;
        QVERIFY(!page.isComplete());
        QVERIFY(!page.layout().has_value());
        QCOMPARE(page.nodeCount(), 0);
    }

    void clickingACardChoosesIt_data()
    {
        QTest::addColumn<QString>("card");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("nodes");
        QTest::newRow("direct") << QStringLiteral("layoutDirect2Card") << QStringLiteral("direct2") << 2;
        QTest::newRow("ring") << QStringLiteral("layoutRing3Card") << QStringLiteral("ring3") << 3;
        QTest::newRow("switch") << QStringLiteral("layoutSwitchCard") << QStringLiteral("switch") << 4;
    }

    void clickingACardChoosesIt()
    {
        QFETCH(QString, card);
        QFETCH(QString, key);
        QFETCH(int, nodes);
        SetupWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::LayoutPage));
        auto *page = qobject_cast<LayoutPage *>(wizard.currentPage());
        QVERIFY(page);
        QSignalSpy complete(page, &QWizardPage::completeChanged);
        auto *target = page->findChild<LayoutCard *>(card);
        QVERIFY(target);
        // A click on the card's picture, not on its radio button.
        QTest::mouseClick(target->picture(), Qt::LeftButton, {}, target->picture()->rect().center());
        QVERIFY(target->radioButton()->isChecked());
        QVERIFY(page->isComplete());
        QVERIFY(complete.size() >= 1);
        QCOMPARE(wizard.field(QStringLiteral("layout")).toString(), key);
        QCOMPARE(wizard.field(QStringLiteral("nodeCount")).toInt(), nodes);
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("layoutSummary"))->text().contains(QLatin1String("QSFP")));
    }

    void switchCountIsLimitedAndChoosesTheSwitch()
    {
        LayoutPage page;
        page.setChoice(ClusterLayout::Ring3);
        auto *spin = page.findChild<QSpinBox *>(QStringLiteral("switchNodeCount"));
        QVERIFY(spin);
        QCOMPARE(spin->minimum(), 2);
        QCOMPARE(spin->maximum(), 16);
        spin->setValue(17);
        QCOMPARE(spin->value(), 16);
        QCOMPARE(page.layout(), std::optional(ClusterLayout::Switch));
        QCOMPARE(page.nodeCount(), 16);
        QVERIFY(page.isComplete());
        QCOMPARE(page.findChild<LayoutCard *>(QStringLiteral("layoutSwitchCard"))->picture()->nodeCount(), 16);
        spin->setValue(1);
        QCOMPARE(page.nodeCount(), 2);
        QVERIFY(page.isComplete());
    }

    void directAndRingHaveFixedCounts()
    {
        // Four or more direct, or a ring of two, cannot be expressed on the page.
        LayoutPage page;
        page.findChild<QSpinBox *>(QStringLiteral("switchNodeCount"))->setValue(9);
        page.setChoice(ClusterLayout::Direct2);
        QCOMPARE(page.nodeCount(), 2);
        QVERIFY(page.isComplete());
        page.setChoice(ClusterLayout::Ring3);
        QCOMPARE(page.nodeCount(), 3);
        QVERIFY(page.isComplete());
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("layoutSummary"))->text().contains(QLatin1String("3")));
    }

    void keyboardChoosesWithArrowKeys()
    {
        LayoutPage page;
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *direct = page.findChild<QRadioButton *>(QStringLiteral("layoutDirect2"));
        direct->setFocus();
        QTest::keyClick(direct, Qt::Key_Space);
        QCOMPARE(page.layoutKeyValue(), QStringLiteral("direct2"));
        QTest::keyClick(direct, Qt::Key_Right);
        QCOMPARE(page.layoutKeyValue(), QStringLiteral("ring3"));
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        SetupWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        auto *page = qobject_cast<LayoutPage *>(wizard.currentPage());
        QVERIFY(page);
        page->setChoice(ClusterLayout::Ring3);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-layout"), look));
        page->setChoice(ClusterLayout::Switch, 8);
        wizard.resize(640, 520);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-layout-small"), look));
    }
};

QTEST_MAIN(TestLayoutPage)
#include "tst_layoutpage.moc"
