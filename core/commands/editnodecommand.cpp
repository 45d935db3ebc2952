#include "commands/editnodecommand.h"

#include "commands/nodechecks.h"
#include "model/design.h"

#include <unordered_map>

namespace pw {

EditNodesCommand::EditNodesCommand(QString text, std::vector<Node> newStates, bool mergeable)
    : mText(std::move(text)), mAfter(std::move(newStates)), mMergeable(mergeable)
{
}

CommandResult EditNodesCommand::performApply(Design& design)
{
    if (mAfter.empty())
        return CommandResult::refused(QStringLiteral("nothing to change"));
    std::unordered_map<NodeId, const Node*> edited; // the last state given for each node
    std::vector<Node> before;
    for (const Node& n : mAfter) {
        const Node* old = design.node(n.id);
        if (!old)
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(n.id.value()));
        if (old->sku != n.sku)
            return CommandResult::refused(
                QStringLiteral("a node's model cannot be changed in place; replace the node"));
        if (n.name.trimmed().isEmpty())
            return CommandResult::refused(QStringLiteral("a node needs a name"));
        if (auto why = whyInvalidNodeFields(design, n))
            return CommandResult::refused(*why);
        before.push_back(*old);
        edited[n.id] = &n;
    }
    // A network change must keep every attached link compatible: checked on the new states
    // before anything changes, so a refusal leaves even the design's revision alone.
    auto stateOf = [&](NodeId id) -> const Node& {
        auto it = edited.find(id);
        return it != edited.end() ? *it->second : *design.node(id);
    };
    for (const auto& [id, n] : edited) {
        for (LinkId l : design.linksOf(id)) {
            const Link* link = design.link(l);
            if (auto why = design.whyIncompatible(link->a, stateOf(link->a.node), link->b, stateOf(link->b.node)))
                return CommandResult::refused(QStringLiteral("the change would break a link: %1").arg(*why));
        }
    }
    mBefore = std::move(before);
    performRedo(design);
    return CommandResult::done();
}

void EditNodesCommand::performUndo(Design& design)
{
    // In reverse, so a node listed twice ends in its first "before" state.
    for (auto it = mBefore.rbegin(); it != mBefore.rend(); ++it)
        design.replaceNode(*it);
}

void EditNodesCommand::performRedo(Design& design)
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
