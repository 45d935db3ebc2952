#pragma once

#include "commands/command.h"
#include "model/link.h"
#include "model/node.h"

#include <vector>

namespace pw {

// Deletes nodes and, in the same step, every link attached to them.
class RemoveNodesCommand : public Command {
public:
    explicit RemoveNodesCommand(std::vector<NodeId> nodes);
    [[nodiscard]] QString text() const override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    std::vector<NodeId> mIds;
    std::vector<Node> mNodes;
    std::vector<Link> mLinks;
};

} // namespace pw
