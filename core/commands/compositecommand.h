#pragma once

#include "commands/command.h"

#include <memory>
#include <vector>

namespace pw {

// Several commands as one undo step (a paste, a drag of many items, a generator step).
// All or nothing: if one refuses, those already applied are undone and the whole refuses.
class CompositeCommand : public Command {
public:
    explicit CompositeCommand(QString text);
    void add(std::unique_ptr<Command> command);
    [[nodiscard]] bool isEmpty() const { return mCommands.empty(); }
    [[nodiscard]] QString text() const override { return mText; }
    [[nodiscard]] CommandResult apply(Design& design) override;
    void undo(Design& design) override;
    void redo(Design& design) override;
    [[nodiscard]] const std::vector<std::unique_ptr<Command>>& commands() const { return mCommands; }

private:
    QString mText;
    std::vector<std::unique_ptr<Command>> mCommands;
};

} // namespace pw
