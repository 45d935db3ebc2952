#pragma once

#include "commands/command.h"

#include <memory>
#include <vector>

namespace pw {

// Several commands as one undo step (a paste, a drag of many items, a generator step).
// All or nothing, as LibrePCB's UndoCommandGroup: if a child refuses or throws while applying,
// the children already applied are undone (in reverse order) and the whole refuses or rethrows,
// leaving the design as it was. An undo or redo that throws halfway is rolled back the same way.
// Children are added before the composite is applied; they must not have been applied yet.
class CompositeCommand : public Command {
public:
    explicit CompositeCommand(QString text);
    // Adds a child; only before apply() (a programmer error afterwards: asserted, and ignored).
    void add(std::unique_ptr<Command> command);
    [[nodiscard]] bool isEmpty() const { return mCommands.empty(); }
    [[nodiscard]] QString text() const override { return mText; }
    [[nodiscard]] const std::vector<std::unique_ptr<Command>>& commands() const { return mCommands; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    std::vector<std::unique_ptr<Command>> mCommands;
};

} // namespace pw
