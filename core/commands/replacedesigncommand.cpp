#include "commands/replacedesigncommand.h"

#include "model/design.h"

namespace pw {

ReplaceDesignCommand::ReplaceDesignCommand(const QString& text, Design replacement)
    : mText(text), mAfter(std::move(replacement))
{
}

CommandResult ReplaceDesignCommand::performApply(Design& design)
{
    if (design == mAfter)
        return CommandResult::refused(QStringLiteral("the design would not change"));
    mBefore = design;
    performRedo(design);
    return CommandResult::done();
}

namespace {

// Takes `content` into `design`, with a revision past the design's: views and analyses that
// compare revisions must see a change, never an older number. (A copy carries its own revision;
// the rename of a design to its own name is the public way to count one change.)
void replaceContent(Design& design, const Design& content)
{
    const quint64 revision = design.revision();
    design = content;
    while (design.revision() <= revision)
        design.setName(design.name());
}

} // namespace

void ReplaceDesignCommand::performUndo(Design& design)
{
    replaceContent(design, mBefore);
}

void ReplaceDesignCommand::performRedo(Design& design)
{
    replaceContent(design, mAfter);
}

} // namespace pw
