#include "undocommand.h"

#include "commands/command.h"
#include "model/design.h"

namespace pw::ui {

UndoCommand::UndoCommand(Design& design, std::unique_ptr<Command> command)
    : QUndoCommand(command->text()), mDesign(design), mCommand(std::move(command))
{
}

UndoCommand::~UndoCommand() = default;

void UndoCommand::undo()
{
    mCommand->undo(mDesign);
}

void UndoCommand::redo()
{
    if (mApplied) {
        mApplied = false; // QUndoStack::push redoes once; apply() has done that work already
        return;
    }
    mCommand->redo(mDesign);
}

int UndoCommand::id() const
{
    return mCommand->mergeId();
}

bool UndoCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const UndoCommand*>(other);
    if (!next)
        return false;
    return mCommand->mergeWith(*next->mCommand);
}

} // namespace pw::ui
