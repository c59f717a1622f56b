// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include <QHash>
#include <QStringList>
#include <QWidget>

class QGridLayout;
class QLabel;
class QProgressBar;

namespace spark::ui {

// One row per node: its name, a progress bar and the sentence saying what
// happens on it now (or how it ended). Used wherever something runs on all
// nodes at once: the wizard's pages, the NCCL test's build. showProgress() takes a
// long job's progress as it comes (the Job contract); a progress about the
// job as a whole (no node) is not a row's and is left to the caller.
class NodeProgressList final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NodeProgressList)

public:
    enum class Outcome { Running, Succeeded, Failed };

    explicit NodeProgressList(QWidget *parent = nullptr);

    void setNodes(const QStringList &nodes);
    QStringList nodes() const { return m_order; }
    void setProgress(const QString &node, double fraction, const QString &sentence);
    void showProgress(const spark::JobProgress &progress);
    void setOutcome(const QString &node, Outcome outcome, const QString &sentence);
    QString sentence(const QString &node) const;
    int percent(const QString &node) const;

private:
    struct Row
    {
        QLabel *name = nullptr;
        QProgressBar *bar = nullptr;
        QLabel *sentence = nullptr;
    };

    QGridLayout *m_grid;
    QStringList m_order;
    QHash<QString, Row> m_rows;
};

} // namespace spark::ui
