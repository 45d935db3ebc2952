#include "commands/recorditemcommand.h"

#include "model/design.h"

namespace pw {

CommandResult RecordItemCommand::performApply(Design& design)
{
    mRecorded = design.item(mItem.sku) == nullptr;
    if (mRecorded)
        design.recordItem(mItem);
    return CommandResult::done();
}

void RecordItemCommand::performUndo(Design& design)
{
    if (mRecorded)
        design.forgetItem(mItem.sku);
}

void RecordItemCommand::performRedo(Design& design)
{
    if (mRecorded)
        design.recordItem(mItem);
}

} // namespace pw
