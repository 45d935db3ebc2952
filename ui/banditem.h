#pragma once

#include "generate/designlayout.h"

#include <QGraphicsItem>
#include <QString>
#include <QStringList>

namespace pw::ui {

// A band of nodes outside the pods and units (the core tier, a two-tier spine, the out-of-band
// switches, the PDUs) drawn as one box when zoomed out: its tens of thousands of links to the
// pods would otherwise be drawn one by one. The scene decides when it stands for its nodes.
class BandItem : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };
    using Band = DesignLayout::Band;
    explicit BandItem(Band band);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] Band band() const { return mBand; }
    [[nodiscard]] QRectF boundingRect() const override { return mRect.adjusted(-2, -2, 2, 2); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // The area its nodes take (scene coordinates), how many there are and of which models.
    void setBox(const QRectF& sceneRect, int members, const QString& models);
    [[nodiscard]] QRectF box() const { return mRect.translated(pos()); }

private:
    Band mBand;
    QStringList mDetails; // longest first
    QRectF mRect; // local, centred on pos()
};

} // namespace pw::ui
