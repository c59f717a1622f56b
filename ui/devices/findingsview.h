// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/finding.h"

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace spark::ui {

// The readiness verdict and each finding as what is wrong and what to do.
class FindingsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FindingsView)

public:
    explicit FindingsView(QWidget *parent = nullptr);

    void setFindings(const QList<Finding> &findings);
    void clear();

    static QString verdictText(Readiness readiness);
    static QString severityText(Finding::Severity severity);

private:
    QLabel *m_verdict = nullptr;
    QLabel *m_summary = nullptr;
    QWidget *m_list = nullptr;
    QVBoxLayout *m_listLayout = nullptr;
};

} // namespace spark::ui
