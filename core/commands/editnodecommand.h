#pragma once

#include "commands/command.h"
#include "model/node.h"

#include <vector>

namespace pw {

// Changes the properties of nodes (name, position, rack, unit, network, price override) in one
// step. Keyboard nudges and repeated edits of the same nodes merge into one undo step.
class EditNodesCommand : public Command {
public:
    EditNodesCommand(QString text, std::vector<Node> newStates, bool mergeable = false);
    [[nodiscard]] QString text() const override { return mText; }
    [[nodiscard]] CommandResult apply(Design& design) override;
    void undo(Design& design) override;
    void redo(Design& design) override;
    [[nodiscard]] int mergeId() const override { return mMergeable ? 1 : -1; }
    bool mergeWith(const Command& next) override;

private:
    QString mText;
    std::vector<Node> mBefore;
    std::vector<Node> mAfter;
    bool mMergeable;
};

} // namespace pw
