// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/ncclbuilder.h"

#include <QStringList>
#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace spark::ui {

class NodeProgressList;

// A build of what the NCCL test needs, as it goes: each Spark's step and how
// it ended, a Stop that keeps what is built, and the tools' output ("spark-2 | line"), of which only the last
// lines are kept so that a long make cannot fill the memory.
class NcclBuildView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclBuildView)

public:
    static constexpr int keptLines = 2000;

    explicit NcclBuildView(QWidget *parent = nullptr);

    // A build begins on these nodes: the last one's rows and output go.
    void begin(const QStringList &nodes);
    void showStep(const QString &node, const QString &sentence, double fraction);
    void addOutput(const QString &node, const QString &line);
    void finishNode(const NcclBuildNodeResult &result);
    // Whether Stop can be pressed (a build that can still be stopped).
    void setStoppable(bool stoppable);

Q_SIGNALS:
    void stopRequested();

private:
    NodeProgressList *m_nodes;
    QPushButton *m_stop;
    QPlainTextEdit *m_log;
};

} // namespace spark::ui
