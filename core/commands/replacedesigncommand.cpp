#include "commands/replacedesigncommand.h"

#include "model/design.h"

#include <algorithm>
#include <utility>

namespace pw {

ReplaceDesignCommand::ReplaceDesignCommand(const QString& text, Design replacement)
    : mText(text), mOther(std::move(replacement))
{
}

CommandResult ReplaceDesignCommand::performApply(Design& design)
{
    if (design == mOther)
        return CommandResult::refused(QStringLiteral("the design would not change"));
    performRedo(design);
    return CommandResult::done();
}

namespace {

// Moves `content` into `design` and keeps what was there in `content`'s place: an undo or redo of
// a whole design is a swap, never a copy or a rebuild (issue 29: undo of a 10,000-GPU change is as
// quick as any other). The design's revision ends past the one it had: views and analyses that
// compare revisions must see a change, never an older number. (A design carries its own revision;
// the rename of a design to its own name is the public way to count one change.)
void swapIn(Design& design, Design& content)
{
    const quint64 revision = std::max(design.revision(), content.revision());
    std::swap(design, content);
    while (design.revision() <= revision)
        design.setName(design.name());
}

} // namespace

// Undo and redo are the same swap: mOther holds whichever design is not shown.
void ReplaceDesignCommand::performUndo(Design& design)
{
    swapIn(design, mOther);
}

void ReplaceDesignCommand::performRedo(Design& design)
{
    swapIn(design, mOther);
}

} // namespace pw
