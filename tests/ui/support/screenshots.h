// SPDX-License-Identifier: MIT
#pragma once

// Screenshot support for the ui tests: every test can save what it shows in
// the light and dark palettes, in English and in zh_CN, into the build tree
// (tests/screenshots), for people to look at.

#include <QApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
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

inline QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, QColor(0x76, 0xb9, 0x00));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, QColor(0x8a, 0xc8, 0xff));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    return p;
}

// Applies a look to the whole application; call before building the widgets.
class LookScope
{
public:
    explicit LookScope(const Look &look)
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(look.dark ? darkPalette() : QApplication::style()->standardPalette());
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
