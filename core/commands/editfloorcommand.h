#pragma once

#include "catalog/catalogitem.h"
#include "commands/command.h"
#include "floor/floorlayout.h"
#include "model/link.h"

#include <QJsonObject>

#include <vector>

namespace pw {

class Catalog;

// Replaces the design's floor plan (racks moved, a row or the hall edited) and re-routes every link
// whose length changes with it: the routed length (CableRouting), and its cable and modules chosen
// again for that length (CableChoice: copper in a rack and to the next rack, optics by reach), as
// one undoable step. Parts come from the design's snapshot and, when given, the catalog; a catalog
// part the design did not use yet joins the snapshot (and leaves it on undo). Refuses a floor plan
// that does not fit the design (FloorLayout::whyInvalid) or changes nothing, before changing anything.
class EditFloorCommand : public Command {
public:
    EditFloorCommand(QString text, FloorLayout after, const Catalog* catalog = nullptr);
    [[nodiscard]] QString text() const override { return mText; }

    // The floor with one rack in another slot; nothing (why set) when the slot is taken or out of
    // its row.
    [[nodiscard]] static std::optional<FloorLayout> withRackMoved(
        const FloorLayout& floor, GroupId rack, int row, int slot, QString* why);
    // The floor with a rack moved by `slots` along its row, or to the neighbouring row (`rows`).
    [[nodiscard]] static std::optional<FloorLayout> withRackNudged(
        const FloorLayout& floor, GroupId rack, int rows, int slots, QString* why);

    // The floor with other hall figures (aisles, tray height, slack, dressing): rows are re-spaced
    // when an aisle changes (between two rows' fronts a cold aisle, between their backs a hot one);
    // nothing (why set) when a figure is out of range (the bounds a file is checked with).
    [[nodiscard]] static std::optional<FloorLayout> withHall(
        const FloorLayout& floor, const HallParameters& hall, QString* why);
    // The floor with a row of `positions` rack positions.
    [[nodiscard]] static std::optional<FloorLayout> withRowLength(
        const FloorLayout& floor, int row, int positions, QString* why);

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    FloorLayout mFloor;
    const Catalog* mCatalog;
    std::vector<CatalogItem> mRecorded; // catalog parts the re-routed links brought into the snapshot
    QJsonObject mBefore;
    QJsonObject mAfter;
    std::vector<Link> mLinksBefore;
    std::vector<Link> mLinksAfter;
};

} // namespace pw
