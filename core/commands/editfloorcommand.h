#pragma once

#include "commands/command.h"
#include "floor/floorlayout.h"
#include "model/link.h"

#include <QJsonObject>

#include <vector>

namespace pw {

// Replaces the design's floor plan (racks moved, a row edited) and re-routes every cable whose
// length changes with it (CableRouting), as one undoable step. Refuses a floor plan that does not
// fit the design (FloorLayout::whyInvalid) or changes nothing, before changing anything.
class EditFloorCommand : public Command {
public:
    EditFloorCommand(QString text, FloorLayout after);
    [[nodiscard]] QString text() const override { return mText; }

    // The floor with one rack in another slot; nothing (why set) when the slot is taken or out of
    // its row.
    [[nodiscard]] static std::optional<FloorLayout> withRackMoved(
        const FloorLayout& floor, GroupId rack, int row, int slot, QString* why);
    // The floor with a rack moved by `slots` along its row, or to the neighbouring row (`rows`).
    [[nodiscard]] static std::optional<FloorLayout> withRackNudged(
        const FloorLayout& floor, GroupId rack, int rows, int slots, QString* why);

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    FloorLayout mFloor;
    QJsonObject mBefore;
    QJsonObject mAfter;
    std::vector<Link> mLinksBefore;
    std::vector<Link> mLinksAfter;
};

} // namespace pw
