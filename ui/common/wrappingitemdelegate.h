// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

class QTreeView;

namespace spark::ui {

// Rows of a tree whose text wraps within its column instead of being cut:
// the row's height is the wrapped text's at the column's width now, and the
// rows are laid out again whenever a column changes width.
class WrappingItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WrappingItemDelegate)

public:
    // Installs itself on `view` (word wrap on, rows of their own heights).
    explicit WrappingItemDelegate(QTreeView *view);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int textWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const;

    QTreeView *m_view;
};

} // namespace spark::ui
