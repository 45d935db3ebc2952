#pragma once

#include "cost/tiertable.h"
#include "validate/finding.h"

#include <vector>

namespace pw {

// The tier rules: TIER-GPUS, TIER-INTERCONNECT, TIER-STORAGE (warnings) and TIER-COST (info) where a
// design falls outside its row of the source document's tier table (TierTable::classify). The table
// is cost's data; the rules that judge a design against it live here, with the other rules.
[[nodiscard]] std::vector<Finding> checkTier(const TierInputs& inputs);

} // namespace pw
