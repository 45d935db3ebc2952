#include "commands/renamedesigncommand.h"

#include "model/design.h"

namespace pw {

RenameDesignCommand::RenameDesignCommand(const QString& newName) : mAfter(newName.trimmed()) {}

QString RenameDesignCommand::text() const
{
    return QStringLiteral("Rename design to \"%1\"").arg(mAfter);
}

CommandResult RenameDesignCommand::performApply(Design& design)
{
    if (mAfter.isEmpty())
        return CommandResult::refused(QStringLiteral("a design needs a name"));
    if (design.name() == mAfter)
        return CommandResult::refused(QStringLiteral("the design is already named \"%1\"").arg(mAfter));
    mBefore = design.name();
    performRedo(design);
    return CommandResult::done();
}

void RenameDesignCommand::performUndo(Design& design)
{
    design.setName(mBefore);
}

void RenameDesignCommand::performRedo(Design& design)
{
    design.setName(mAfter);
}

} // namespace pw
