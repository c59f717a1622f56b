// SPDX-License-Identifier: MIT
#include "ui/mainwindow/emptystatewidget.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

EmptyStateWidget::EmptyStateWidget(QWidget *parent)
    : QWidget(parent)
{
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/spark-companion.png")).pixmap(96, 96));
    icon->setAlignment(Qt::AlignHCenter);

    auto *heading = new QLabel(tr("No Sparks yet"), this);
    heading->setObjectName(QStringLiteral("emptyStateHeading"));
    QFont headingFont = heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.6);
    headingFont.setWeight(QFont::DemiBold);
    heading->setFont(headingFont);
    heading->setAlignment(Qt::AlignHCenter);

    auto *explanation = new QLabel(
        tr("Add each DGX Spark with its address, user name and password. The password is used once to "
           "install a key, then forgotten.\nWith two to four Sparks registered, set up a cluster: the "
           "app shows which port takes which cable, configures the ConnectX-7 ports and tests every link."),
        this);
    explanation->setWordWrap(true);
    explanation->setAlignment(Qt::AlignHCenter);
    explanation->setMaximumWidth(520);
    explanation->setForegroundRole(QPalette::PlaceholderText);

    auto *addButton = new QPushButton(QIcon::fromTheme(QStringLiteral("list-add")), tr("&Add a Spark…"), this);
    addButton->setObjectName(QStringLiteral("emptyStateAddDevice"));
    addButton->setDefault(true);
    auto *clusterButton = new QPushButton(tr("Set up a &cluster…"), this);
    clusterButton->setObjectName(QStringLiteral("emptyStateSetUpCluster"));
    connect(addButton, &QPushButton::clicked, this, &EmptyStateWidget::addDeviceRequested);
    connect(clusterButton, &QPushButton::clicked, this, &EmptyStateWidget::setUpClusterRequested);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(addButton);
    buttons->addWidget(clusterButton);
    buttons->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(2);
    layout->addWidget(icon);
    layout->addSpacing(8);
    layout->addWidget(heading);
    layout->addWidget(explanation, 0, Qt::AlignHCenter);
    layout->addSpacing(12);
    layout->addLayout(buttons);
    layout->addStretch(3);
}

} // namespace spark::ui
