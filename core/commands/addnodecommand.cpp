#include "commands/addnodecommand.h"

#include "commands/nodechecks.h"
#include "model/design.h"
#include "model/networkchoice.h"

#include <algorithm>

namespace pw {

namespace {

// A hand-placed node's name: its SKU and the design's next number for that SKU, "qm8700-01" for
// the first QM8700 whatever node ids the design has used. The digits follow the widest number
// already there (a generated design's "dgx-h100-00128" is followed by "dgx-h100-00129").
QString nextNodeName(const Design& design, const QString& sku)
{
    const QString prefix = sku + QLatin1Char('-');
    long long highest = 0;
    qsizetype width = 2;
    design.nodes().forEach([&](const Node& n) {
        if (!n.name.startsWith(prefix))
            return;
        const QStringView digits = QStringView(n.name).mid(prefix.size());
        bool number = false;
        const long long value = digits.toLongLong(&number);
        if (!number || digits.startsWith(QLatin1Char('+')) || digits.startsWith(QLatin1Char('-')))
            return;
        highest = std::max(highest, value);
        width = std::max(width, digits.size());
    });
    return prefix + QStringLiteral("%1").arg(highest + 1, static_cast<int>(width), 10, QLatin1Char('0'));
}

} // namespace

AddNodeCommand::AddNodeCommand(const CatalogItem& item, Node node, std::vector<CatalogItem> boughtWith)
    : mItem(item), mNode(std::move(node)), mBoughtWith(std::move(boughtWith))
{
    mNode.sku = mItem.sku;
}

QString AddNodeCommand::text() const
{
    return QStringLiteral("Add %1").arg(mItem.model);
}

CommandResult AddNodeCommand::performApply(Design& design)
{
    if (mItem.kind == ItemKind::Cable || mItem.kind == ItemKind::Transceiver || mItem.kind == ItemKind::Nic
        || mItem.kind == ItemKind::Part)
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
        mNode.name = nextNodeName(design, mItem.sku);
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
    for (const QString& sku : mRecordedParts)
        design.forgetItem(sku);
}

void AddNodeCommand::performRedo(Design& design)
{
    mRecordedItem = design.item(mItem.sku) == nullptr;
    design.recordItem(mItem);
    mRecordedParts.clear();
    for (const CatalogItem& part : mBoughtWith)
        if (!design.item(part.sku)) {
            design.recordItem(part);
            mRecordedParts.push_back(part.sku);
        }
    design.insertNode(mNode);
}

} // namespace pw
