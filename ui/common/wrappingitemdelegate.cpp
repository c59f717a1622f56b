// SPDX-License-Identifier: MIT
#include "ui/common/wrappingitemdelegate.h"

#include <QApplication>
#include <QHeaderView>
#include <QStyle>
#include <QTreeView>

namespace spark::ui {

WrappingItemDelegate::WrappingItemDelegate(QTreeView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{
    view->setWordWrap(true);
    view->setUniformRowHeights(false);
    view->setTextElideMode(Qt::ElideNone);
    view->setItemDelegate(this);
    // A wider or narrower column changes every row's height.
    connect(view->header(), &QHeaderView::sectionResized, view, [view] { view->doItemsLayout(); });
}

int WrappingItemDelegate::textWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    int width = m_view->isFirstColumnSpanned(index.row(), index.parent()) ? m_view->viewport()->width()
                                                                           : m_view->columnWidth(index.column());
    if (index.column() == 0) {
        int depth = 0;
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
            ++depth;
        width -= (depth + (m_view->rootIsDecorated() ? 1 : 0)) * m_view->indentation();
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
    return QSize(base.width(), qMax(base.height(), wrapped.height() + 2 * vMargin));
}

} // namespace spark::ui
