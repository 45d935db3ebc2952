#include "commands/editlinkcommand.h"

#include "model/design.h"

namespace pw {

EditLinkCommand::EditLinkCommand(Link newState) : mAfter(std::move(newState)) {}

CommandResult EditLinkCommand::performApply(Design& design)
{
    const Link* old = design.link(mAfter.id);
    if (!old)
        return CommandResult::refused(QStringLiteral("link %1 does not exist").arg(mAfter.id.value()));
    if (old->a != mAfter.a || old->b != mAfter.b)
        return CommandResult::refused(QStringLiteral("to move a link, disconnect it and connect again"));
    if (!(mAfter.lengthM >= 0 && mAfter.lengthM <= 10000))
        return CommandResult::refused(QStringLiteral("a cable length must be between 0 and 10,000 m"));
    if (!mAfter.cableSku.isEmpty() && !(mAfter.lengthM > 0))
        return CommandResult::refused(
            QStringLiteral("a cable needs a length: type it, or let Podwright derive it from the positions"));
    for (const QString& sku : {mAfter.cableSku, mAfter.transceiverSku})
        if (!sku.isEmpty() && !design.item(sku))
            return CommandResult::refused(QStringLiteral("%1 is not in the design's catalog").arg(sku));
    mBefore = *old;
    performRedo(design);
    return CommandResult::done();
}

void EditLinkCommand::performUndo(Design& design)
{
    design.replaceLink(mBefore);
}
void EditLinkCommand::performRedo(Design& design)
{
    design.replaceLink(mAfter);
}

bool EditLinkCommand::mergeWith(const Command& next)
{
    const auto* other = dynamic_cast<const EditLinkCommand*>(&next);
    if (!other || other->mAfter.id != mAfter.id)
        return false;
    mAfter = other->mAfter;
    return true;
}

} // namespace pw
