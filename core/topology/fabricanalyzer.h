#pragma once

#include "topology/analysisoptions.h"
#include "topology/fabricreport.h"

namespace pw {

class Design;
class OpticsPlan;

// Analyses the compute fabric of a design (links on the compute network between GPU servers and
// switches) and counts its inventory. A pure function of the design: no catalog needed, the
// design's snapshot has every item. Switch tiers come from Node::tier; where a design leaves them
// unset, a switch with GPU servers is a leaf, one above leaves a spine, anything higher a core.
[[nodiscard]] FabricReport analyzeFabric(const Design& design, const AnalysisOptions& options = {});
// The same, counting the optics of a plan the caller already has (DesignFigures shares one with the cost).
[[nodiscard]] FabricReport analyzeFabric(
    const Design& design, const AnalysisOptions& options, const OpticsPlan& optics);

} // namespace pw
