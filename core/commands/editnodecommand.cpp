#include "commands/editnodecommand.h"

#include "model/design.h"

namespace pw {

EditNodesCommand::EditNodesCommand(QString text, std::vector<Node> newStates, bool mergeable)
    : mText(std::move(text)), mAfter(std::move(newStates)), mMergeable(mergeable)
{
}

CommandResult EditNodesCommand::apply(Design& design)
{
    if (mAfter.empty())
        return CommandResult::refused(QStringLiteral("nothing to change"));
    for (const Node& n : mAfter) {
        const Node* old = design.node(n.id);
        if (!old)
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(n.id.value()));
        if (old->sku != n.sku)
            return CommandResult::refused(
                QStringLiteral("a node's model cannot be changed in place; replace the node"));
        if (n.name.trimmed().isEmpty())
            return CommandResult::refused(QStringLiteral("a node needs a name"));
        if (n.name.size() > Design::kMaxNameLength)
            return CommandResult::refused(
                QStringLiteral("a name is at most %1 characters long").arg(Design::kMaxNameLength));
        if (n.rack.isValid() && (!design.group(n.rack) || design.group(n.rack)->kind != GroupKind::Rack))
            return CommandResult::refused(QStringLiteral("the rack does not exist"));
        if (n.unit.isValid() && (!design.group(n.unit) || design.group(n.unit)->kind == GroupKind::Rack))
            return CommandResult::refused(QStringLiteral("the scalable unit or pod does not exist"));
        if (n.priceOverride && !(*n.priceOverride >= 0))
            return CommandResult::refused(QStringLiteral("a price cannot be negative"));
        if (n.rackUnit < -1 || n.rackUnit > 60)
            return CommandResult::refused(QStringLiteral("rack unit %1 is outside any rack").arg(n.rackUnit));
        mBefore.push_back(*old);
    }
    redo(design);
    // A network change must keep every attached link compatible.
    for (const Node& n : mAfter) {
        for (LinkId l : design.linksOf(n.id)) {
            const Link* link = design.link(l);
            if (auto why = design.whyIncompatible(link->a, link->b)) {
                undo(design);
                mBefore.clear();
                return CommandResult::refused(QStringLiteral("the change would break a link: %1").arg(*why));
            }
        }
    }
    return CommandResult::done();
}

void EditNodesCommand::undo(Design& design)
{
    for (const Node& n : mBefore)
        design.replaceNode(n);
}

void EditNodesCommand::redo(Design& design)
{
    for (const Node& n : mAfter)
        design.replaceNode(n);
}

bool EditNodesCommand::mergeWith(const Command& next)
{
    const auto* other = dynamic_cast<const EditNodesCommand*>(&next);
    if (!other || !other->mMergeable || other->mAfter.size() != mAfter.size())
        return false;
    for (size_t i = 0; i < mAfter.size(); ++i)
        if (mAfter[i].id != other->mAfter[i].id)
            return false;
    mAfter = other->mAfter;
    return true;
}

} // namespace pw
