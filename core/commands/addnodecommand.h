#pragma once

#include "catalog/catalogitem.h"
#include "commands/command.h"
#include "model/node.h"

#include <vector>

namespace pw {

// Places one instance of a catalog item. The item joins the design's catalog snapshot if new, and
// so do the parts bought with it (`boughtWith`: a co-packaged-optics switch's laser-source
// modules), which the bill of materials prices from the snapshot.
class AddNodeCommand : public Command {
public:
    AddNodeCommand(const CatalogItem& item, Node node, std::vector<CatalogItem> boughtWith = {});
    [[nodiscard]] QString text() const override;
    [[nodiscard]] NodeId nodeId() const { return mNode.id; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    CatalogItem mItem;
    Node mNode;
    std::vector<CatalogItem> mBoughtWith;
    bool mRecordedItem = false;
    std::vector<QString> mRecordedParts; // the parts this command added to the snapshot
};

} // namespace pw
