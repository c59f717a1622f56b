// SPDX-License-Identifier: MIT
#pragma once

// Walking the set-up wizard in the ui tests, with the fake backend's answers.
#include "ui/wizard/cablingpage.h"
#include "ui/wizard/configurepage.h"
#include "ui/wizard/devicespage.h"
#include "ui/wizard/layoutpage.h"
#include "ui/wizard/setupwizard.h"

#include <QCheckBox>
#include <QStringList>
#include <QTest>

namespace spark::testsupport {

inline const QStringList kRing{QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};

template<typename Page>
Page *current(spark::ui::SetupWizard &wizard)
{
    return qobject_cast<Page *>(wizard.currentPage());
}

// Walks the wizard to `target`, making the choices each page needs on the way.
inline bool walkTo(spark::ui::SetupWizard &wizard, int target,
                   spark::ClusterLayout layout = spark::ClusterLayout::Ring3, const QStringList &devices = kRing)
{
    while (wizard.currentId() != target) {
        switch (wizard.currentId()) {
        case spark::ui::SetupWizard::LayoutPage:
            current<spark::ui::LayoutPage>(wizard)->setChoice(layout);
            break;
        case spark::ui::SetupWizard::DevicesPage:
            current<spark::ui::DevicesPage>(wizard)->choose(devices);
            break;
        case spark::ui::SetupWizard::ChecksPage: {
            auto *accept = wizard.currentPage()->findChild<QCheckBox *>(QStringLiteral("acceptWarnings"));
            // Warnings show once every answer is in; they are accepted, blockers are not.
            (void)QTest::qWaitFor(
                [&wizard, accept] { return wizard.currentPage()->isComplete() || accept->isVisible(); }, 5000);
            if (accept->isVisible() && !accept->isChecked())
                accept->click();
            break;
        }
        case spark::ui::SetupWizard::CablingPage:
            current<spark::ui::CablingPage>(wizard)->checkCabling();
            break;
        case spark::ui::SetupWizard::ConfigurePage:
            current<spark::ui::ConfigurePage>(wizard)->apply();
            break;
        default:
            break;
        }
        // The fake's futures are ready at once; their answers still arrive through the event loop.
        const int before = wizard.currentId();
        if (!QTest::qWaitFor([&wizard] { return wizard.currentPage()->isComplete(); }, 5000))
            return false;
        wizard.next();
        if (wizard.currentId() == before)
            return false;
    }
    return true;
}


} // namespace spark::testsupport
