#pragma once

#include "cost/powerfigures.h"
#include "facility/facilityassumptions.h"
#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <unordered_map>
#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// The power and cooling chain of a design, from each rack's feeds to the facility.
//
// API (stable: later versions add members, never rename them):
//   PowerChain chain = PowerChain::of(design, pue);           // or of(design, figures, assumptions)
//   chain.racks   every rack of PowerFigures (same order), with its kW (max, typical), GPUs, liquid/air
//                 heat split, floor row (index into rows, -1: not on the floor), feeds and CDU loop
//   chain.rows    the floor rows holding racks, each listing its racks, kW and limit
//   chain.feeds   every feed: a rack PDU (a node) or a power shelf of a busbar rack, with the rack it
//                 feeds, its rating and its share of the load
//   chain.loops   the coolant loops, each listing the racks it cools, its liquid heat and its CDUs
//                 (planned, and the placed CDU nodes that feed it: the one loop assignment)
//   chain.withoutFeed(i), chain.withoutLoop(i), chain.withoutOneCdu(i): what one failure takes
//                 down (racks, GPUs) and the power and cooling left (FailureImpact)
// Rack kW come from PowerFigures (the one definition of IT power); facility = IT x PUE as there.
// Every estimate the chain makes is listed in assumptions().
enum class FeedKind { Pdu, PowerShelf };

[[nodiscard]] QString toString(FeedKind kind); // "pdu", "power-shelf"

struct PowerFeed {
    FeedKind kind = FeedKind::Pdu;
    NodeId node; // the PDU node; invalid for a power shelf (part of its rack-scale system)
    GroupId rack; // the rack it feeds
    QString name; // "pdu-r01-1", or "R01 shelf 3"
    double ratingKw = 0; // catalog capacity (PDU capacity_kw, power shelf capacity_kw)
    double loadKw = 0; // its share of the rack's maximum with every feed up
};

struct RackChain {
    GroupId id;
    QString name;
    int row = -1; // index into PowerChain::rows; -1: the rack is not on the floor plan
    int loop = -1; // index into PowerChain::loops; -1: no liquid heat
    int gpus = 0;
    double maxKw = 0; // from PowerFigures
    double typicalKw = 0;
    double liquidKw = 0; // heat carried away by liquid at maximum load
    double airKw = 0; // heat left to the room's air at maximum load
    bool liquidEstimated = false; // the split uses an estimated liquid share
    std::vector<int> feeds; // indices into PowerChain::feeds
    double feedRatingKw = 0; // sum of the feeds' ratings
    // The feeds carry the maximum with the largest one lost (feed rating - largest >= maximum).
    [[nodiscard]] bool survivesOneFeedLost(const std::vector<PowerFeed>& all) const;
};

struct RowChain {
    QString name;
    std::vector<GroupId> racks;
    int gpus = 0;
    double maxKw = 0;
    double typicalKw = 0;
    double liquidKw = 0;
    double airKw = 0;
};

// One technology cooling loop: the CDUs that feed the cold plates of its racks. A loop is the
// liquid-cooled racks of one floor row, racksPerLoop at a time in slot order. A CDU placed on the
// floor feeds the loop of the nearest liquid-cooled rack before it in its row (the row's first loop
// when it stands at the row's head): the generator stands each loop's CDUs right after its racks.
struct CoolantLoop {
    QString name; // "loop R01-1"
    int row = -1; // the row it serves (-1: racks not on the floor)
    std::vector<GroupId> racks;
    double liquidKw = 0;
    int cdusNeeded = 0; // ceil(liquid kW / CDU capacity)
    int cdus = 0; // needed + spares per loop
    double cduCapacityKw = 0;
    std::vector<NodeId> cduNodes; // the placed CDUs that feed it, in slot order
    QStringList cduNames; // their node names, same order
    // The CDUs that carry its heat: the placed ones when the design stands CDUs on the floor
    // (PowerChain::cdusOnFloor), else the plan (cdus).
    int cdusInService = 0;

    // CDUs a loop's heat needs: ceil(liquid kW / capacity), 0 without liquid heat.
    [[nodiscard]] static int cdusFor(double liquidKw, double capacityKw);
};

