#pragma once

#include "catalog/catalogitem.h"
#include "commands/command.h"
#include "model/node.h"

namespace pw {

// Places one instance of a catalog item. The item joins the design's catalog snapshot if new.
class AddNodeCommand : public Command {
public:
    AddNodeCommand(const CatalogItem& item, Node node);
    [[nodiscard]] QString text() const override;
    [[nodiscard]] NodeId nodeId() const { return mNode.id; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    CatalogItem mItem;
    Node mNode;
    bool mRecordedItem = false;
};

} // namespace pw
