#include "generate/rackplanner.h"

#include "catalog/rackheight.h"
#include "catalog/rackscale.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "generate/designbuilder.h"
#include "model/racknaming.h"

#include <algorithm>
#include <cmath>

namespace pw {

RackPlanner::RackPlanner(DesignBuilder& builder, const CatalogItem& rack, double budgetKw, bool liquidCooled)
    : mBuilder(builder), mRackItem(rack), mBudgetW(budgetKw * 1000.0), mLiquid(liquidCooled)
{
    if (const int u = rackHeightU(rack); u > 0)
        mHeightU = u;
    if (rack.rackWidthMm && rack.rackWidthMm->value > 0)
        mWidthM = rack.rackWidthMm->value / 1000.0;
}

void RackPlanner::beginRow(double x, double y, const QString& label)
{
    mRowStart = QPointF(x, y);
    mRowLabel = label;
    mNeedRack = true;
    mRows.push_back({label, {}});
}

void RackPlanner::openRack()
{
    Rack r;
    Group g;
    g.id = mBuilder.design().allocateGroupId();
    g.kind = GroupKind::Rack;
    if (mRows.empty())
        mRows.push_back({mRowLabel, {}});
    const int inRow = static_cast<int>(mRows.back().racks.size());
    g.name = nextName(mRowLabel);
    g.sku = mRackItem.sku;
    g.powerBudgetKw = mBudgetW / 1000.0;
    g.liquidCooled = mLiquid;
    r.id = g.id;
    r.floor = mRowStart + QPointF(inRow * mWidthM, 0);
    r.row = static_cast<int>(mRows.size()) - 1;
    r.line = lineOf(mRowLabel, r.floor.y());
    mBuilder.design().insertGroup(std::move(g));
    mRows.back().racks.push_back(static_cast<int>(mRacks.size()));
    mRacks.push_back(r);
    mNeedRack = false;
}

bool RackPlanner::fits(const Rack& rack, int height, double power) const
{
    return fitsIn(rack.busbar, rack.usedU, rack.usedW, height, power);
}

bool RackPlanner::fitsIn(bool busbar, int usedU, double usedW, int height, double power) const
{
    return !busbar && usedU + height <= mHeightU && (usedU == 0 || usedW + power <= mBudgetW);
}

int RackPlanner::lineOf(const QString& label, double y)
{
    const auto [it, fresh] = mLines.try_emplace({label, y}, static_cast<int>(mLineW.size()));
    if (fresh)
        mLineW.push_back(0);
    return it->second;
}

std::vector<PlannedRack> RackPlanner::planRow(const std::vector<NodeId>& nodes, const CatalogItem* pdu,
    const FacilityAssumptions& assumptions, std::vector<int>* rackOfNode) const
{
    struct Open {
        int usedU = 0;
        double usedW = 0;
        bool busbar = false;
        bool gpuServers = false;
    };
    std::vector<Open> open;
    std::vector<PlannedRack> racks;
    bool needRack = true; // as place(): a row starts a rack, a rack-scale system closes its own
    if (rackOfNode)
        rackOfNode->assign(nodes.size(), -1);
    for (size_t i = 0; i < nodes.size(); ++i) {
        const CatalogItem& item = mBuilder.itemOf(nodes[i]);
        const int height = rackHeightU(item);
        const bool busbar = isBusbarRack(item);
        if (busbar || needRack
            || !fitsIn(open.back().busbar, open.back().usedU, open.back().usedW, height, item.powerMaxW.value)) {
            open.push_back({0, 0, busbar, false});
            racks.push_back({});
        }
        needRack = busbar;
        Open& o = open.back();
        o.usedU += height;
        o.usedW += item.powerMaxW.value;
        o.gpuServers = o.gpuServers || item.gpuCount() > 0;
        racks.back().maxKw += PowerFigures::maxKwOf(item, assumptions.powerMode);
        racks.back().liquidKw += PowerChain::liquidKwOf(item, assumptions);
        if (rackOfNode)
            (*rackOfNode)[i] = static_cast<int>(racks.size()) - 1;
    }
    if (pdu)
        for (size_t r = 0; r < racks.size(); ++r)
            if (!open[r].busbar && open[r].usedW > 0)
                racks[r].maxKw
                    += pdusPerRack(*pdu, open[r].gpuServers) * PowerFigures::maxKwOf(*pdu, assumptions.powerMode);
    return racks;
}

int RackPlanner::pdusPerRack(const CatalogItem& pdu, bool gpuServers) const
{
    const double capacityW = (pdu.pduCapacityKw ? pdu.pduCapacityKw->value : 0) * 1000.0;
    const int perFeed = capacityW > 0 ? std::max(1, static_cast<int>(std::ceil(mBudgetW / capacityW))) : 1;
    const int forServers = pdu.pdusPerServerRack ? static_cast<int>(pdu.pdusPerServerRack->value) : 2 * perFeed;
    const int forOthers = pdu.pdusPerOtherRack ? static_cast<int>(pdu.pdusPerOtherRack->value) : 2 * perFeed;
    return std::max(1, gpuServers ? forServers : forOthers);
}

void RackPlanner::place(NodeId id)
{
    const CatalogItem& item = mBuilder.itemOf(id);
    const int height = rackHeightU(item);
    if (isBusbarRack(item)) {
        // Its own enclosure: a rack group with no rack item, its budget the capacity it is fed for
        // (its power shelves where given, else its own draw), and the next node opens a rack of
        // its own again.
        openRack();
        Rack& r = mRacks[static_cast<size_t>(mRows.back().racks.back())];
        r.busbar = true;
        Group g = *mBuilder.design().group(r.id);
        g.sku.clear();
        g.powerBudgetKw = PowerFigures::feedKwOf(item);
        g.liquidCooled = item.cooling == Cooling::Liquid;
        mBuilder.design().replaceGroup(g);
        put(id, mRows.back().racks.back());
        mNeedRack = true;
        return;
    }
    if (mNeedRack || mRows.back().racks.empty()
        || !fits(mRacks[static_cast<size_t>(mRows.back().racks.back())], height, item.powerMaxW.value))
        openRack();
    put(id, mRows.back().racks.back());
}

void RackPlanner::placeNear(NodeId id, NodeId anchor, bool anyRack)
{
    const size_t slot = anchor.value() - 1;
    if (!anchor.isValid() || slot >= mRackOfNode.size() || mRackOfNode[slot] < 0) {
        place(id);
        return;
    }
    const CatalogItem& item = mBuilder.itemOf(id);
    const int height = rackHeightU(item);
    const int home = mRackOfNode[slot];
    const Rack& homeRack = mRacks[static_cast<size_t>(home)];
    const QString& line = mRows[static_cast<size_t>(homeRack.row)].label;
    int best = -1;
    double bestDistance = 0;
    auto consider = [&](int r, double distance) {
        const Rack& rack = mRacks[static_cast<size_t>(r)];
        const bool underLimit = mRowLimitW <= 0 || rack.line < 0
            || mLineW[static_cast<size_t>(rack.line)] + item.powerMaxW.value <= mRowLimitW + 1e-6;
        if (fits(rack, height, item.powerMaxW.value) && underLimit && (best < 0 || distance < bestDistance)) {
            best = r;
            bestDistance = distance;
        }
    };
    for (const Row& row : mRows)
        if (row.label == line)
            for (int r : row.racks)
                if (mRacks[static_cast<size_t>(r)].floor.y() == homeRack.floor.y())
                    consider(r, std::abs(mRacks[static_cast<size_t>(r)].floor.x() - homeRack.floor.x()));
    if (best < 0 && anyRack)
        for (int r = 0; r < static_cast<int>(mRacks.size()); ++r) {
            const QPointF d = mRacks[static_cast<size_t>(r)].floor - homeRack.floor;
            consider(r, std::abs(d.x()) + std::abs(d.y()));
        }
    if (best < 0)
        best = openRackInLineOf(home);
    put(id, best);
}

int RackPlanner::openRackInLineOf(int beside)
{
    // A new rack at the end of that rack's row; the current row carries on where it was.
    const Rack& at = mRacks[static_cast<size_t>(beside)];
    const int rowIndex = at.row;
    const int line = at.line;
    Row& row = mRows[static_cast<size_t>(rowIndex)];
    // Rows with one label are one line of racks (a network rack, then servers): the new rack
    // goes after the last of them, not onto a rack already standing there.
    QPointF end = mRacks[static_cast<size_t>(row.racks.back())].floor;
    for (const Rack& other : mRacks)
        if (mRows[static_cast<size_t>(other.row)].label == row.label && other.floor.y() == end.y()
            && other.floor.x() > end.x())
            end = other.floor;
    Rack r;
    Group g;
    g.id = mBuilder.design().allocateGroupId();
    g.kind = GroupKind::Rack;
    g.name = nextName(row.label);
    g.sku = mRackItem.sku;
    g.powerBudgetKw = mBudgetW / 1000.0;
    g.liquidCooled = mLiquid;
    r.id = g.id;
    r.floor = end + QPointF(mWidthM, 0);
    r.row = rowIndex;
    r.line = line;
    mBuilder.design().insertGroup(std::move(g));
    const int index = static_cast<int>(mRacks.size());
    row.racks.push_back(index);
    mRacks.push_back(r);
    return index;
}

int RackPlanner::nearestRack(int from, const std::function<bool(int)>& allowed) const
{
    const QPointF origin = mRacks[static_cast<size_t>(from)].floor;
    int best = -1;
    double bestDistance = 0;
    for (int r = 0; r < static_cast<int>(mRacks.size()); ++r) {
        if (r == from || mRacks[static_cast<size_t>(r)].busbar || !allowed(r))
            continue;
        const QPointF d = mRacks[static_cast<size_t>(r)].floor - origin;
        const double distance = std::abs(d.x()) + std::abs(d.y());
        if (best < 0 || distance < bestDistance) {
            best = r;
            bestDistance = distance;
        }
    }
    return best;
}

int RackPlanner::rackIndexOf(NodeId id) const
{
    const size_t slot = id.value() - 1;
    return id.isValid() && slot < mRackOfNode.size() ? mRackOfNode[slot] : -1;
}

std::optional<std::pair<int, int>> RackPlanner::swappableRacks(NodeId a, NodeId b) const
{
    const int ra = rackIndexOf(a);
    const int rb = rackIndexOf(b);
    if (ra < 0 || rb < 0 || ra == rb)
        return std::nullopt;
    if (rackHeightU(mBuilder.itemOf(a)) != rackHeightU(mBuilder.itemOf(b)))
        return std::nullopt;
    return std::pair{ra, rb};
}

bool RackPlanner::swapPlaces(NodeId a, NodeId b)
{
    const auto racks = swappableRacks(a, b);
    if (!racks)
        return false;
    const auto [ra, rb] = *racks;
    const CatalogItem& ia = mBuilder.itemOf(a);
    const CatalogItem& ib = mBuilder.itemOf(b);
    Rack& rackA = mRacks[static_cast<size_t>(ra)];
    Rack& rackB = mRacks[static_cast<size_t>(rb)];
    const double delta = ib.powerMaxW.value - ia.powerMaxW.value; // what rack A gains
    rackA.usedW += delta;
    rackB.usedW -= delta;
    if (rackA.line >= 0)
        mLineW[static_cast<size_t>(rackA.line)] += delta;
    if (rackB.line >= 0)
        mLineW[static_cast<size_t>(rackB.line)] -= delta;
    Node na = *mBuilder.design().node(a);
    Node nb = *mBuilder.design().node(b);
    std::swap(na.rack, nb.rack);
    std::swap(na.rackUnit, nb.rackUnit);
    mBuilder.design().replaceNode(na);
    mBuilder.design().replaceNode(nb);
    std::swap(mRackOfNode[a.value() - 1], mRackOfNode[b.value() - 1]);
    std::swap(mUnitOfNode[a.value() - 1], mUnitOfNode[b.value() - 1]);
    return true;
}

bool RackPlanner::canSwap(NodeId a, NodeId b) const
{
    const auto racks = swappableRacks(a, b);
    if (!racks)
        return false;
    const auto [ra, rb] = *racks;
    const double delta = mBuilder.itemOf(b).powerMaxW.value - mBuilder.itemOf(a).powerMaxW.value; // what A gains
    auto within = [&](const Rack& r, double gain) {
        const bool underLimit = mRowLimitW <= 0 || r.line < 0 || gain <= 0
            || mLineW[static_cast<size_t>(r.line)] + gain <= mRowLimitW + 1e-6;
        return !r.busbar && (gain <= 0 || r.usedW + gain <= mBudgetW + 1e-6) && underLimit;
    };
    return within(mRacks[static_cast<size_t>(ra)], delta) && within(mRacks[static_cast<size_t>(rb)], -delta);
}

bool RackPlanner::hasRoomFor(int rack, NodeId id) const
{
    const CatalogItem& item = mBuilder.itemOf(id);
    const int height = rackHeightU(item);
    const Rack& r = mRacks[static_cast<size_t>(rack)];
    const bool underLimit = mRowLimitW <= 0 || r.line < 0
        || mLineW[static_cast<size_t>(r.line)] + item.powerMaxW.value <= mRowLimitW + 1e-6;
    return fits(r, height, item.powerMaxW.value) && underLimit;
}

void RackPlanner::moveTo(NodeId id, int rack)
{
    const int from = rackIndexOf(id);
    if (from == rack)
        return;
    if (from >= 0) {
        const CatalogItem& item = mBuilder.itemOf(id);
        const int height = rackHeightU(item);
        Rack& old = mRacks[static_cast<size_t>(from)];
        old.usedW -= item.powerMaxW.value;
        if (old.line >= 0)
            mLineW[static_cast<size_t>(old.line)] -= item.powerMaxW.value;
        // Taken from the top, the rack closes up; from lower down, its units stay free.
        if (height > 0 && mUnitOfNode[id.value() - 1] + height - 1 == old.usedU)
            old.usedU -= height;
    }
    put(id, rack);
}

GroupId RackPlanner::placeAfter(NodeId id, GroupId after, const QString& name)
{
    const auto at = std::find_if(mRacks.begin(), mRacks.end(), [&](const Rack& r) { return r.id == after; });
    if (at == mRacks.end()) {
        place(id);
        return mRacks[static_cast<size_t>(mRows.back().racks.back())].id;
    }
    const QPointF floor = at->floor;
    const int row = at->row;
    const QString label = mRows[static_cast<size_t>(row)].label;
    for (Rack& r : mRacks)
        // The cheap position tests first: a label compare for every rack of a large hall is slow.
        if (r.floor.y() == floor.y() && r.floor.x() > floor.x() && mRows[static_cast<size_t>(r.row)].label == label)
            r.floor.rx() += mWidthM;
    const CatalogItem& item = mBuilder.itemOf(id);
    Group g;
    g.id = mBuilder.design().allocateGroupId();
    g.kind = GroupKind::Rack;
    g.name = name;
    g.powerBudgetKw = PowerFigures::feedKwOf(item);
    g.liquidCooled = item.cooling == Cooling::Liquid;
    Rack r;
    r.id = g.id;
    r.floor = floor + QPointF(mWidthM, 0);
    r.row = row;
    r.line = at->line;
    r.busbar = true; // an enclosure of its own, as a rack-scale system's: nothing else goes in
    mBuilder.design().insertGroup(std::move(g));
    const int index = static_cast<int>(mRacks.size());
    mRows[static_cast<size_t>(row)].racks.push_back(index);
    mRacks.push_back(r);
    put(id, index);
    return r.id;
}

QString RackPlanner::nextName(const QString& label)
{
    // Numbered per label, not per row: two rows may share a label (one line of racks).
    const int n = ++mNamed[label];
    return rackName(label, n);
}

bool RackPlanner::isPlaced(NodeId id) const
{
    const size_t slot = id.value() - 1;
    return slot < mRackOfNode.size() && mRackOfNode[slot] >= 0;
}

void RackPlanner::put(NodeId id, int rackIndex)
{
    const Node* node = mBuilder.design().node(id);
    const CatalogItem& item = mBuilder.itemOf(id);
    const int height = rackHeightU(item);
    Rack& r = mRacks[static_cast<size_t>(rackIndex)];
    Node n = *node;
    n.rack = r.id;
    n.rackUnit = height > 0 ? r.usedU + 1 : -1;
    r.usedU += height;
    r.usedW += item.powerMaxW.value;
    if (r.line >= 0)
        mLineW[static_cast<size_t>(r.line)] += item.powerMaxW.value;
    r.gpuServers = r.gpuServers || item.gpuCount() > 0;
    mBuilder.design().replaceNode(n);
    const size_t slot = id.value() - 1;
    if (mRackOfNode.size() <= slot) {
        mRackOfNode.resize(slot + 1, -1);
        mUnitOfNode.resize(slot + 1, 0);
    }
    mRackOfNode[slot] = rackIndex;
    mUnitOfNode[slot] = n.rackUnit;
}

int RackPlanner::addPdus(const CatalogItem& pdu)
{
    int equipped = 0;
    const size_t racks = mRacks.size();
    for (size_t i = 0; i < racks; ++i) {
        // A rack with nothing powered in it needs no PDU; one that has its PDUs keeps them.
        if (mRacks[i].pdus > 0 || mRacks[i].usedW <= 0 || mRacks[i].busbar)
            continue;
        const Group* g = mBuilder.design().group(mRacks[i].id);
        const int count = pdusPerRack(pdu, mRacks[i].gpuServers);
        ++equipped;
        for (int p = 0; p < count; ++p) {
            const NodeId n = mBuilder.addNode(pdu,
                QStringLiteral("%1-pdu-%2%3").arg(g->name).arg(p % 2 == 0 ? 'A' : 'B').arg(p / 2 + 1), Network::None,
                FabricTier::None, QPointF());
            Node node = *mBuilder.design().node(n);
            node.rack = mRacks[i].id;
            mBuilder.design().replaceNode(node);
            const size_t slot = n.value() - 1;
            if (mRackOfNode.size() <= slot) {
                mRackOfNode.resize(slot + 1, -1);
                mUnitOfNode.resize(slot + 1, 0);
            }
            mRackOfNode[slot] = static_cast<int>(i);
            mUnitOfNode[slot] = mHeightU;
            mRacks[i].usedW += pdu.powerMaxW.value; // what the power rule counts in the rack
            if (mRacks[i].line >= 0)
                mLineW[static_cast<size_t>(mRacks[i].line)] += pdu.powerMaxW.value;
            ++mRacks[i].pdus;
        }
    }
    return equipped;
}

FloorLayout RackPlanner::floorLayout(const HallParameters& hall) const
{
    FloorLayout f;
    f.hall = hall;
    std::map<std::pair<QString, double>, std::vector<size_t>> lines;
    for (size_t i = 0; i < mRacks.size(); ++i)
        lines[{mRows[static_cast<size_t>(mRacks[i].row)].label, mRacks[i].floor.y()}].push_back(i);
    std::map<double, int> depthRank;
    for (const auto& [key, members] : lines)
        depthRank.emplace(key.second, 0);
    int rank = 0;
    for (auto& [y, r] : depthRank)
        r = rank++;
    // Rows in the order they stand: front of the hall first, then left to right.
    std::vector<
        std::pair<std::pair<double, double>, const std::pair<const std::pair<QString, double>, std::vector<size_t>>*>>
        order;
    for (const auto& line : lines) {
        double left = 1e18;
        for (size_t i : line.second)
            left = std::min(left, mRacks[i].floor.x());
        order.push_back({{line.first.second, left}, &line});
    }
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [at, line] : order) {
        FloorRow row;
        row.name = line->first.first;
        row.xM = at.second;
        row.yM = at.first;
        row.facesNorth = depthRank[at.first] % 2 == 1;
        const int index = static_cast<int>(f.rows.size());
        for (size_t i : line->second) {
            const int slot = static_cast<int>(std::lround((mRacks[i].floor.x() - row.xM) / mWidthM));
            row.slots = std::max(row.slots, slot + 1);
            f.racks.emplace(mRacks[i].id.value(), RackPlace{index, slot});
        }
        f.rows.push_back(row);
    }
    return f;
}

} // namespace pw
