#pragma once

#include <QUndoCommand>

#include <memory>

namespace pw {
class Command;
class Design;
} // namespace pw

namespace pw::ui {

// Adapter that puts one core command on a QUndoStack. The core command has already been applied
// when this is pushed (QUndoStack::push calls redo() once; the first call is skipped), so apply()
// runs exactly once. Undo and redo forward to core; merging forwards to Command::mergeWith.
class UndoCommand : public QUndoCommand {
public:
    UndoCommand(Design& design, std::unique_ptr<Command> command);
    ~UndoCommand() override;

    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override;
    bool mergeWith(const QUndoCommand* other) override;
    [[nodiscard]] const Command& command() const { return *mCommand; }

private:
    Design& mDesign;
    std::unique_ptr<Command> mCommand;
    bool mApplied = true;
};

} // namespace pw::ui
