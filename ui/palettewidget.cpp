#include "palettewidget.h"

#include "itemstyle.h"
#include "palettetree.h"

#include "catalog/catalog.h"
#include "util/money.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include <algorithm>

namespace pw::ui {

namespace {

// Rows as tall as their wrapped names at the tree's width: the view's own size hint measures a
// row unconstrained, so a long model would be cut instead of wrapped.
class WrappingDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        const auto* view = qobject_cast<const QTreeView*>(parent());
        if (!view)
            return size;
        int depth = 1;
        for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
            ++depth;
        const int width = view->viewport()->width() - view->indentation() * depth - view->iconSize().width() - 12;
        if (width <= 40)
            return size;
        const QRect wrapped = option.fontMetrics.boundingRect(
            QRect(0, 0, width, 100000), Qt::TextWordWrap, index.data(Qt::DisplayRole).toString());
        size.setHeight(std::max(size.height(), wrapped.height() + 6));
        return size;
    }
};

constexpr ItemKind kOrder[] = {ItemKind::Server, ItemKind::Switch, ItemKind::Storage, ItemKind::Appliance,
    ItemKind::Rack, ItemKind::Pdu, ItemKind::Nic, ItemKind::Cable, ItemKind::Transceiver, ItemKind::Part};
} // namespace

PaletteWidget::PaletteWidget(const Catalog* catalog, QWidget* parent)
    : QWidget(parent), mCatalog(catalog), mFilter(new QLineEdit(this)), mTree(new PaletteTree(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    mFilter->setPlaceholderText(tr("Filter catalog (model, vendor, sku)…"));
    mFilter->setClearButtonEnabled(true);
    layout->addWidget(mFilter);
    layout->addWidget(mTree);
    mTree->setHeaderHidden(true);
    mTree->setDragEnabled(true);
    mTree->setDragDropMode(QAbstractItemView::DragOnly);
    mTree->setIconSize(QSize(20, 20));
    mTree->setRootIsDecorated(true);
    // Long models wrap instead of being cut ("NVIDIA Quantum-2 QM9700 (NDR, managed)" and its
    // unmanaged twin read alike when cut to "NVIDIA Quantum-2 QM...").
    mTree->setUniformRowHeights(false);
    mTree->setWordWrap(true);
    mTree->setTextElideMode(Qt::ElideMiddle);
    mTree->setItemDelegate(new WrappingDelegate(mTree));
    populate();
    connect(mFilter, &QLineEdit::textChanged, this, &PaletteWidget::applyFilter);
    connect(mTree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString sku = item->data(0, PaletteTree::kSkuRole).toString();
        if (!sku.isEmpty())
            Q_EMIT placeRequested(sku);
    });
}

void PaletteWidget::populate()
{
    mTree->clear();
    if (!mCatalog)
        return;
    for (ItemKind kind : kOrder) {
        const auto items = mCatalog->items(kind);
        if (items.empty())
            continue;
        auto* heading = new QTreeWidgetItem(mTree, {ItemStyle::kindLabel(kind)});
        heading->setIcon(0, ItemStyle::icon(kind));
        heading->setFlags(Qt::ItemIsEnabled);
        QFont f = heading->font(0);
        f.setBold(true);
        heading->setFont(0, f);
        for (const CatalogItem* item : items) {
            auto* row = new QTreeWidgetItem(heading, {QStringLiteral("%1 %2").arg(item->vendor, item->model)});
            row->setIcon(0, ItemStyle::icon(kind));
            row->setData(0, PaletteTree::kSkuRole, item->sku);
            QString tip = QStringLiteral("<b>%1 %2</b><br>sku %3<br>%4")
                              .arg(item->vendor, item->model, item->sku, item->description);
            if (item->powerMaxW.value > 0)
                tip += QStringLiteral("<br>%1 W max").arg(item->powerMaxW.value, 0, 'f', 0);
            if (item->price.value > 0)
                tip += QStringLiteral("<br>%1 (%2)")
                           .arg(Money(item->price.currency, 1.0).exact(item->price.value), toString(item->price.kind));
            row->setToolTip(0, tip);
            row->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        }
        heading->setExpanded(kind != ItemKind::Cable && kind != ItemKind::Transceiver && kind != ItemKind::Nic
            && kind != ItemKind::Part);
    }
}

void PaletteWidget::setCatalog(const Catalog* catalog)
{
    const QString current = currentSku();
    mCatalog = catalog;
    populate();
    applyFilter();
    // The row the user had picked stays picked when the new catalog still has it.
    for (int i = 0; i < mTree->topLevelItemCount() && !current.isEmpty(); ++i)
        for (int j = 0; j < mTree->topLevelItem(i)->childCount(); ++j)
            if (QTreeWidgetItem* row = mTree->topLevelItem(i)->child(j);
                row->data(0, PaletteTree::kSkuRole).toString() == current)
                mTree->setCurrentItem(row);
}

void PaletteWidget::setFilter(const QString& text)
{
    mFilter->setText(text);
}

void PaletteWidget::applyFilter()
{
    const QString text = mFilter->text().trimmed();
    QSet<QString> matches;
    if (!text.isEmpty() && mCatalog)
        for (const CatalogItem* item : mCatalog->search(text))
            matches.insert(item->sku);
    for (int i = 0; i < mTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* heading = mTree->topLevelItem(i);
        int shown = 0;
        for (int j = 0; j < heading->childCount(); ++j) {
            QTreeWidgetItem* row = heading->child(j);
            const bool visible = text.isEmpty() || matches.contains(row->data(0, PaletteTree::kSkuRole).toString());
            row->setHidden(!visible);
            shown += visible ? 1 : 0;
        }
        heading->setHidden(shown == 0);
        if (!text.isEmpty() && shown > 0)
            heading->setExpanded(true);
    }
}

int PaletteWidget::visibleItemCount() const
{
    int n = 0;
    for (int i = 0; i < mTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* heading = mTree->topLevelItem(i);
        if (heading->isHidden())
            continue;
        for (int j = 0; j < heading->childCount(); ++j)
            n += heading->child(j)->isHidden() ? 0 : 1;
    }
    return n;
}

QString PaletteWidget::currentSku() const
{
    QTreeWidgetItem* item = mTree->currentItem();
    return item ? item->data(0, PaletteTree::kSkuRole).toString() : QString();
}

} // namespace pw::ui
