#pragma once

#include "catalog/catalogitem.h"
#include "commands/command.h"
#include "model/group.h"
#include "model/node.h"

#include <optional>
#include <vector>

namespace pw {

// Creates a rack, scalable unit or pod and puts nodes in it (a node leaves its previous rack,
// or its previous unit, in the same step). Given a rack catalog item, the rack is that item (it
// joins the design's snapshot, so the bill of materials prices it) and its members are stacked in
// U (RackStacking); without one, members join the rack unplaced.
class GroupCommand : public Command {
public:
    GroupCommand(Group group, std::vector<NodeId> members, std::optional<CatalogItem> rackItem = std::nullopt);
    [[nodiscard]] QString text() const override;
    [[nodiscard]] GroupId groupId() const { return mGroup.id; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    Group mGroup;
    std::vector<NodeId> mMemberIds;
    std::optional<CatalogItem> mRackItem;
    bool mRecordedItem = false;
    std::vector<Node> mBefore;
    std::vector<Node> mAfter;
};

// Dissolves a group: its nodes stay, without that membership; child groups lose their parent.
class UngroupCommand : public Command {
public:
    explicit UngroupCommand(GroupId group);
    [[nodiscard]] QString text() const override { return QStringLiteral("Ungroup"); }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    GroupId mId;
    Group mGroup;
    std::vector<Node> mBefore;
    std::vector<Group> mChildrenBefore;
};

// Renames a group or edits a rack's budget and cooling.
class EditGroupCommand : public Command {
public:
    explicit EditGroupCommand(Group newState);
    [[nodiscard]] QString text() const override { return QStringLiteral("Edit group"); }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    Group mBefore;
    Group mAfter;
};

} // namespace pw
