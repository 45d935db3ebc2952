#include "commands/setdesignpropertiescommand.h"

#include "model/design.h"

namespace pw {

SetDesignPropertiesCommand::SetDesignPropertiesCommand(QString text, QJsonObject newProperties)
    : mText(std::move(text)), mAfter(std::move(newProperties))
{
}

CommandResult SetDesignPropertiesCommand::apply(Design& design)
{
    if (design.properties() == mAfter)
        return CommandResult::refused(QStringLiteral("the design properties are unchanged"));
    mBefore = design.properties();
    redo(design);
    return CommandResult::done();
}

void SetDesignPropertiesCommand::undo(Design& design)
{
    design.setProperties(mBefore);
}

void SetDesignPropertiesCommand::redo(Design& design)
{
    design.setProperties(mAfter);
}

} // namespace pw
