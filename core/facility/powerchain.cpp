#include "facility/powerchain.h"

#include "catalog/coolantunit.h"
#include "catalog/rackscale.h"
#include "catalog/sidecarpowerrack.h"
#include "floor/floorlayout.h"
#include "model/design.h"
#include "util/plural.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace pw {

namespace {

constexpr double kEps = 1e-9;

// A rack-scale system's power shelves (catalog/catalogblocks.h); none for any other item.
PowerShelves shelvesOf(const CatalogItem& item)
{
    return item.powerShelves.value_or(PowerShelves{});
}

// Share of the item's heat taken by liquid, and whether that share is an estimate.
std::pair<double, bool> liquidShareOf(const CatalogItem& item, const FacilityAssumptions& a)
{
    // A coolant distribution unit moves heat; its own draw is not heat for a loop.
    if (item.cooling != Cooling::Liquid || isCdu(item))
        return {0.0, false};
    if (const auto& share = item.liquidHeatShare)
        return {share->value, share->source.startsWith(QLatin1String("estimate"))};
    return {a.liquidShare.value, a.liquidShare.source.startsWith(QLatin1String("estimate"))};
}

// A node's heat to liquid at maximum: its maximum in the design's mode (PowerFigures) times its
// liquid share.
double liquidHeatKw(const CatalogItem& item, double share, PowerMode mode)
{
    return PowerFigures::maxKwOf(item, mode) * share;
}

// Each 800 VDC rack goes to the sidecar standing nearest after it in its row, else the row's last
// sidecar (SidecarChain); a rack in a row without a sidecar is listed in racksWithoutSidecar.
void assignSidecars(PowerChain& c, const std::vector<const Node*>& sidecarNodes, const std::vector<bool>& on800V,
    const std::vector<int>& slotOfRack, const std::unordered_map<quint32, size_t>& index, const Design& design)
{
    std::vector<std::pair<int, size_t>> bySlot; // (slot, sidecar index) of the sidecars on the floor
    for (const Node* n : sidecarNodes) {
        const CatalogItem* item = design.item(n->sku);
        SidecarChain s;
        s.node = n->id;
        s.name = n->name;
        s.capacityKw = sidecarCapacityKw(*item);
        s.racksFedLimit = item->sidecarPower->racksFed;
        const auto it = n->rack.isValid() ? index.find(n->rack.value()) : index.end();
        if (it != index.end() && c.racks[it->second].row >= 0) {
            s.row = c.racks[it->second].row;
            bySlot.push_back({slotOfRack[it->second], c.sidecars.size()});
        }
        c.sidecars.push_back(s);
    }
    std::stable_sort(bySlot.begin(), bySlot.end());
    for (size_t i = 0; i < c.racks.size(); ++i) {
        if (!on800V[i])
            continue;
        const RackChain& rc = c.racks[i];
        int chosen = -1;
        for (const auto& [slot, s] : bySlot) {
            if (c.sidecars[s].row != rc.row || rc.row < 0)
                continue;
            chosen = static_cast<int>(s); // the row's last one before the rack, until one stands after it
            if (slot > slotOfRack[i])
                break;
        }
        if (chosen < 0) {
            c.racksWithoutSidecar.push_back(rc.id);
            continue;
        }
        SidecarChain& s = c.sidecars[static_cast<size_t>(chosen)];
        s.racks.push_back(rc.id);
        s.gpus += rc.gpus;
        s.loadKw += rc.maxKw;
    }
}

} // namespace

int CoolantLoop::cdusFor(double liquidKw, double capacityKw)
{
    return liquidKw <= kEps || capacityKw <= 0 ? 0 : static_cast<int>(std::ceil(liquidKw / capacityKw - kEps));
}

QString toString(FeedKind kind)
{
    return kind == FeedKind::Pdu ? QStringLiteral("pdu") : QStringLiteral("power-shelf");
}

bool RackChain::survivesOneFeedLost(const std::vector<PowerFeed>& all) const
{
    if (feeds.size() < 2)
        return false;
    double largest = 0;
    for (int f : feeds)
        largest = std::max(largest, all[f].ratingKw);
    return feedRatingKw - largest + kEps >= maxKw;
}

