// SPDX-License-Identifier: MIT
#include "core/common/appinfo.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace spark {

void setApplicationIdentity(QCoreApplication &app)
{
    app.setApplicationName(QStringLiteral("spark-companion"));
    app.setOrganizationName(QStringLiteral("spark-companion"));
    app.setOrganizationDomain(QStringLiteral("spark-companion.github.io"));
    app.setApplicationVersion(applicationVersion());
}

void installTranslations(QCoreApplication &app)
{
    const QByteArray forced = qgetenv("SPARK_COMPANION_LANG");
    const QLocale locale = forced.isEmpty() ? QLocale::system() : QLocale(QString::fromLatin1(forced));
    if (!forced.isEmpty())
        QLocale::setDefault(locale);

    auto *qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);

    auto *ourTranslator = new QTranslator(&app);
    if (ourTranslator->load(locale, QStringLiteral("spark-companion"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ourTranslator);
}

QString applicationVersion()
{
    return QStringLiteral(SPARK_VERSION);
}

} // namespace spark
