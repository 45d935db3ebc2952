#include "commands/editfloorcommand.h"

#include "catalog/catalog.h"
#include "floor/cablechoice.h"
#include "floor/cablerouting.h"
#include "model/design.h"

#include <cmath>
#include <map>
#include <set>

namespace pw {

EditFloorCommand::EditFloorCommand(QString text, FloorLayout after, const Catalog* catalog)
    : mText(std::move(text)), mFloor(std::move(after)), mCatalog(catalog)
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

std::optional<FloorLayout> EditFloorCommand::withHall(
    const FloorLayout& floor, const HallParameters& hall, QString* why)
{
    auto refuse = [&](const QString& reason) -> std::optional<FloorLayout> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    auto within = [](double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; };
    if (!within(hall.coldAisleM, 0.3, 20) || !within(hall.hotAisleM, 0.3, 20))
        return refuse(QStringLiteral("an aisle must be 0.3 to 20 m wide"));
    for (double m : {hall.trayAboveRackM, hall.slackPerEndM, hall.inRackDressingM})
        if (!within(m, 0, 20))
            return refuse(QStringLiteral("tray height, slack and dressing must be 0 to 20 m"));
    if (hall.rackWidthM != floor.hall.rackWidthM || hall.rackDepthM != floor.hall.rackDepthM
        || hall.rackHeightU != floor.hall.rackHeightU)
        return refuse(QStringLiteral("the rack footprint comes from the rack's catalog item"));
    FloorLayout after = floor;
    after.hall = hall;
    if (hall.coldAisleM == floor.hall.coldAisleM && hall.hotAisleM == floor.hall.hotAisleM)
        return after;
    // Rows stand in lines across the hall (one y each, several rows side by side along x): the
    // first line stays, each next one moves to the previous line's centre plus a rack depth and
    // the aisle between them, cold where the first faces south (+y) and the next north.
    std::map<double, std::vector<size_t>> lines;
    for (size_t i = 0; i < floor.rows.size(); ++i)
        lines[floor.rows[i].yM].push_back(i);
    double y = 0;
    bool first = true;
    bool previousFacesNorth = false;
    for (const auto& [oldY, members] : lines) {
        const bool facesNorth = floor.rows[members.front()].facesNorth;
        if (first)
            y = oldY;
        else
            y += hall.rackDepthM + (!previousFacesNorth && facesNorth ? hall.coldAisleM : hall.hotAisleM);
        if (!std::isfinite(y) || std::abs(y) > FloorLayout::kMaxHallM)
            return refuse(QStringLiteral("the rows would stand outside the hall"));
        for (size_t i : members)
            after.rows[i].yM = y;
        first = false;
        previousFacesNorth = facesNorth;
    }
    return after;
}

std::optional<FloorLayout> EditFloorCommand::withRowLength(
    const FloorLayout& floor, int row, int positions, QString* why)
{
    auto refuse = [&](const QString& reason) -> std::optional<FloorLayout> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    if (row < 0 || row >= static_cast<int>(floor.rows.size()))
        return refuse(QStringLiteral("there is no such row"));
    const FloorRow& r = floor.rows[static_cast<size_t>(row)];
    if (positions < 1 || positions > FloorLayout::kMaxSlotsPerRow)
        return refuse(QStringLiteral("row %1 cannot have %2 positions (1 to %3)")
                          .arg(r.name)
                          .arg(positions)
                          .arg(FloorLayout::kMaxSlotsPerRow));
    for (const auto& [id, place] : floor.racks)
        if (place.row == row && place.slot >= positions)
            return refuse(QStringLiteral("row %1 cannot be shortened to %2 positions: a rack stands at position %3")
                              .arg(r.name)
                              .arg(positions)
                              .arg(place.slot + 1));
    FloorLayout after = floor;
    after.rows[static_cast<size_t>(row)].slots = positions;
    return after;
}

CommandResult EditFloorCommand::performApply(Design& design)
{
    if (auto why = mFloor.whyInvalid(design))
        return CommandResult::refused(QStringLiteral("the floor plan does not fit the design: %1").arg(*why));
    mBefore = design.properties();
    mAfter = mFloor.storedIn(mBefore);
    if (mAfter == mBefore)
        return CommandResult::refused(QStringLiteral("the floor plan is unchanged"));
    // The snapshot's parts first, so a part the design uses wins a tie with a catalog twin.
    OpticsRules::Items parts = OpticsRules::partsOf(design);
    if (mCatalog)
        for (const CatalogItem* p : OpticsRules::partsOf(*mCatalog))
            if (!design.item(p->sku))
                parts.push_back(p);
    mLinksAfter.clear();
    mLinksBefore.clear();
    mRecorded.clear();
    std::set<QString> recorded;
    auto record = [&](const QString& sku) {
        if (sku.isEmpty() || design.item(sku) || recorded.contains(sku))
            return;
        for (const CatalogItem* p : parts)
            if (p->sku == sku) {
                mRecorded.push_back(*p);
                recorded.insert(sku);
                return;
            }
    };
    const Design& before = design;
    before.links().forEach([&](const Link& l) {
        const std::optional<double> metres = CableRouting::lengthM(mFloor, before, l.a.node, l.b.node);
        if (!metres || *metres == l.lengthM)
            return;
        CableChoice choice;
        const std::optional<Link> rerouted = CableChoice::rerouted(before, mFloor, parts, l, &choice);
        if (!rerouted)
            return;
        mLinksBefore.push_back(l);
        mLinksAfter.push_back(*rerouted);
        // Both ends' modules too: OpticsPlan counts each end's module from the snapshot.
        if (choice.ok())
            for (const CatalogItem* item : {choice.cable, choice.moduleA, choice.moduleB})
                if (item)
                    record(item->sku);
    });
    performRedo(design);
    return CommandResult::done();
}

void EditFloorCommand::performUndo(Design& design)
{
    for (const Link& l : mLinksBefore)
        design.replaceLink(l);
    for (const CatalogItem& item : mRecorded)
        design.forgetItem(item.sku);
    design.setProperties(mBefore);
}

void EditFloorCommand::performRedo(Design& design)
{
    for (const CatalogItem& item : mRecorded)
        design.recordItem(item);
    for (const Link& l : mLinksAfter)
        design.replaceLink(l);
    design.setProperties(mAfter);
}

} // namespace pw
