#include "commands/editnodecommand.h"

#include "commands/nodechecks.h"
#include "floor/cablechoice.h"
#include "floor/floorlayout.h"
#include "model/design.h"

#include <set>

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
    reroute(design);
    return CommandResult::done();
}

void EditNodesCommand::reroute(Design& design)
{
    std::set<quint32> links;
    for (const Node& old : mBefore) {
        const Node* now = design.node(old.id);
        if (now->rack != old.rack || now->rackUnit != old.rackUnit)
            for (LinkId l : design.linksOf(old.id))
                links.insert(l.value());
    }
    if (links.empty())
        return;
    const std::optional<FloorLayout> floor = FloorLayout::of(design);
    if (!floor)
        return;
    const OpticsRules::Items parts = OpticsRules::partsOf(design);
    for (quint32 id : links) {
        const Link& l = *design.link(LinkId(id));
        const std::optional<Link> rerouted = CableChoice::rerouted(design, *floor, parts, l);
        if (!rerouted || *rerouted == l)
            continue;
        mLinksBefore.emplace(id, l);
        mLinksAfter[id] = *rerouted;
        design.replaceLink(*rerouted);
    }
}

void EditNodesCommand::performUndo(Design& design)
{
    for (const auto& [id, l] : mLinksBefore)
        design.replaceLink(l);
    // In reverse, so a node listed twice ends in its first "before" state.
    for (auto it = mBefore.rbegin(); it != mBefore.rend(); ++it)
        design.replaceNode(*it);
}

void EditNodesCommand::performRedo(Design& design)
{
    for (const Node& n : mAfter)
        design.replaceNode(n);
    for (const auto& [id, l] : mLinksAfter)
        design.replaceLink(l);
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
    // Links the next edit re-routed: their state before this one's, and their state after the next.
    for (const auto& [id, l] : other->mLinksBefore)
        mLinksBefore.emplace(id, l); // kept where this edit already re-routed the link
    for (const auto& [id, l] : other->mLinksAfter)
        mLinksAfter[id] = l;
    return true;
}

} // namespace pw
