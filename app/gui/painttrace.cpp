// SPDX-License-Identifier: MIT
#include "app/gui/painttrace.h"

#include <QEvent>
#include <QWidget>

#include <cstdio>

void PaintTrace::installIfAsked(QObject *application)
{
    if (qEnvironmentVariableIntValue("SPARK_COMPANION_PAINT_TRACE") == 1)
        application->installEventFilter(new PaintTrace(application));
}

PaintTrace::PaintTrace(QObject *parent)
    : QObject(parent)
{
    m_since.start();
}

bool PaintTrace::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Paint && watched->isWidgetType()) {
        const QWidget *window = static_cast<QWidget *>(watched)->window();
        const QByteArray kind = window->metaObject()->className();
        if (!m_painted.contains(kind)) {
            m_painted.insert(kind);
            fprintf(stderr, "painted %s %lld ms\n", kind.constData(), static_cast<long long>(m_since.elapsed()));
            fflush(stderr);
        }
    }
    return QObject::eventFilter(watched, event);
}