// A sidecar power rack of an 800 VDC power chain and the racks it feeds. Each rack of a system that
// accepts 800 VDC (CatalogItem::acceptsPowerChain), in a design whose power_chain distribution is
// 800vdc, is fed by the sidecar standing nearest after it in its row (the row's last sidecar for
// racks after it): the generator stands each sidecar right after the racks it was placed for, so
// this one rule gives each its racks. Losing it takes all of them down.
struct SidecarChain {
    NodeId node;
    QString name; // the node's name, "U001-pwr-01"
    int row = -1; // index into PowerChain::rows; -1: not on the floor (feeds nothing)
    double capacityKw = 0; // catalog sidecar_power capacity_kw
    int racksFedLimit = 0; // catalog sidecar_power racks_fed
    std::vector<GroupId> racks; // the racks it feeds, in slot order
    int gpus = 0;
    double loadKw = 0; // the racks' maximum in the design's mode
};

// What one failure takes down, and what is left. A rack is lost when its feeds left cannot carry
// its maximum, or its loop's CDUs left cannot carry its liquid heat.
struct FailureImpact {
    std::vector<GroupId> racksLost;
    std::vector<GroupId> racksDegraded; // still running, without their redundancy
    int gpusLost = 0;
    double itKwLost = 0; // maximum load of the racks lost
    double itKwLeft = 0; // IT maximum of everything still running
    double liquidCapacityLeftKw = 0; // CDU capacity left in service, all loops
    [[nodiscard]] QJsonObject toJson() const;
    // The totals and the rows and loops without the per-rack and per-feed lists (`analyze --json`).
    [[nodiscard]] QJsonObject summaryJson() const;
};

class PowerChain {
public:
    PowerFigures figures; // IT and facility totals, per-rack kW
    FacilityAssumptions assumptions;
    std::vector<RackChain> racks;
    std::vector<RowChain> rows;
    std::vector<PowerFeed> feeds;
    std::vector<CoolantLoop> loops;
    std::vector<SidecarChain> sidecars; // placed sidecar power racks, in node id order
    std::vector<GroupId> racksWithoutSidecar; // 800 VDC racks with no sidecar in their row
    double liquidKw = 0; // all racks
    double airKw = 0; // all racks and unracked load
    double facilityTypicalKw = 0; // IT typical x PUE
    int cdusPlaced = 0; // CDU nodes in the design (items with cooling_capacity_kw)
    // True when some placed CDU stands on the floor next to a loop: then each loop's CDUs are the
    // placed ones (CoolantLoop::cduNodes), not the plan.
    bool cdusOnFloor = false;
    std::vector<NodeId> cdusUnassigned; // placed CDUs that feed no loop (off the floor, or no loop in their row)

    [[nodiscard]] static PowerChain of(const Design& design, double pue);
    [[nodiscard]] static PowerChain of(
        const Design& design, const PowerFigures& figures, const FacilityAssumptions& assumptions);

    // Heat one node of `item` gives to liquid at maximum (its catalog liquid_heat_share, else the
    // assumed share; 0 for air-cooled items and CDUs): what a rack adds to its coolant loop. The
    // generator sizes rows and their CDUs by it before the design exists.
    [[nodiscard]] static double liquidKwOf(const CatalogItem& item, const FacilityAssumptions& assumptions);

    [[nodiscard]] const RackChain* rack(GroupId id) const;
    [[nodiscard]] const SidecarChain* sidecar(NodeId node) const; // nullptr: not a placed sidecar
    // "800 kW, feeds U001-01, U001-02, U001-03 (681.0 kW, 216 GPUs)": the inspector's and `power`'s line.
    [[nodiscard]] QString sidecarText(const SidecarChain& sidecar) const;
    [[nodiscard]] int cdusPlanned() const; // sum of the loops' CDUs
    [[nodiscard]] FailureImpact withoutFeed(int feed) const;
    [[nodiscard]] FailureImpact withoutLoop(int loop) const; // the loop's piping or all its CDUs
    [[nodiscard]] FailureImpact withoutOneCdu(int loop) const;
    [[nodiscard]] FailureImpact withoutSidecar(int sidecar) const; // every rack it feeds goes down
    // Every estimate the figures rest on, as "estimate: ..." lines (and sourced lines).
    [[nodiscard]] QStringList assumptionLines() const;
    [[nodiscard]] QJsonObject toJson() const;
    // The totals and the rows and loops without the per-rack and per-feed lists (`analyze --json`).
    [[nodiscard]] QJsonObject summaryJson() const;

private:
    // racks' positions by rack id, as of() built them: rack() is asked once per feed and loop
    // member (107,196 feeds at 1,000,000 GPUs), where a search of the 37,973 racks each time cost
    // seconds.
    std::unordered_map<quint32, size_t> mRackIndex;
};

} // namespace pw
