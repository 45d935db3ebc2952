#include "palettetree.h"

#include "canvasscene.h"

#include <QMimeData>

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

} // namespace pw::ui
