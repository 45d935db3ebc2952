#include "commands/addnodecommand.h"

#include "model/design.h"

namespace pw {

AddNodeCommand::AddNodeCommand(const CatalogItem& item, Node node) : mItem(item), mNode(std::move(node))
{
    mNode.sku = mItem.sku;
}

QString AddNodeCommand::text() const
{
    return QStringLiteral("Add %1").arg(mItem.model);
}

CommandResult AddNodeCommand::apply(Design& design)
{
    if (mItem.kind == ItemKind::Cable || mItem.kind == ItemKind::Transceiver || mItem.kind == ItemKind::Nic)
        return CommandResult::refused(
            QStringLiteral("%1 is a %2: it is part of a link or a server, not a node on its own")
                .arg(mItem.model, toString(mItem.kind)));
    if (mNode.name.size() > Design::kMaxNameLength)
        return CommandResult::refused(
            QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength));
    if (const CatalogItem* existing = design.item(mItem.sku); existing && !(existing->json == mItem.json))
        mItem = *existing; // keep the design's own snapshot of this item
    if (mNode.rack.isValid() && !design.group(mNode.rack))
        return CommandResult::refused(QStringLiteral("the rack does not exist"));
    if (mNode.unit.isValid() && !design.group(mNode.unit))
        return CommandResult::refused(QStringLiteral("the scalable unit or pod does not exist"));
    if (!mNode.id.isValid())
        mNode.id = design.allocateNodeId();
    if (mNode.name.isEmpty())
        mNode.name = QStringLiteral("%1-%2").arg(mItem.sku).arg(mNode.id.value());
    if (mNode.network == Network::None && mItem.kind == ItemKind::Switch)
        mNode.network = Network::Compute;
    redo(design);
    return CommandResult::done();
}

void AddNodeCommand::undo(Design& design)
{
    design.takeNode(mNode.id);
    if (mRecordedItem)
        design.forgetItem(mItem.sku);
}

void AddNodeCommand::redo(Design& design)
{
    mRecordedItem = design.item(mItem.sku) == nullptr;
    design.recordItem(mItem);
    design.insertNode(mNode);
}

} // namespace pw
