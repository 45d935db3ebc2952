#include "palettetree.h"

#include "canvasscene.h"

#include <QMimeData>
#include <QResizeEvent>

namespace pw::ui {

QStringList PaletteTree::mimeTypes() const
{
    return {QLatin1String(CanvasScene::kSkuMimeType)};
}

QMimeData* PaletteTree::mimeData(const QList<QTreeWidgetItem*>& items) const
{
    for (QTreeWidgetItem* item : items) {
        const QString sku = item->data(0, kSkuRole).toString();
        if (sku.isEmpty())
            continue;
        auto* mime = new QMimeData;
        mime->setData(QLatin1String(CanvasScene::kSkuMimeType), sku.toUtf8());
        mime->setText(sku);
        return mime;
    }
    return nullptr;
}

void PaletteTree::resizeEvent(QResizeEvent* event)
{
    QTreeWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        scheduleDelayedItemsLayout();
}

} // namespace pw::ui
