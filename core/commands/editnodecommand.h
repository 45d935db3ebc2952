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
    [[nodiscard]] int mergeId() const override { return mMergeable ? 1 : -1; }
    bool mergeWith(const Command& next) override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    std::vector<Node> mBefore;
    std::vector<Node> mAfter;
    bool mMergeable;
};

} // namespace pw
