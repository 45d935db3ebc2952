#pragma once

#include "model/design.h"

namespace pw {
class Catalog;
}

namespace pw::testing {

// A rail-optimized InfiniBand fabric built directly (as a loader would): `units` scalable units of
// 32 DGX H100 each, 8 rail leaves (QM9700) per unit, spines sized so every leaf has 32 uplinks,
// and one out-of-band switch per unit. 16 units = 512 DGX = 4,096 GPUs. Used by the UI tests and
// by bench_canvas so both measure the same design.
[[nodiscard]] Design buildRailFabric(const Catalog& catalog, int units);

} // namespace pw::testing
