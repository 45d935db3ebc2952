#include "commands/disconnectcommand.h"

#include "model/design.h"

#include <algorithm>

namespace pw {

DisconnectCommand::DisconnectCommand(std::vector<LinkId> links) : mIds(std::move(links)) {}

QString DisconnectCommand::text() const
{
    return mIds.size() == 1 ? QStringLiteral("Disconnect") : QStringLiteral("Disconnect %1 links").arg(mIds.size());
}

CommandResult DisconnectCommand::apply(Design& design)
{
    std::sort(mIds.begin(), mIds.end());
    mIds.erase(std::unique(mIds.begin(), mIds.end()), mIds.end());
    if (mIds.empty())
        return CommandResult::refused(QStringLiteral("no link selected"));
    for (LinkId id : mIds) {
        const Link* l = design.link(id);
        if (!l)
            return CommandResult::refused(QStringLiteral("link %1 does not exist").arg(id.value()));
        mLinks.push_back(*l);
    }
    redo(design);
    return CommandResult::done();
}

void DisconnectCommand::undo(Design& design)
{
    for (const Link& l : mLinks)
        design.insertLink(l);
}

void DisconnectCommand::redo(Design& design)
{
    for (const Link& l : mLinks)
        design.takeLink(l.id);
}

} // namespace pw
