#pragma once

#include "commands/command.h"
#include "model/design.h"

namespace pw {

// Replaces the whole design with another one (a regenerated design with changed dials) as one
// undo step: undo restores the design exactly as it was, redo puts the replacement back, each by a
// swap of the two designs (no copy, no regeneration). Refused when the replacement equals the
// design, so no empty step reaches the undo stack.
class ReplaceDesignCommand : public Command {
public:
    ReplaceDesignCommand(const QString& text, Design replacement);
    [[nodiscard]] QString text() const override { return mText; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    Design mOther; // the replacement until applied; then whichever design is not in the document
};

} // namespace pw
