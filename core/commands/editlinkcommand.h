#pragma once

#include "commands/command.h"
#include "model/link.h"

namespace pw {

// Changes a link's cable, transceiver or length (its ports stay). Repeated edits of one link merge.
class EditLinkCommand : public Command {
public:
    explicit EditLinkCommand(Link newState);
    [[nodiscard]] QString text() const override { return QStringLiteral("Edit link"); }
    [[nodiscard]] int mergeId() const override { return 2; }
    bool mergeWith(const Command& next) override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    Link mBefore;
    Link mAfter;
};

} // namespace pw
