#include "bomtablemodel.h"
#include "util/money.h"

#include <QLocale>

namespace pw::ui {

void BomTableModel::setLines(std::vector<BomLine> lines)
{
    beginResetModel();
    mLines = std::move(lines);
    endResetModel();
}

int BomTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(mLines.size());
}

int BomTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {
QString itemText(const BomLine& l)
{
    QString text = l.description.isEmpty() ? l.sku : l.description;
    if (!l.lengthClass.isEmpty())
        text += QStringLiteral(" (%1)").arg(l.lengthClass);
    return text;
}

QString sourceText(const BomLine& l)
{
    if (l.priceSource.isEmpty())
        return l.priceKind;
    if (l.priceKind.isEmpty() || l.priceSource.startsWith(l.priceKind))
        return l.priceSource;
    return QStringLiteral("%1: %2").arg(l.priceKind, l.priceSource);
}
} // namespace

QString BomTableModel::plainText(int row, int column) const
{
    const BomLine& l = mLines[size_t(row)];
    switch (column) {
    case ItemColumn:
        return itemText(l);
    case SkuColumn:
        return l.sku;
    case QuantityColumn:
        return QString::number(l.quantity);
    case UnitPriceColumn:
        return QString::number(l.unitPrice, 'f', 2);
    case ExtendedColumn:
        return QString::number(l.extendedPrice(), 'f', 2);
    case SourceColumn:
        return sourceText(l);
    default:
        return {};
    }
}

QVariant BomTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(mLines.size()))
        return {};
    const BomLine& l = mLines[size_t(index.row())];
    const QLocale locale;
    if (role == SortRole) {
        switch (index.column()) {
        case QuantityColumn:
            return l.quantity;
        case UnitPriceColumn:
            return l.unitPrice;
        case ExtendedColumn:
            return l.extendedPrice();
        default:
            return plainText(index.row(), index.column()).toLower();
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case QuantityColumn:
            return locale.toString(l.quantity);
        case UnitPriceColumn:
            return Money::usd().exact(l.unitPrice); // whole dollars, as the status bar and proposal
        case ExtendedColumn:
            return Money::usd().exact(l.extendedPrice());
        default:
            return plainText(index.row(), index.column());
        }
    }
    if (role == Qt::TextAlignmentRole
        && (index.column() == QuantityColumn || index.column() == UnitPriceColumn || index.column() == ExtendedColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return QStringLiteral("%1 · %2").arg(l.category, sourceText(l));
    return {};
}

QVariant BomTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case SkuColumn:
        return QStringLiteral("SKU");
    case QuantityColumn:
        return tr("Quantity");
    case UnitPriceColumn:
        return tr("Unit price (USD)");
    case ExtendedColumn:
        return tr("Extended (USD)");
    case SourceColumn:
        return tr("Price source");
    default:
        return {};
    }
}

} // namespace pw::ui
