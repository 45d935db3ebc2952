#pragma once

#include "generate/designlayout.h"
#include "util/strongid.h"

#include <QGraphicsItem>

#include <vector>

namespace pw::ui {

// Where a band of links meets a row of switches or service nodes (a unit's leaves, the spine
// tier, the out-of-band switches): the middle of the row. Never in the scene and never drawn: the
// link layer only reads its position, as it does a node's or a group's.
class TierAnchor : public QGraphicsItem {
public:
    enum { Type = UserType + 5 };
    TierAnchor(GroupId unit, DesignLayout::Band band) : mUnit(unit), mBand(band) {}

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override { return {}; }
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

    [[nodiscard]] GroupId unit() const { return mUnit; } // invalid: outside every unit
    [[nodiscard]] DesignLayout::Band band() const { return mBand; }
    void addMember(const QGraphicsItem* item) { mMembers.push_back(item); }
    // Moves to the middle of its members (after they were placed or dragged).
    void follow()
    {
        QPointF sum;
        for (const QGraphicsItem* m : mMembers)
            sum += m->pos();
        if (!mMembers.empty())
            setPos(sum / double(mMembers.size()));
    }

private:
    GroupId mUnit;
    DesignLayout::Band mBand;
    std::vector<const QGraphicsItem*> mMembers;
};

} // namespace pw::ui
