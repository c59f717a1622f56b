// SPDX-License-Identifier: MIT
#include "ui/common/wrappingitemdelegate.h"

#include <QApplication>
#include <QHeaderView>
#include <QListView>
#include <QStyle>
#include <QTreeView>

namespace spark::ui {

WrappingItemDelegate::WrappingItemDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{
    view->setTextElideMode(Qt::ElideNone);
    view->setItemDelegate(this);
    if (auto *tree = qobject_cast<QTreeView *>(view)) {
        tree->setWordWrap(true);
        tree->setUniformRowHeights(false);
        // A wider or narrower column changes every row's height.
        connect(tree->header(), &QHeaderView::sectionResized, tree, [tree] { tree->doItemsLayout(); });
    } else if (auto *list = qobject_cast<QListView *>(view)) {
        list->setWordWrap(true);
        list->setUniformItemSizes(false);
        list->setResizeMode(QListView::Adjust); // a wider or narrower list lays its rows out again
    }
}

int WrappingItemDelegate::textWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    int width = m_view->viewport()->width();
    if (auto *tree = qobject_cast<QTreeView *>(m_view)) {
        if (!tree->isFirstColumnSpanned(index.row(), index.parent()))
            width = tree->columnWidth(index.column());
        if (index.column() == 0) {
            int depth = 0;
            for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
                ++depth;
            width -= (depth + (tree->rootIsDecorated() ? 1 : 0)) * tree->indentation();
        }
    }
    const QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option.widget) + 1;
    width -= 2 * margin;
    if (option.features & QStyleOptionViewItem::HasDecoration)
        width -= option.decorationSize.width() + 2 * margin;
    return qMax(40, width);
}

QSize WrappingItemDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    if (opt.text.isEmpty())
        return base;
    const int width = textWidth(opt, index);
    const QRect wrapped = opt.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, opt.text);
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    const int vMargin = style->pixelMetric(QStyle::PM_FocusFrameVMargin, nullptr, opt.widget) + 1;
    // A list's row is as wide as the list, so that its text wraps where it is painted.
    const int rowWidth = qobject_cast<QTreeView *>(m_view) ? base.width() : qMin(base.width(), m_view->viewport()->width());
    return QSize(rowWidth, qMax(base.height(), wrapped.height() + 2 * vMargin));
}

} // namespace spark::ui
