#pragma once

#include "floor/floorlayout.h"
#include "generate/rowpowersplit.h"
#include "util/strongid.h"

#include <QPointF>
#include <QString>

#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace pw {

class DesignBuilder;
struct CatalogItem;
struct FacilityAssumptions;

// Places nodes in racks, row by row: a node goes into the current rack while its height and its
// maximum power fit (the rack's power budget), else a new rack opens further along the row.
// Racks stand at floor positions in metres; floorLayout() turns them into the design's floor plan.
class RackPlanner {
public:
    RackPlanner(DesignBuilder& builder, const CatalogItem& rack, double budgetKw, bool liquidCooled);

    // Starts a row of racks at a floor position in metres; the next place() opens a rack.
    void beginRow(double xMetres, double yMetres, const QString& label);
    void place(NodeId node);
    // Places a node in the rack of an already placed anchor if it fits, else in the nearest rack
    // of the anchor's line of racks (its row and the rows of the same label: the network rack at
    // the head of a scalable unit's servers) that fits, else (anyRack) the nearest rack anywhere
    // that fits, else in a new rack at the end of that line (so a switch stays near the nodes it
    // serves). Falls back to place() when the anchor is not placed.
    void placeNear(NodeId node, NodeId anchor, bool anyRack = false);
    // Stands a floor-standing unit (a coolant distribution unit) in an enclosure of its own right
    // after rack `after` in its line of racks; the racks further along that line move one position
    // on. The enclosure takes no rack item, no PDUs and nothing else. Returns the enclosure.
    GroupId placeAfter(NodeId node, GroupId after, const QString& name);
    [[nodiscard]] bool isPlaced(NodeId node) const;
    // Adds PDUs to every rack that holds powered equipment and has none yet: the PDU item's count
    // per rack of GPU servers or per other rack (DGX SuperPOD RA), else enough for the budget,
    // doubled for A and B feeds. Returns the racks that got PDUs.
    int addPdus(const CatalogItem& pdu);

    [[nodiscard]] int rackCount() const { return static_cast<int>(mRacks.size()); }

    // Re-placing switches across racks (FailureDomainPlacement), by rack index (0 .. rackCount()).
    // The rack a placed node stands in, or -1.
    [[nodiscard]] int rackIndexOf(NodeId node) const;
    [[nodiscard]] GroupId rackId(int rack) const { return mRacks[static_cast<size_t>(rack)].id; }
    [[nodiscard]] bool holdsGpuServers(int rack) const { return mRacks[static_cast<size_t>(rack)].gpuServers; }
    // Two placed nodes of the same height in different racks trade places (rack and U), so neither
    // rack's height changes; their power moves with them. False (nothing done) when they cannot.
    bool swapPlaces(NodeId a, NodeId b);
    // Whether swapPlaces(a, b) keeps both racks within their power budgets and rows within the limit.
    [[nodiscard]] bool canSwap(NodeId a, NodeId b) const;
    // Whether `node` fits rack `rack` (height, power budget, and the row limit of its line).
    [[nodiscard]] bool hasRoomFor(int rack, NodeId node) const;
    // Moves a placed node to the top of rack `rack` (where it must fit); its old rack gives back its
    // power, and its height when it stood at the top.
    void moveTo(NodeId node, int rack);
    // The rack nearest rack `from` on the floor (x and y distance) for which `allowed` holds, or -1.
    [[nodiscard]] int nearestRack(int from, const std::function<bool(int)>& allowed) const;
    // Opens a rack at the end of the line of racks that rack `beside` stands in; returns its index.
    int openRackInLineOf(int beside);

    // The racks place() would fill with `nodes` in a row of their own, with their IT maximum and
    // liquid heat (and the PDUs addPdus gives each, when `pdu` is set), placing nothing; the rack
    // (index into the result) of each node in `rackOfNode` when given.
    [[nodiscard]] std::vector<PlannedRack> planRow(const std::vector<NodeId>& nodes, const CatalogItem* pdu,
        const FacilityAssumptions& assumptions, std::vector<int>* rackOfNode = nullptr) const;
    // From now on placeNear() passes over racks whose row (line of racks) the node would take over
    // `limitKw` (0: no limit), so switches placed after the rows are sized keep them under it.
    void setRowLimitKw(double limitKw) { mRowLimitW = limitKw * 1000.0; }

    // Floor width of one rack in metres, from the rack item (0.6 m when it states none).
    [[nodiscard]] double rackWidth() const { return mWidthM; }
    // The racks as they stand: one floor row per line of racks (racks of one label at one depth),
    // each rack in the slot its position gives, rows facing alternately north and south from the
    // front of the hall so that fronts share cold aisles and backs hot ones.
    [[nodiscard]] FloorLayout floorLayout(const HallParameters& hall) const;

private:
    // swapPlaces' precondition: both placed, in different racks, of the same height; their two
    // rack indexes then, else nothing.
    [[nodiscard]] std::optional<std::pair<int, int>> swappableRacks(NodeId a, NodeId b) const;

    struct Rack {
        GroupId id;
        QPointF floor; // metres
        int usedU = 0;
        double usedW = 0;
        int row = 0;
        bool gpuServers = false;
        int pdus = 0;
        bool busbar = false; // a rack-scale system's own enclosure: nothing else goes in, no PDUs
        int line = -1; // index into mLineW: the racks of one label at one depth
    };
    struct Row {
        QString label;
        std::vector<int> racks;
    };
    void openRack();
    [[nodiscard]] bool fits(const Rack& rack, int height, double power) const;
    // One rule for place() and planRow(): a node of `height` U and `power` W goes into a rack
    // holding `usedU` and `usedW`.
    [[nodiscard]] bool fitsIn(bool busbar, int usedU, double usedW, int height, double power) const;
    // PDUs addPdus gives a rack (of GPU servers or not).
    [[nodiscard]] int pdusPerRack(const CatalogItem& pdu, bool gpuServers) const;
    // The line of racks at this label and depth (a new one the first time).
    [[nodiscard]] int lineOf(const QString& label, double y);
    void put(NodeId node, int rack);
    // A rack name unique in the design: the label and the next number of that label.
    [[nodiscard]] QString nextName(const QString& label);

    DesignBuilder& mBuilder;
    const CatalogItem& mRackItem;
    double mBudgetW;
    bool mLiquid;
    int mHeightU = 48;
    double mWidthM = 0.6;
    std::vector<Rack> mRacks;
    std::vector<Row> mRows;
    std::vector<int> mRackOfNode; // by node id - 1, -1 when not placed
    std::vector<int> mUnitOfNode;
    QPointF mRowStart;
    QString mRowLabel;
    std::map<QString, int> mNamed; // racks named per label
    std::map<std::pair<QString, double>, int> mLines;
    std::vector<double> mLineW; // maximum power of each line of racks
    double mRowLimitW = 0;
    bool mNeedRack = true;
};

} // namespace pw