QJsonObject FailureImpact::toJson() const
{
    QJsonArray lost;
    for (GroupId id : racksLost)
        lost.append(static_cast<qint64>(id.value()));
    QJsonArray degraded;
    for (GroupId id : racksDegraded)
        degraded.append(static_cast<qint64>(id.value()));
    return QJsonObject{{QStringLiteral("racks_lost"), lost}, {QStringLiteral("racks_degraded"), degraded},
        {QStringLiteral("gpus_lost"), gpusLost}, {QStringLiteral("it_kw_lost"), itKwLost},
        {QStringLiteral("it_kw_left"), itKwLeft}, {QStringLiteral("liquid_capacity_left_kw"), liquidCapacityLeftKw}};
}

PowerChain PowerChain::of(const Design& design, double pue)
{
    return of(design, PowerFigures::of(design, pue), FacilityAssumptions::of(design));
}

PowerChain PowerChain::of(const Design& design, const PowerFigures& figures, const FacilityAssumptions& assumptions)
{
    PowerChain c;
    c.figures = figures;
    c.assumptions = assumptions;
    std::unordered_map<quint32, size_t> index;
    for (const RackPower& r : figures.racks) {
        index[r.id.value()] = c.racks.size();
        RackChain rc;
        rc.id = r.id;
        rc.name = r.name;
        rc.maxKw = r.maxKw;
        rc.typicalKw = r.typicalKw;
        c.racks.push_back(rc);
    }
    double unrackedLiquid = 0;
    std::vector<const Node*> cduNodes; // placed CDUs, assigned to loops once the loops are known
    std::vector<const Node*> sidecarNodes; // placed sidecar power racks, assigned once the rows are known
    std::vector<bool> on800V(c.racks.size(), false); // the rack's system takes 800 VDC from a sidecar
    const bool dc800V = figures.distribution == PowerDistribution::Dc800V;
    // Nodes in id order, so feeds come out in a stable order.
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (!item)
            return;
        if (isCdu(*item)) {
            ++c.cdusPlaced;
            cduNodes.push_back(&n);
        }
        const auto [share, estimated] = liquidShareOf(*item, assumptions);
        const double liquid = liquidHeatKw(*item, share, figures.mode);
        const auto it = n.rack.isValid() ? index.find(n.rack.value()) : index.end();
        if (it == index.end()) {
            unrackedLiquid += liquid;
            return;
        }
        if (isSidecarPowerRack(*item))
            sidecarNodes.push_back(&n);
        if (dc800V && item->powerModes && item->acceptsPowerChain(PowerDistribution::Dc800V))
            on800V[it->second] = true;
        RackChain& rc = c.racks[it->second];
        rc.gpus += item->gpuCount();
        rc.liquidKw += liquid;
        rc.liquidEstimated = rc.liquidEstimated || (share > 0 && estimated);
        if (item->kind == ItemKind::Pdu) {
            rc.feeds.push_back(static_cast<int>(c.feeds.size()));
            c.feeds.push_back(
                {FeedKind::Pdu, n.id, rc.id, n.name, item->pduCapacityKw ? item->pduCapacityKw->value : 0, 0});
        }
        if (isBusbarRack(*item)) {
            const PowerShelves s = shelvesOf(*item);
            for (int k = 1; k <= s.count; ++k) {
                rc.feeds.push_back(static_cast<int>(c.feeds.size()));
                c.feeds.push_back({FeedKind::PowerShelf, NodeId(), rc.id,
                    QStringLiteral("%1 shelf %2").arg(n.name).arg(k), s.capacityKw, 0});
            }
        }
    });
    for (RackChain& rc : c.racks) {
        rc.airKw = rc.maxKw - rc.liquidKw;
        for (int f : rc.feeds)
            rc.feedRatingKw += c.feeds[f].ratingKw;
        for (int f : rc.feeds)
            c.feeds[f].loadKw = rc.feedRatingKw > 0 ? rc.maxKw * c.feeds[f].ratingKw / rc.feedRatingKw
                                                    : rc.maxKw / static_cast<double>(rc.feeds.size());
        c.liquidKw += rc.liquidKw;
    }
    c.liquidKw += unrackedLiquid;
    c.airKw = figures.itMaxKw - c.liquidKw;
    c.facilityTypicalKw = figures.facilityKw(figures.itTypicalKw);

    // Rows from the floor plan, racks in slot order.
    std::vector<std::vector<size_t>> rowRacks; // chain row -> rack indices
    std::vector<int> slotOfRack(c.racks.size(), -1);
    const std::optional<FloorLayout> floor = FloorLayout::of(design);
    if (floor) {
        std::map<int, std::vector<std::pair<int, size_t>>> byRow; // floor row -> (slot, rack index)
        for (size_t i = 0; i < c.racks.size(); ++i)
            if (const RackPlace* p = floor->place(c.racks[i].id))
                byRow[p->row].push_back({p->slot, i});
        for (auto& [floorRow, members] : byRow) {
            std::sort(members.begin(), members.end());
            RowChain row;
            row.name = floorRow >= 0 && floorRow < static_cast<int>(floor->rows.size())
                ? floor->rows[floorRow].name
                : QStringLiteral("row %1").arg(floorRow + 1);
            std::vector<size_t> ids;
            for (const auto& [slot, i] : members) {
                RackChain& rc = c.racks[i];
                slotOfRack[i] = slot;
                rc.row = static_cast<int>(c.rows.size());
                row.racks.push_back(rc.id);
                row.gpus += rc.gpus;
                row.maxKw += rc.maxKw;
                row.typicalKw += rc.typicalKw;
                row.liquidKw += rc.liquidKw;
                row.airKw += rc.airKw;
                ids.push_back(i);
            }
            c.rows.push_back(row);
            rowRacks.push_back(ids);
        }
    }
    std::vector<size_t> unplaced;
    for (size_t i = 0; i < c.racks.size(); ++i)
        if (c.racks[i].row < 0)
            unplaced.push_back(i);

    // Coolant loops: the liquid-cooled racks of a row, racksPerLoop at a time.
    const size_t perLoop = static_cast<size_t>(std::max(1.0, assumptions.racksPerLoop.value));
    const double capacity = std::max(1.0, assumptions.cduCapacityKw.value);
    std::vector<int> firstLoopOfRow(c.rows.size(), -1);
    auto makeLoops = [&](const std::vector<size_t>& members, int row, const QString& prefix) {
        std::vector<size_t> liquid;
        for (size_t i : members)
            if (c.racks[i].liquidKw > kEps)
                liquid.push_back(i);
        for (size_t start = 0; start < liquid.size(); start += perLoop) {
            CoolantLoop loop;
            loop.row = row;
            loop.cduCapacityKw = capacity;
            const size_t n = c.loops.size();
            loop.name = QStringLiteral("loop %1%2").arg(prefix).arg(start / perLoop + 1);
            for (size_t k = start; k < std::min(liquid.size(), start + perLoop); ++k) {
                RackChain& rc = c.racks[liquid[k]];
                rc.loop = static_cast<int>(n);
                loop.racks.push_back(rc.id);
                loop.liquidKw += rc.liquidKw;
            }
            if (row >= 0 && firstLoopOfRow[static_cast<size_t>(row)] < 0)
                firstLoopOfRow[static_cast<size_t>(row)] = static_cast<int>(n);
            loop.cdusNeeded = CoolantLoop::cdusFor(loop.liquidKw, capacity);
            loop.cdus = loop.cdusNeeded + static_cast<int>(assumptions.cduSpares.value);
            c.loops.push_back(loop);
        }
    };
    for (size_t r = 0; r < c.rows.size(); ++r)
        makeLoops(rowRacks[r], static_cast<int>(r), c.rows[r].name + QLatin1Char('-'));
    makeLoops(unplaced, -1, QString());

    // Each placed CDU feeds the loop of the nearest liquid-cooled rack at or before its position in
    // its row (the row's first loop at the head); one off the floor or in a row without loops feeds none.
    std::vector<std::pair<int, const Node*>> bySlot; // (slot, CDU), to list each loop's CDUs in slot order
    for (const Node* n : cduNodes) {
        const auto it = n->rack.isValid() ? index.find(n->rack.value()) : index.end();
        const int row = it == index.end() ? -1 : c.racks[it->second].row;
        if (row < 0 || firstLoopOfRow[static_cast<size_t>(row)] < 0) {
            c.cdusUnassigned.push_back(n->id);
            continue;
        }
        bySlot.push_back({slotOfRack[it->second], n});
    }
    std::stable_sort(bySlot.begin(), bySlot.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [slot, n] : bySlot) {
        const int row = c.racks[index.at(n->rack.value())].row;
        int loop = firstLoopOfRow[static_cast<size_t>(row)];
        int nearest = -1;
        for (size_t i : rowRacks[static_cast<size_t>(row)])
            if (c.racks[i].loop >= 0 && slotOfRack[i] <= slot && slotOfRack[i] > nearest) {
                nearest = slotOfRack[i];
                loop = c.racks[i].loop;
            }
        c.loops[static_cast<size_t>(loop)].cduNodes.push_back(n->id);
        c.loops[static_cast<size_t>(loop)].cduNames << n->name;
        c.cdusOnFloor = true;
    }
    for (CoolantLoop& l : c.loops)
        l.cdusInService = c.cdusOnFloor ? static_cast<int>(l.cduNodes.size()) : l.cdus;
    assignSidecars(c, sidecarNodes, on800V, slotOfRack, index, design);
    c.mRackIndex = std::move(index);
    return c;
}

