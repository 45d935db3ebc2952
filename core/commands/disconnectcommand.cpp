#include "commands/disconnectcommand.h"

#include "model/design.h"

#include <algorithm>

namespace pw {

DisconnectCommand::DisconnectCommand(std::vector<LinkId> links) : mIds(std::move(links)) {}

QString DisconnectCommand::text() const
{
    return mIds.size() == 1 ? QStringLiteral("Disconnect") : QStringLiteral("Disconnect %1 links").arg(mIds.size());
}

CommandResult DisconnectCommand::performApply(Design& design)
{
    std::vector<LinkId> ids = mIds;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (ids.empty())
        return CommandResult::refused(QStringLiteral("no link selected"));
    std::vector<Link> links;
    for (LinkId id : ids) {
        const Link* l = design.link(id);
        if (!l)
            return CommandResult::refused(QStringLiteral("link %1 does not exist").arg(id.value()));
        links.push_back(*l);
    }
    mIds = std::move(ids);
    mLinks = std::move(links);
    performRedo(design);
    return CommandResult::done();
}

void DisconnectCommand::performUndo(Design& design)
{
    for (const Link& l : mLinks)
        design.insertLink(l);
}

void DisconnectCommand::performRedo(Design& design)
{
    for (const Link& l : mLinks)
        design.takeLink(l.id);
}

} // namespace pw
