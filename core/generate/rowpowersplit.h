#pragma once

#include <vector>

namespace pw {

struct FacilityAssumptions;

// One rack as the generator will fill it, before the design exists: its IT maximum (the sum of
// PowerFigures::maxKwOf over its nodes, PDUs included) and the heat it gives to liquid
// (PowerChain::liquidKwOf), so that a planned row adds up as PowerChain adds up the built one.
struct PlannedRack {
    double maxKw = 0;
    double liquidKw = 0;
};

// The CDUs a row's coolant loops bring into it: per loop of racksPerLoop liquid-cooled racks,
// CoolantLoop::cdusFor(its liquid heat, capacityKw) + spares units of kw each (CoolantPlanner
// stands them in the row after the loop's racks). kw 0: no CDU is placed.
struct RowCdus {
    double kw = 0;
    double capacityKw = 1;
    int spares = 0;
    int racksPerLoop = 1;
};

// How many rows a scalable unit's racks take under the row limit (FacilityAssumptions
// row_limit_kw): its network racks (the head) and server racks in one row when that row stays under
// the limit, else its server racks split evenly over the fewest rows that each stay under it, the
// head in the first row (which gets the smaller share). When no split keeps every row under (one
// rack, or the head, is over the limit on its own), the unit stays in one row and POWER-ROW-LIMIT
// says why.
class RowPowerSplit {
public:
    // A row's IT maximum as PowerChain adds it up: its racks and the CDUs of its coolant loops
    // (the liquid-cooled racks in slot order, racksPerLoop at a time).
    [[nodiscard]] static double rowKw(const std::vector<PlannedRack>& racks, const RowCdus& cdus);

    struct Split {
        std::vector<int> serverRacks; // server racks per row, first row first (sums to all of them)
        double unsplitKw = 0; // the one row's IT maximum
        bool cannotHelp = false; // over the limit and no split keeps every row under it
    };
    [[nodiscard]] static Split of(const std::vector<PlannedRack>& head, const std::vector<PlannedRack>& servers,
        const RowCdus& cdus, const FacilityAssumptions& assumptions);
};

} // namespace pw
