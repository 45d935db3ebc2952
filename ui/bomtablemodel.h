#pragma once

#include "cost/bomline.h"

#include <QAbstractTableModel>

#include <vector>

namespace pw::ui {

// The bill of materials as a table: item, sku, quantity, unit price, extended price, price source.
// Display text is formatted; SortRole gives numbers for the numeric columns so a proxy sorts them
// by value, not as text.
class BomTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ItemColumn, SkuColumn, QuantityColumn, UnitPriceColumn, ExtendedColumn, SourceColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    void setLines(std::vector<BomLine> lines);
    [[nodiscard]] const std::vector<BomLine>& lines() const { return mLines; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Plain text of a cell, as copied to the clipboard (numbers without currency symbols).
    [[nodiscard]] QString plainText(int row, int column) const;

private:
    std::vector<BomLine> mLines;
};

} // namespace pw::ui