double PowerChain::liquidKwOf(const CatalogItem& item, const FacilityAssumptions& assumptions)
{
    return liquidHeatKw(item, liquidShareOf(item, assumptions).first, assumptions.powerMode);
}

const RackChain* PowerChain::rack(GroupId id) const
{
    if (const auto it = mRackIndex.find(id.value());
        it != mRackIndex.end() && it->second < racks.size() && racks[it->second].id == id)
        return &racks[it->second];
    for (const RackChain& r : racks) // a chain whose racks were edited after of()
        if (r.id == id)
            return &r;
    return nullptr;
}

const SidecarChain* PowerChain::sidecar(NodeId node) const
{
    for (const SidecarChain& s : sidecars)
        if (s.node == node)
            return &s;
    return nullptr;
}

QString PowerChain::sidecarText(const SidecarChain& sidecar) const
{
    QStringList fed;
    for (GroupId id : sidecar.racks)
        if (const RackChain* r = rack(id))
            fed << r->name;
    return QStringLiteral("%1 kW, feeds %2 (%3 kW, %4 GPUs)")
        .arg(sidecar.capacityKw, 0, 'f', 0)
        .arg(fed.isEmpty() ? QStringLiteral("no rack") : fed.join(QStringLiteral(", ")))
        .arg(sidecar.loadKw, 0, 'f', 1)
        .arg(sidecar.gpus);
}

