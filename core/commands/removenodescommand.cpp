#include "commands/removenodescommand.h"

#include "model/design.h"

#include <algorithm>
#include <unordered_set>

namespace pw {

RemoveNodesCommand::RemoveNodesCommand(std::vector<NodeId> nodes) : mIds(std::move(nodes)) {}

QString RemoveNodesCommand::text() const
{
    return mIds.size() == 1 ? QStringLiteral("Delete node") : QStringLiteral("Delete %1 nodes").arg(mIds.size());
}

CommandResult RemoveNodesCommand::apply(Design& design)
{
    std::sort(mIds.begin(), mIds.end());
    mIds.erase(std::unique(mIds.begin(), mIds.end()), mIds.end());
    if (mIds.empty())
        return CommandResult::refused(QStringLiteral("nothing selected to delete"));
    std::unordered_set<LinkId> links;
    for (NodeId id : mIds) {
        const Node* n = design.node(id);
        if (!n)
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(id.value()));
        mNodes.push_back(*n);
        for (LinkId l : design.linksOf(id))
            links.insert(l);
    }
    for (LinkId l : links)
        mLinks.push_back(*design.link(l));
    std::sort(mLinks.begin(), mLinks.end(), [](const Link& a, const Link& b) { return a.id < b.id; });
    redo(design);
    return CommandResult::done();
}

void RemoveNodesCommand::undo(Design& design)
{
    for (const Node& n : mNodes)
        design.insertNode(n);
    for (const Link& l : mLinks)
        design.insertLink(l);
}

void RemoveNodesCommand::redo(Design& design)
{
    for (const Link& l : mLinks)
        design.takeLink(l.id);
    for (const Node& n : mNodes)
        design.takeNode(n.id);
}

} // namespace pw
