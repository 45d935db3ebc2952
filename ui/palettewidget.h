#pragma once

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace pw {
class Catalog;
}

namespace pw::ui {

// The searchable catalog palette: a tree by kind (icon per kind), a filter box, and drag of an
// item's sku onto the canvas. Activating an item (double-click or Enter) asks to place it.
class PaletteWidget : public QWidget {
    Q_OBJECT
public:
    explicit PaletteWidget(const Catalog* catalog, QWidget* parent = nullptr);
    // Shows `catalog` instead (the studio's catalog was swapped), keeping the filter.
    void setCatalog(const Catalog* catalog);

    void setFilter(const QString& text);
    [[nodiscard]] QLineEdit* filterEdit() const { return mFilter; }
    [[nodiscard]] QTreeWidget* tree() const { return mTree; }
    // Number of items (not kind headings) currently shown.
    [[nodiscard]] int visibleItemCount() const;
    [[nodiscard]] QString currentSku() const;

Q_SIGNALS:
    void placeRequested(const QString& sku);

private:
    void populate();
    void applyFilter();

    const Catalog* mCatalog;
    QLineEdit* mFilter;
    QTreeWidget* mTree;
};

} // namespace pw::ui
