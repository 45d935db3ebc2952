#pragma once

#include <cstdint>

namespace pw {

// How much work analyzeFabric() may do. The defaults keep the analysis of a 100,000-GPU design
// within a few seconds on a 2-core machine; every cut is one exact max-flow over the whole fabric.
struct AnalysisOptions {
    int randomSplits = 2; // random balanced splits of the servers
    int improvementSteps = 4; // local-improvement attempts on the worst split found
    bool degraded = true; // one spine / one leaf / one plane lost
    bool bisection = true; // false: counts, oversubscription and diameter only
    int diameterSources = 8; // servers a breadth-first search starts from
    std::uint32_t seed = 1; // random splits are reproducible
    // Above this many directed arcs, random splits and improvement steps are halved (at least 1).
    long long largeGraphArcs = 600000;
};

} // namespace pw