int PowerChain::cdusPlanned() const
{
    int n = 0;
    for (const CoolantLoop& l : loops)
        n += l.cdus;
    return n;
}

namespace {

double liquidCapacity(const std::vector<CoolantLoop>& loops)
{
    double kw = 0;
    for (const CoolantLoop& l : loops)
        kw += l.cdusInService * l.cduCapacityKw;
    return kw;
}

void lose(FailureImpact& impact, const RackChain& r)
{
    impact.racksLost.push_back(r.id);
    impact.gpusLost += r.gpus;
    impact.itKwLost += r.maxKw;
}

} // namespace

FailureImpact PowerChain::withoutFeed(int feed) const
{
    FailureImpact impact;
    impact.liquidCapacityLeftKw = liquidCapacity(loops);
    if (feed >= 0 && feed < static_cast<int>(feeds.size())) {
        const PowerFeed& f = feeds[feed];
        if (const RackChain* r = rack(f.rack)) {
            const bool ratingsKnown = r->feedRatingKw > 0;
            const bool carried = ratingsKnown ? r->feedRatingKw - f.ratingKw + kEps >= r->maxKw : r->feeds.size() > 1;
            if (carried && r->feeds.size() > 1)
                impact.racksDegraded.push_back(r->id);
            else
                lose(impact, *r);
        }
    }
    impact.itKwLeft = figures.itMaxKw - impact.itKwLost;
    return impact;
}

FailureImpact PowerChain::withoutLoop(int loop) const
{
    FailureImpact impact;
    impact.liquidCapacityLeftKw = liquidCapacity(loops);
    if (loop >= 0 && loop < static_cast<int>(loops.size())) {
        const CoolantLoop& l = loops[loop];
        for (GroupId id : l.racks)
            if (const RackChain* r = rack(id))
                lose(impact, *r);
        impact.liquidCapacityLeftKw -= l.cdusInService * l.cduCapacityKw;
    }
    impact.itKwLeft = figures.itMaxKw - impact.itKwLost;
    return impact;
}

FailureImpact PowerChain::withoutOneCdu(int loop) const
{
    FailureImpact impact;
    impact.liquidCapacityLeftKw = liquidCapacity(loops);
    if (loop >= 0 && loop < static_cast<int>(loops.size()) && loops[loop].cdusInService > 0) {
        const CoolantLoop& l = loops[loop];
        impact.liquidCapacityLeftKw -= l.cduCapacityKw;
        const double left = (l.cdusInService - 1) * l.cduCapacityKw;
        // Shed the racks with the most liquid heat first until the CDUs left carry the rest.
        std::vector<const RackChain*> members;
        for (GroupId id : l.racks)
            if (const RackChain* r = rack(id))
                members.push_back(r);
        std::stable_sort(members.begin(), members.end(),
            [](const RackChain* a, const RackChain* b) { return a->liquidKw > b->liquidKw; });
        double heat = l.liquidKw;
        for (const RackChain* r : members) {
            if (heat <= left + kEps)
                impact.racksDegraded.push_back(r->id);
            else {
                lose(impact, *r);
                heat -= r->liquidKw;
            }
        }
    }
    impact.itKwLeft = figures.itMaxKw - impact.itKwLost;
    return impact;
}

