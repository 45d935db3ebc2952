#include "commands/command.h"

namespace pw {

CommandResult Command::apply(Design& design)
{
    if (mState != State::New)
        return CommandResult::refused(
            QStringLiteral("\"%1\" was already applied once; a command applies only once").arg(text()));
    // Spent until it succeeds: a refusal or an exception ends the command's life.
    mState = State::Spent;
    CommandResult result = performApply(design);
    if (result.ok)
        mState = State::Applied;
    return result;
}

bool Command::undo(Design& design)
{
    if (mState != State::Applied)
        return false;
    performUndo(design);
    mState = State::Undone;
    return true;
}

bool Command::redo(Design& design)
{
    if (mState != State::Undone)
        return false;
    performRedo(design);
    mState = State::Applied;
    return true;
}

} // namespace pw
