#include "commands/compositecommand.h"

#include "util/scopeguard.h"

#include <cassert>

namespace pw {

CompositeCommand::CompositeCommand(QString text) : mText(std::move(text)) {}

void CompositeCommand::add(std::unique_ptr<Command> command)
{
    assert(!wasApplied() && "children are added before the composite is applied");
    if (wasApplied())
        return;
    mCommands.push_back(std::move(command));
}

CommandResult CompositeCommand::performApply(Design& design)
{
    size_t applied = 0;
    ScopeGuard rollback([&] {
        while (applied > 0)
            mCommands[--applied]->undo(design);
    });
    for (; applied < mCommands.size(); ++applied) {
        const CommandResult r = mCommands[applied]->apply(design);
        if (!r.ok)
            return r;
    }
    rollback.dismiss();
    return CommandResult::done();
}

void CompositeCommand::performUndo(Design& design)
{
    // Children n-1 .. n-undone are undone; on an exception they are redone, oldest first.
    const size_t n = mCommands.size();
    size_t undone = 0;
    ScopeGuard rollback([&] {
        for (size_t j = n - undone; j < n; ++j)
            mCommands[j]->redo(design);
    });
    for (; undone < n; ++undone)
        mCommands[n - 1 - undone]->undo(design);
    rollback.dismiss();
}

void CompositeCommand::performRedo(Design& design)
{
    size_t redone = 0;
    ScopeGuard rollback([&] {
        while (redone > 0)
            mCommands[--redone]->undo(design);
    });
    for (; redone < mCommands.size(); ++redone)
        mCommands[redone]->redo(design);
    rollback.dismiss();
}

} // namespace pw
