#include "commands/setdesignpropertiescommand.h"

#include "model/design.h"

namespace pw {

SetDesignPropertiesCommand::SetDesignPropertiesCommand(QString text, QJsonObject newProperties)
    : mText(std::move(text)), mAfter(std::move(newProperties))
{
}

CommandResult SetDesignPropertiesCommand::performApply(Design& design)
{
    if (design.properties() == mAfter)
        return CommandResult::refused(QStringLiteral("the design properties are unchanged"));
    mBefore = design.properties();
    performRedo(design);
    return CommandResult::done();
}

void SetDesignPropertiesCommand::performUndo(Design& design)
{
    design.setProperties(mBefore);
}

void SetDesignPropertiesCommand::performRedo(Design& design)
{
    design.setProperties(mAfter);
}

} // namespace pw
