#pragma once

#include "commands/command.h"

#include <QJsonObject>

namespace pw {

// Replaces the design's properties (intent, cost assumptions, waivers) in one undoable step.
// Callers build the new object from the current one (e.g. Waiver::addedTo), so one gesture is one
// step. Refuses when nothing would change, so no empty step reaches the undo stack.
class SetDesignPropertiesCommand : public Command {
public:
    SetDesignPropertiesCommand(QString text, QJsonObject newProperties);
    [[nodiscard]] QString text() const override { return mText; }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    QString mText;
    QJsonObject mBefore;
    QJsonObject mAfter;
};

} // namespace pw
