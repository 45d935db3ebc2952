#pragma once

#include <QTreeWidget>

namespace pw::ui {

// The palette's tree: drags carry the item's sku as application/x-podwright-sku.
class PaletteTree : public QTreeWidget {
    Q_OBJECT
public:
    using QTreeWidget::QTreeWidget;
    static constexpr int kSkuRole = Qt::UserRole + 1;

protected:
    [[nodiscard]] QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
    [[nodiscard]] QStringList mimeTypes() const override;
    // Rows wrap long names (palettewidget.cpp): a new width lays them out again.
    void resizeEvent(QResizeEvent* event) override;
};

} // namespace pw::ui
