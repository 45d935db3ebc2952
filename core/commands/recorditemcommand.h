#pragma once

#include "catalog/catalogitem.h"
#include "commands/command.h"

namespace pw {

// Adds a catalog item (a cable type, say) to the design's snapshot so links can use it.
class RecordItemCommand : public Command {
public:
    explicit RecordItemCommand(CatalogItem item) : mItem(std::move(item)) {}
    [[nodiscard]] QString text() const override { return QStringLiteral("Use %1").arg(mItem.model); }

protected:
    [[nodiscard]] CommandResult performApply(Design& design) override;
    void performUndo(Design& design) override;
    void performRedo(Design& design) override;

private:
    CatalogItem mItem;
    bool mRecorded = false;
};

} // namespace pw
