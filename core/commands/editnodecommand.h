#pragma once

#include "commands/command.h"
#include "model/link.h"
#include "model/node.h"

#include <map>

#include <vector>

namespace pw {

// Changes the properties of nodes (name, position, rack, unit, network, price override) in one
// step. Keyboard nudges and repeated edits of the same nodes merge into one undo step. A node moved
// to another rack or U of a design with a floor plan has its links re-routed (length, cable and
// modules chosen again from the design's snapshot: CableChoice::rerouted) in the same step.
class EditNodesCommand : public Command {
public:
    EditNodesCommand(QString text, std::vector<Node> newStates, bool mergeable = false);
    [[nodiscard]] QString text() const override { return mText; }
    [[nodiscard]] int mergeId() const override { return mMergeable ? 1 : -1; }
    bool mergeWith(const Command& next) override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    // After the nodes changed: re-routes the links of nodes now in another rack or U.
    void reroute(Design& design);

private:
    QString mText;
    std::vector<Node> mBefore;
    std::vector<Node> mAfter;
    std::map<quint32, Link> mLinksBefore; // re-routed links, by id
    std::map<quint32, Link> mLinksAfter;
    bool mMergeable;
};

} // namespace pw
