// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QSet>

// For tests/bench/gui_bench: with SPARK_COMPANION_PAINT_TRACE=1 in the
// environment, prints one line to stderr the first time each kind of
// top-level window paints ("painted spark::ui::MainWindow 412 ms"), the time
// counted from the process's QApplication. Without it, nothing is installed.
class PaintTrace final : public QObject
{
public:
    static void installIfAsked(QObject *application);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit PaintTrace(QObject *parent);

    QElapsedTimer m_since;
    QSet<QByteArray> m_painted;
};
