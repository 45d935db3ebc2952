#include "commands/groupcommand.h"

#include "model/design.h"

#include <algorithm>

namespace pw {

GroupCommand::GroupCommand(Group group, std::vector<NodeId> members)
    : mGroup(std::move(group)), mMemberIds(std::move(members))
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

CommandResult GroupCommand::apply(Design& design)
{
    if (mGroup.name.trimmed().isEmpty())
        return CommandResult::refused(QStringLiteral("a group needs a name"));
    if (mGroup.name.size() > Design::kMaxNameLength)
        return CommandResult::refused(
            QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength));
    if (mGroup.parent.isValid()) {
        const Group* parent = design.group(mGroup.parent);
        if (!parent || parent->kind != GroupKind::Pod || mGroup.kind != GroupKind::ScalableUnit)
            return CommandResult::refused(QStringLiteral("only a scalable unit can sit inside a pod"));
    }
    if (!(mGroup.powerBudgetKw >= 0 && mGroup.powerBudgetKw <= 10000))
        return CommandResult::refused(QStringLiteral("a rack power budget must be between 0 and 10,000 kW"));
    std::sort(mMemberIds.begin(), mMemberIds.end());
    mMemberIds.erase(std::unique(mMemberIds.begin(), mMemberIds.end()), mMemberIds.end());
    if (!mGroup.id.isValid())
        mGroup.id = design.allocateGroupId();
    for (NodeId id : mMemberIds) {
        const Node* n = design.node(id);
        if (!n)
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(id.value()));
        mBefore.push_back(*n);
        Node after = *n;
        if (mGroup.kind == GroupKind::Rack) {
            after.rack = mGroup.id;
            after.rackUnit = -1;
        } else {
            after.unit = mGroup.id;
        }
        mAfter.push_back(after);
    }
    redo(design);
    return CommandResult::done();
}

void GroupCommand::undo(Design& design)
{
    for (const Node& n : mBefore)
        design.replaceNode(n);
    design.takeGroup(mGroup.id);
}

void GroupCommand::redo(Design& design)
{
    design.insertGroup(mGroup);
    for (const Node& n : mAfter)
        design.replaceNode(n);
}

UngroupCommand::UngroupCommand(GroupId group) : mId(group) {}

CommandResult UngroupCommand::apply(Design& design)
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
    redo(design);
    return CommandResult::done();
}

void UngroupCommand::undo(Design& design)
{
    design.insertGroup(mGroup);
    for (const Group& c : mChildrenBefore)
        design.replaceGroup(c);
    for (const Node& n : mBefore)
        design.replaceNode(n);
}

void UngroupCommand::redo(Design& design)
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

CommandResult EditGroupCommand::apply(Design& design)
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
    // Only a scalable unit sits inside a pod (as GroupCommand and the loader require): a pod given
    // another pod as parent could close a cycle, which the loader refuses and the canvas cannot walk.
    if (mAfter.parent.isValid()
        && (mAfter.kind != GroupKind::ScalableUnit || !design.group(mAfter.parent)
            || design.group(mAfter.parent)->kind != GroupKind::Pod))
        return CommandResult::refused(QStringLiteral("only a scalable unit can sit inside a pod"));
    mBefore = *g;
    redo(design);
    return CommandResult::done();
}

void EditGroupCommand::undo(Design& design)
{
    design.replaceGroup(mBefore);
}
void EditGroupCommand::redo(Design& design)
{
    design.replaceGroup(mAfter);
}

} // namespace pw
