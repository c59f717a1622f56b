// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QBoxLayout;
class QFormLayout;
class QGridLayout;
class QLabel;

namespace spark {
struct NodeFacts;
}

namespace spark::ui {

// What one probe found on a node, read-only: the system (model, DGX OS,
// kernel, driver, CUDA, CX-7 firmware, user) and the four CX-7 ports with
// their link, speed, MTU and IPv4 addresses.
class NodeFactsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NodeFactsView)

public:
    explicit NodeFactsView(QWidget *parent = nullptr);

    void setFacts(const NodeFacts &facts);
    void clear();
    // System and ports side by side, or one above the other in a narrow window.
    void setWide(bool wide);

private:
    QLabel *addField(const QString &objectName, const QString &label);
    void setPortRow(int row, const QStringList &cells);

    QBoxLayout *m_layout = nullptr;
    QFormLayout *m_form = nullptr;
    QGridLayout *m_ports = nullptr;
    QList<QLabel *> m_fields;
};

} // namespace spark::ui
