#include "commands/compositecommand.h"

namespace pw {

CompositeCommand::CompositeCommand(QString text) : mText(std::move(text)) {}

void CompositeCommand::add(std::unique_ptr<Command> command)
{
    mCommands.push_back(std::move(command));
}

CommandResult CompositeCommand::apply(Design& design)
{
    for (size_t i = 0; i < mCommands.size(); ++i) {
        CommandResult r = mCommands[i]->apply(design);
        if (!r.ok) {
            for (size_t j = i; j-- > 0;)
                mCommands[j]->undo(design);
            return r;
        }
    }
    return CommandResult::done();
}

void CompositeCommand::undo(Design& design)
{
    for (auto it = mCommands.rbegin(); it != mCommands.rend(); ++it)
        (*it)->undo(design);
}

void CompositeCommand::redo(Design& design)
{
    for (auto& c : mCommands)
        c->redo(design);
}

} // namespace pw