FailureImpact PowerChain::withoutSidecar(int sidecar) const
{
    FailureImpact impact;
    impact.liquidCapacityLeftKw = liquidCapacity(loops);
    if (sidecar >= 0 && sidecar < static_cast<int>(sidecars.size()))
        for (GroupId id : sidecars[static_cast<size_t>(sidecar)].racks)
            if (const RackChain* r = rack(id))
                lose(impact, *r);
    impact.itKwLeft = figures.itMaxKw - impact.itKwLost;
    return impact;
}

QStringList PowerChain::assumptionLines() const
{
    QStringList lines;
    lines << PowerFigures::method();
    if (!figures.distributionNote().isEmpty())
        lines << figures.distributionNote();
    if (!figures.typicalNote().isEmpty())
        lines << figures.typicalNote();
    if (!figures.coPackagedNote().isEmpty())
        lines << figures.coPackagedNote();
    lines << QStringLiteral("rack feeds: the rack's PDUs (catalog capacity_kw) or its power shelves (catalog "
                            "power_shelves); the load shares over them by rating; a rack survives one feed lost "
                            "when the others' ratings add up to its maximum");
    const bool liquid = liquidKw > 0; // the coolant assumptions mean nothing to an air-cooled design
    if (liquid) {
        lines << QStringLiteral("liquid share of a liquid-cooled item without its own figure: %1 (%2)")
                     .arg(assumptions.liquidShare.value)
                     .arg(assumptions.liquidShare.source);
        lines << QStringLiteral("CDU capacity %1 kW (%2)")
                     .arg(assumptions.cduCapacityKw.value)
                     .arg(assumptions.cduCapacityKw.source);
        lines << QStringLiteral("%1 per coolant loop (%2)")
                     .arg(counted(
                              std::lround(assumptions.racksPerLoop.value), "liquid-cooled rack", "liquid-cooled racks"),
                         assumptions.racksPerLoop.source);
        lines << QStringLiteral("%1 per loop (%2)")
                     .arg(counted(std::lround(assumptions.cduSpares.value), "spare CDU", "spare CDUs"),
                         assumptions.cduSpares.source);
    }
    // Without a rack-scale system the row limit is the fallback set's, whose source speaks of GB200
    // NVL72 racks: an L40S design's proposal should not.
    lines << QStringLiteral("row limit %1 kW IT maximum (%2)")
                 .arg(assumptions.rowLimitKw.value)
                 .arg(assumptions.systemSku.isEmpty()
                             && assumptions.rowLimitKw.source.startsWith(QLatin1String("estimate"))
                         ? QStringLiteral("estimate: the catalog's default row feed, for designs without rack-scale "
                                          "systems; set your site's row feed")
                         : assumptions.rowLimitKw.source);
    lines << QStringLiteral("hall limit %1 kW IT maximum (%2)")
                 .arg(assumptions.hallLimitKw.value)
                 .arg(assumptions.hallLimitKw.source);
    return lines;
}

QJsonObject PowerChain::summaryJson() const
{
    QJsonObject o = toJson();
    o.remove(QStringLiteral("racks"));
    o.remove(QStringLiteral("feeds"));
    int survive = 0;
    int fed = 0;
    for (const RackChain& r : racks) {
        fed += !r.feeds.empty();
        survive += r.survivesOneFeedLost(feeds);
    }
    o.insert(QStringLiteral("racks"), static_cast<int>(racks.size()));
    o.insert(QStringLiteral("racks_fed"), fed);
    o.insert(QStringLiteral("racks_surviving_one_feed_lost"), survive);
    o.insert(QStringLiteral("feeds"), static_cast<int>(feeds.size()));
    return o;
}

