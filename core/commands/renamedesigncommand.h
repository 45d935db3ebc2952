#pragma once

#include "commands/command.h"

namespace pw {

// Gives the design a new name (the window title, the report's title page, file name suggestions).
// Surrounding whitespace is dropped; an empty name is refused because a design file needs one, and
// an unchanged name is refused so no empty step reaches the undo stack.
class RenameDesignCommand : public Command {
public:
    explicit RenameDesignCommand(const QString& newName);
    [[nodiscard]] QString text() const override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mBefore;
    QString mAfter;
};

} // namespace pw
