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

CommandResult RemoveNodesCommand::performApply(Design& design)
{
    // Everything is gathered in locals first: a refusal leaves the command and the design as they were.
    std::vector<NodeId> ids = mIds;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (ids.empty())
        return CommandResult::refused(QStringLiteral("nothing selected to delete"));
    std::vector<Node> nodes;
    std::unordered_set<LinkId> linkIds;
    for (NodeId id : ids) {
        const Node* n = design.node(id);
        if (!n)
            return CommandResult::refused(QStringLiteral("node %1 does not exist").arg(id.value()));
        nodes.push_back(*n);
        for (LinkId l : design.linksOf(id))
            linkIds.insert(l);
    }
    std::vector<Link> links;
    links.reserve(linkIds.size());
    for (LinkId l : linkIds)
        links.push_back(*design.link(l));
    std::sort(links.begin(), links.end(), [](const Link& a, const Link& b) { return a.id < b.id; });
    mIds = std::move(ids);
    mNodes = std::move(nodes);
    mLinks = std::move(links);
    performRedo(design);
    return CommandResult::done();
}

void RemoveNodesCommand::performUndo(Design& design)
{
    for (const Node& n : mNodes)
        design.insertNode(n);
    for (const Link& l : mLinks)
        design.insertLink(l);
}

void RemoveNodesCommand::performRedo(Design& design)
{
    for (const Link& l : mLinks)
        design.takeLink(l.id);
    for (const Node& n : mNodes)
        design.takeNode(n.id);
}

} // namespace pw
