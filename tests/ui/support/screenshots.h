// SPDX-License-Identifier: MIT
#pragma once

// Screenshot support for the ui tests: every test can save what it shows in
// the light and dark palettes, in English and in zh_CN, into the build tree
// (tests/screenshots), for people to look at.

#include "ui/common/colorscheme.h"

#include <QApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>
#include <QTranslator>
#include <QWidget>

namespace spark::testsupport {

struct Look
{
    QString name;   // "light-en", "dark-zh_CN", …
    bool dark = false;
    QString locale; // "en" or "zh_CN"
};

inline QList<Look> allLooks()
{
    return {{QStringLiteral("light-en"), false, QStringLiteral("en")},
            {QStringLiteral("dark-en"), true, QStringLiteral("en")},
            {QStringLiteral("light-zh_CN"), false, QStringLiteral("zh_CN")},
            {QStringLiteral("dark-zh_CN"), true, QStringLiteral("zh_CN")}};
}

// A data-driven screenshot test's rows: column "lookIndex", one row per look.
inline void addLookRows()
{
    QTest::addColumn<int>("lookIndex");
    const auto looks = allLooks();
    for (int i = 0; i < looks.size(); ++i)
        QTest::newRow(qPrintable(looks.at(i).name)) << i;
}

// Applies a look to the whole application; call before building the widgets.
class LookScope
{
public:
    explicit LookScope(const Look &look)
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(look.dark ? spark::ui::darkPalette() : QApplication::style()->standardPalette());
        if (look.locale != QLatin1String("en")) {
            QLocale::setDefault(QLocale(look.locale));
            if (m_translator.load(QStringLiteral(":/i18n/spark-companion_%1.qm").arg(look.locale)))
                QApplication::installTranslator(&m_translator);
            if (m_qtTranslator.load(QLocale(look.locale), QStringLiteral("qtbase"), QStringLiteral("_"),
                                    QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
                QApplication::installTranslator(&m_qtTranslator);
        }
    }
    ~LookScope()
    {
        QApplication::removeTranslator(&m_translator);
        QApplication::removeTranslator(&m_qtTranslator);
        QLocale::setDefault(QLocale(QLocale::English));
    }
    bool translatorLoaded() const { return !m_translator.isEmpty(); }

private:
    QTranslator m_translator;
    QTranslator m_qtTranslator;
};

inline QString screenshotDir()
{
    const QString dir = QDir::current().absoluteFilePath(QStringLiteral("screenshots"));
    QDir().mkpath(dir);
    return dir;
}

inline bool saveScreenshot(QWidget &widget, const QString &name, const Look &look)
{
    return widget.grab().save(QDir(screenshotDir()).filePath(name + QLatin1Char('-') + look.name + QStringLiteral(".png")));
}

} // namespace spark::testsupport
