#include "commands/groupcommand.h"

#include "catalog/rackheight.h"
#include "generate/rackstacking.h"
#include "model/design.h"

#include <algorithm>

namespace pw {

namespace {

// One rule for creating a group or giving it a new parent: only a scalable unit sits inside a
// pod. (A pod inside a pod, or inside itself, would make the hierarchy a cycle.)
std::optional<QString> whyInvalidParent(const Design& design, const Group& group)
{
    if (!group.parent.isValid())
        return std::nullopt;
    const Group* parent = design.group(group.parent);
    if (!parent || parent->kind != GroupKind::Pod || group.kind != GroupKind::ScalableUnit)
        return QStringLiteral("only a scalable unit can sit inside a pod");
    return std::nullopt;
}

} // namespace

GroupCommand::GroupCommand(Group group, std::vector<NodeId> members, std::optional<CatalogItem> rackItem)
    : mGroup(std::move(group)), mMemberIds(std::move(members)), mRackItem(std::move(rackItem))
{
}

QString GroupCommand::text() const
{
    switch (mGroup.kind) {
    case GroupKind::Rack:
        return QStringLiteral("Group into rack");
    case GroupKind::ScalableUnit:
        return QStringLiteral("Group into scalable unit");
    case GroupKind::Pod:
        return QStringLiteral("Group into pod");
    }
    return {};
}

CommandResult GroupCommand::performApply(Design& design)
{
    if (mGroup.name.trimmed().isEmpty())
        return CommandResult::refused(QStringLiteral("a group needs a name"));
    if (mGroup.name.size() > Design::kMaxNameLength)
        return CommandResult::refused(
            QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength));
    if (auto why = whyInvalidParent(design, mGroup))
        return CommandResult::refused(*why);
    if (!(mGroup.powerBudgetKw >= 0 && mGroup.powerBudgetKw <= 10000))
        return CommandResult::refused(QStringLiteral("a rack power budget must be between 0 and 10,000 kW"));
    if (mGroup.id.isValid() && (design.group(mGroup.id) || mGroup.id.value() > design.groups().lastId()))
        return CommandResult::refused(QStringLiteral("group id %1 is not free in this design").arg(mGroup.id.value()));
    std::vector<NodeId> ids = mMemberIds;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (NodeId id : ids)
        if (!design.node(id))
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(id.value()));
    if (mRackItem && (mGroup.kind != GroupKind::Rack || mRackItem->kind != ItemKind::Rack))
        return CommandResult::refused(QStringLiteral("%1 is not a rack").arg(mRackItem->model));
    // Every check is done: only now take an id from the design's counter.
    mMemberIds = std::move(ids);
    if (!mGroup.id.isValid())
        mGroup.id = design.allocateGroupId();
    std::vector<int> units(mMemberIds.size(), -1);
    if (mRackItem) {
        if (const CatalogItem* existing = design.item(mRackItem->sku))
            mRackItem = *existing; // keep the design's own snapshot of this item
        mGroup.sku = mRackItem->sku;
        units = RackStacking::stack(design, mMemberIds, rackHeightU(*mRackItem));
    }
    for (size_t i = 0; i < mMemberIds.size(); ++i) {
        const Node* n = design.node(mMemberIds[i]);
        mBefore.push_back(*n);
        Node after = *n;
        if (mGroup.kind == GroupKind::Rack) {
            after.rack = mGroup.id;
            after.rackUnit = units[i];
        } else {
            after.unit = mGroup.id;
        }
        mAfter.push_back(after);
    }
    performRedo(design);
    return CommandResult::done();
}

void GroupCommand::performUndo(Design& design)
{
    for (const Node& n : mBefore)
        design.replaceNode(n);
    design.takeGroup(mGroup.id);
    if (mRecordedItem)
        design.forgetItem(mRackItem->sku);
}

void GroupCommand::performRedo(Design& design)
{
    if (mRackItem) {
        mRecordedItem = design.item(mRackItem->sku) == nullptr;
        design.recordItem(*mRackItem);
    }
    design.insertGroup(mGroup);
    for (const Node& n : mAfter)
        design.replaceNode(n);
}

UngroupCommand::UngroupCommand(GroupId group) : mId(group) {}

CommandResult UngroupCommand::performApply(Design& design)
{
    const Group* g = design.group(mId);
    if (!g)
        return CommandResult::refused(QStringLiteral("group %1 does not exist").arg(mId.value()));
    mGroup = *g;
    for (NodeId id : design.membersOf(mId))
        mBefore.push_back(*design.node(id));
    design.groups().forEach([&](const Group& child) {
        if (child.parent == mId)
            mChildrenBefore.push_back(child);
    });
    performRedo(design);
    return CommandResult::done();
}

void UngroupCommand::performUndo(Design& design)
{
    design.insertGroup(mGroup);
    for (const Group& c : mChildrenBefore)
        design.replaceGroup(c);
    for (const Node& n : mBefore)
        design.replaceNode(n);
}

void UngroupCommand::performRedo(Design& design)
{
    for (Node n : mBefore) {
        if (n.rack == mId) {
            n.rack = GroupId();
            n.rackUnit = -1;
        }
        if (n.unit == mId)
            n.unit = GroupId();
        design.replaceNode(n);
    }
    for (Group c : mChildrenBefore) {
        c.parent = GroupId();
        design.replaceGroup(c);
    }
    design.takeGroup(mId);
}

EditGroupCommand::EditGroupCommand(Group newState) : mAfter(std::move(newState)) {}

CommandResult EditGroupCommand::performApply(Design& design)
{
    const Group* g = design.group(mAfter.id);
    if (!g)
        return CommandResult::refused(QStringLiteral("group %1 does not exist").arg(mAfter.id.value()));
    if (g->kind != mAfter.kind)
        return CommandResult::refused(QStringLiteral("a group's kind cannot change"));
    if (mAfter.name.trimmed().isEmpty())
        return CommandResult::refused(QStringLiteral("a group needs a name"));
    if (mAfter.name.size() > Design::kMaxNameLength)
        return CommandResult::refused(
            QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength));
    if (!(mAfter.powerBudgetKw >= 0 && mAfter.powerBudgetKw <= 10000))
        return CommandResult::refused(QStringLiteral("a rack power budget must be between 0 and 10,000 kW"));
    if (!mAfter.sku.isEmpty() && mAfter.sku != g->sku
        && (!design.item(mAfter.sku) || design.item(mAfter.sku)->kind != ItemKind::Rack))
        return CommandResult::refused(QStringLiteral("%1 is not a rack in the design's catalog").arg(mAfter.sku));
    // Only a scalable unit sits inside a pod (as the loader requires): a pod given another pod as
    // parent could close a cycle, which the loader refuses and the canvas cannot walk.
    if (auto why = whyInvalidParent(design, mAfter))
        return CommandResult::refused(*why);
    mBefore = *g;
    performRedo(design);
    return CommandResult::done();
}

void EditGroupCommand::performUndo(Design& design)
{
    design.replaceGroup(mBefore);
}
void EditGroupCommand::performRedo(Design& design)
{
    design.replaceGroup(mAfter);
}

} // namespace pw
