#include "banditem.h"

#include "aggregatebox.h"
#include "canvasscene.h"
#include "itemstyle.h"

#include "util/plural.h"

namespace pw::ui {

BandItem::BandItem(Band band) : mBand(band)
{
    setZValue(9);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect
    setVisible(false);
}

void BandItem::setBox(const QRectF& sceneRect, int members, const QString& models)
{
    const QRectF local(-sceneRect.width() / 2, -sceneRect.height() / 2, sceneRect.width(), sceneRect.height());
    if (local != mRect) {
        prepareGeometryChange();
        mRect = local;
    }
    setPos(sceneRect.center());
    // Thinner bands over thicker ones (between 9 and 9.5, under the nodes): a title overhanging a
    // strip thinner than a line is not covered by the fill of the band next to it (the PDUs).
    setZValue(9 + 0.5 / (1 + sceneRect.height() / 1000));
    // The models when they fit, else how many nodes it stands for.
    mDetails = QStringList{models, counted(members, "node", "nodes")};
    update();
}

void BandItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const bool switches = mBand == Band::Core || mBand == Band::Spine || mBand == Band::Leaf
        || mBand == Band::StorageSwitches || mBand == Band::InBand || mBand == Band::OutOfBand;
    AggregateBox::paint(painter, option, mRect,
        ItemStyle::nodeBorder(switches ? ItemKind::Switch
                : mBand == Band::Pdus  ? ItemKind::Pdu
                                       : ItemKind::Server),
        DesignLayout::bandName(mBand), mDetails, false, &static_cast<CanvasScene*>(scene())->titlesThisFrame());
}

} // namespace pw::ui
