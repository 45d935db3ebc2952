#pragma once

#include "generate/designlayout.h"
#include "util/strongid.h"

#include <QGraphicsItem>

#include <vector>

namespace pw::ui {

// Where a band of links meets a row of switches or service nodes (a unit's leaves, the spine
// tier, the out-of-band switches) or a rack's column of servers: the middle of the row. Never in the scene and never drawn: the
// link layer only reads its position, as it does a node's or a group's.
class TierAnchor : public QGraphicsItem {
public:
    enum { Type = UserType + 5 };
    TierAnchor(GroupId unit, DesignLayout::Band band, GroupId rack = {}) : mUnit(unit), mBand(band), mRack(rack) {}

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override { return {}; }
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

    [[nodiscard]] GroupId unit() const { return mUnit; } // invalid: outside every unit
    [[nodiscard]] DesignLayout::Band band() const { return mBand; }
    [[nodiscard]] GroupId rack() const { return mRack; } // valid: the servers of one rack
    void addMember(const QGraphicsItem* item) { mMembers.push_back(item); }
    [[nodiscard]] size_t memberCount() const { return mMembers.size(); }
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
    GroupId mRack;
    std::vector<const QGraphicsItem*> mMembers;
};

} // namespace pw::ui