QJsonObject PowerChain::toJson() const
{
    QJsonArray rackArray;
    for (const RackChain& r : racks) {
        QJsonArray f;
        for (int i : r.feeds)
            f.append(i);
        rackArray.append(QJsonObject{{QStringLiteral("id"), static_cast<qint64>(r.id.value())},
            {QStringLiteral("name"), r.name}, {QStringLiteral("row"), r.row}, {QStringLiteral("loop"), r.loop},
            {QStringLiteral("gpus"), r.gpus}, {QStringLiteral("max_kw"), r.maxKw},
            {QStringLiteral("typical_kw"), r.typicalKw}, {QStringLiteral("liquid_kw"), r.liquidKw},
            {QStringLiteral("air_kw"), r.airKw}, {QStringLiteral("liquid_estimated"), r.liquidEstimated},
            {QStringLiteral("feeds"), f}, {QStringLiteral("feed_rating_kw"), r.feedRatingKw},
            {QStringLiteral("survives_one_feed_lost"), r.survivesOneFeedLost(feeds)}});
    }
    auto ids = [](const std::vector<GroupId>& v) {
        QJsonArray a;
        for (GroupId id : v)
            a.append(static_cast<qint64>(id.value()));
        return a;
    };
    QJsonArray rowArray;
    for (const RowChain& r : rows)
        rowArray.append(QJsonObject{{QStringLiteral("name"), r.name}, {QStringLiteral("racks"), ids(r.racks)},
            {QStringLiteral("gpus"), r.gpus}, {QStringLiteral("max_kw"), r.maxKw},
            {QStringLiteral("typical_kw"), r.typicalKw}, {QStringLiteral("liquid_kw"), r.liquidKw},
            {QStringLiteral("air_kw"), r.airKw}});
    QJsonArray feedArray;
    for (const PowerFeed& f : feeds)
        feedArray.append(QJsonObject{{QStringLiteral("kind"), toString(f.kind)}, {QStringLiteral("name"), f.name},
            {QStringLiteral("node"), f.node.isValid() ? QJsonValue(static_cast<qint64>(f.node.value())) : QJsonValue()},
            {QStringLiteral("rack"), static_cast<qint64>(f.rack.value())}, {QStringLiteral("rating_kw"), f.ratingKw},
            {QStringLiteral("load_kw"), f.loadKw}});
    QJsonArray loopArray;
    for (const CoolantLoop& l : loops)
        loopArray.append(QJsonObject{{QStringLiteral("name"), l.name}, {QStringLiteral("row"), l.row},
            {QStringLiteral("racks"), ids(l.racks)}, {QStringLiteral("liquid_kw"), l.liquidKw},
            {QStringLiteral("cdus_needed"), l.cdusNeeded}, {QStringLiteral("cdus"), l.cdus},
            {QStringLiteral("cdu_capacity_kw"), l.cduCapacityKw}, {QStringLiteral("cdus_in_service"), l.cdusInService},
            {QStringLiteral("cdu_nodes"), QJsonArray::fromStringList(l.cduNames)}});
    QJsonArray sidecarArray;
    for (const SidecarChain& sc : sidecars)
        sidecarArray.append(QJsonObject{{QStringLiteral("name"), sc.name}, {QStringLiteral("row"), sc.row},
            {QStringLiteral("racks"), ids(sc.racks)}, {QStringLiteral("gpus"), sc.gpus},
            {QStringLiteral("load_kw"), sc.loadKw}, {QStringLiteral("capacity_kw"), sc.capacityKw}});
    return QJsonObject{{QStringLiteral("power_chain"), toString(figures.distribution)},
        {QStringLiteral("sidecars"), sidecarArray}, {QStringLiteral("it_max_kw"), figures.itMaxKw},
        {QStringLiteral("it_typical_kw"), figures.itTypicalKw}, {QStringLiteral("pue"), figures.pue},
        {QStringLiteral("facility_max_kw"), figures.facilityMaxKw},
        {QStringLiteral("facility_typical_kw"), facilityTypicalKw}, {QStringLiteral("liquid_kw"), liquidKw},
        {QStringLiteral("air_kw"), airKw}, {QStringLiteral("unracked_kw"), figures.unrackedMaxKw},
        {QStringLiteral("cdus_planned"), cdusPlanned()}, {QStringLiteral("cdus_placed"), cdusPlaced},
        {QStringLiteral("cdus_unassigned"), static_cast<int>(cdusUnassigned.size())},
        {QStringLiteral("limits"), assumptions.toJson()}, {QStringLiteral("racks"), rackArray},
        {QStringLiteral("rows"), rowArray}, {QStringLiteral("feeds"), feedArray}, {QStringLiteral("loops"), loopArray},
        {QStringLiteral("assumptions"), QJsonArray::fromStringList(assumptionLines())}};
}

} // namespace pw
