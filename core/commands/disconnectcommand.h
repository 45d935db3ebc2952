#pragma once

#include "commands/command.h"
#include "model/link.h"

#include <vector>

namespace pw {

// Removes links.
class DisconnectCommand : public Command {
public:
    explicit DisconnectCommand(std::vector<LinkId> links);
    [[nodiscard]] QString text() const override;

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    std::vector<LinkId> mIds;
    std::vector<Link> mLinks;
};

} // namespace pw
