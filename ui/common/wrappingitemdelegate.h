// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

class QAbstractItemView;

namespace spark::ui {

// Rows of a tree or a list whose text wraps within its column (a list: its
// width) instead of being cut: the row's height is the wrapped text's at the
// width now, and the rows are laid out again whenever that width changes.
class WrappingItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WrappingItemDelegate)

public:
    // Installs itself on `view` (word wrap on, rows of their own heights).
    explicit WrappingItemDelegate(QAbstractItemView *view);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int textWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const;

    QAbstractItemView *m_view;
};

} // namespace spark::ui
