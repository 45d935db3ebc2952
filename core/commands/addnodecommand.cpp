#include "commands/addnodecommand.h"

#include "commands/nodechecks.h"
#include "model/design.h"
#include "model/networkchoice.h"

namespace pw {

AddNodeCommand::AddNodeCommand(const CatalogItem& item, Node node) : mItem(item), mNode(std::move(node))
{
    mNode.sku = mItem.sku;
}

QString AddNodeCommand::text() const
{
    return QStringLiteral("Add %1").arg(mItem.model);
}

CommandResult AddNodeCommand::performApply(Design& design)
{
    if (mItem.kind == ItemKind::Cable || mItem.kind == ItemKind::Transceiver || mItem.kind == ItemKind::Nic)
        return CommandResult::refused(
            QStringLiteral("%1 is a %2: it is part of a link or a server, not a node on its own")
                .arg(mItem.model, toString(mItem.kind)));
    if (auto why = whyInvalidNodeFields(design, mNode))
        return CommandResult::refused(*why);
    // A preset id (a paste reserves ids so its links can name ports) must come from this design's
    // counter and be free.
    if (mNode.id.isValid() && (design.node(mNode.id) || mNode.id.value() > design.nodes().lastId()))
        return CommandResult::refused(QStringLiteral("node id %1 is not free in this design").arg(mNode.id.value()));
    // Every check is done: from here on the command and the design change.
    if (const CatalogItem* existing = design.item(mItem.sku);
        existing && existing->snapshotJson() != mItem.snapshotJson())
        mItem = *existing; // keep the design's own snapshot of this item
    if (!mNode.id.isValid())
        mNode.id = design.allocateNodeId();
    if (mNode.name.isEmpty())
        mNode.name = QStringLiteral("%1-%2").arg(mItem.sku).arg(mNode.id.value());
    if (mNode.network == Network::None && mItem.kind == ItemKind::Switch)
        mNode.network = NetworkChoice::defaultFor(mItem); // the catalog's usual network for the model
    performRedo(design);
    return CommandResult::done();
}

void AddNodeCommand::performUndo(Design& design)
{
    design.takeNode(mNode.id);
    if (mRecordedItem)
        design.forgetItem(mItem.sku);
}

void AddNodeCommand::performRedo(Design& design)
{
    mRecordedItem = design.item(mItem.sku) == nullptr;
    design.recordItem(mItem);
    design.insertNode(mNode);
}

} // namespace pw
