#include "commands/editfloorcommand.h"

#include "floor/cablerouting.h"
#include "model/design.h"

namespace pw {

EditFloorCommand::EditFloorCommand(QString text, FloorLayout after) : mText(std::move(text)), mFloor(std::move(after))
{
}

std::optional<FloorLayout> EditFloorCommand::withRackMoved(
    const FloorLayout& floor, GroupId rack, int row, int slot, QString* why)
{
    auto refuse = [&](const QString& reason) -> std::optional<FloorLayout> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    if (!floor.place(rack))
        return refuse(QStringLiteral("the rack is not on the floor plan"));
    if (row < 0 || row >= static_cast<int>(floor.rows.size()))
        return refuse(QStringLiteral("there is no such row"));
    const FloorRow& r = floor.rows[static_cast<size_t>(row)];
    if (slot < 0 || slot >= r.slots)
        return refuse(QStringLiteral("row %1 has %2 positions").arg(r.name).arg(r.slots));
    const GroupId there = floor.rackAt(row, slot);
    if (there.isValid() && there != rack)
        return refuse(QStringLiteral("position %1 of row %2 is taken").arg(slot + 1).arg(r.name));
    FloorLayout moved = floor;
    moved.racks[rack.value()] = RackPlace{row, slot};
    return moved;
}

std::optional<FloorLayout> EditFloorCommand::withRackNudged(
    const FloorLayout& floor, GroupId rack, int rows, int slots, QString* why)
{
    const RackPlace* p = floor.place(rack);
    if (!p) {
        if (why)
            *why = QStringLiteral("the rack is not on the floor plan");
        return std::nullopt;
    }
    return withRackMoved(floor, rack, p->row + rows, p->slot + slots, why);
}

CommandResult EditFloorCommand::performApply(Design& design)
{
    if (auto why = mFloor.whyInvalid(design))
        return CommandResult::refused(QStringLiteral("the floor plan does not fit the design: %1").arg(*why));
    mBefore = design.properties();
    mAfter = mFloor.storedIn(mBefore);
    if (mAfter == mBefore)
        return CommandResult::refused(QStringLiteral("the floor plan is unchanged"));
    mLinksAfter = CableRouting::relengthed(design, mFloor);
    mLinksBefore.clear();
    mLinksBefore.reserve(mLinksAfter.size());
    for (const Link& l : mLinksAfter)
        mLinksBefore.push_back(*design.link(l.id));
    performRedo(design);
    return CommandResult::done();
}

void EditFloorCommand::performUndo(Design& design)
{
    for (const Link& l : mLinksBefore)
        design.replaceLink(l);
    design.setProperties(mBefore);
}

void EditFloorCommand::performRedo(Design& design)
{
    for (const Link& l : mLinksAfter)
        design.replaceLink(l);
    design.setProperties(mAfter);
}

} // namespace pw
