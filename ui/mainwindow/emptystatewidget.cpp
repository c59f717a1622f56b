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
           "install a key, then forgotten."),
        this);
    auto *clusterHint = new QLabel(
        tr("With two to four Sparks registered, set up a cluster: the app shows which port takes which "
           "cable, configures the ConnectX-7 ports and tests every link."),
        this);
    for (QLabel *label : {explanation, clusterHint}) {
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignHCenter);
        label->setForegroundRole(QPalette::PlaceholderText);
    }

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

    // One readable column in the middle, however wide the window is.
    auto *column = new QWidget(this);
    column->setMaximumWidth(560);
    auto *columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->addWidget(icon);
    columnLayout->addSpacing(8);
    columnLayout->addWidget(heading);
    columnLayout->addWidget(explanation);
    columnLayout->addWidget(clusterHint);
    columnLayout->addSpacing(12);
    columnLayout->addLayout(buttons);

    auto *centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addWidget(column, 4);
    centred->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(2);
    layout->addLayout(centred);
    layout->addStretch(3);
}

} // namespace spark::ui
