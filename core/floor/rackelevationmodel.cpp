#include "floor/rackelevationmodel.h"

#include "catalog/coolantunit.h"
#include "catalog/rackheight.h"
#include "catalog/rackscale.h"
#include "catalog/sidecarpowerrack.h"
#include "cost/powerfigures.h"
#include "model/design.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pw {

const RackElevationModel::Slot* RackElevationModel::Rack::slotAt(int u) const
{
    for (const Slot& s : slots)
        if (u >= s.firstU && u <= s.lastU())
            return &s;
    return nullptr;
}

const RackElevationModel::Rack* RackElevationModel::rack(GroupId id) const
{
    for (const Rack& r : racks)
        if (r.id == id)
            return &r;
    return nullptr;
}

RackElevationModel RackElevationModel::of(const Design& design)
{
    return of(design, PowerFigures::of(design, 1.0));
}

RackElevationModel RackElevationModel::of(const Design& design, const PowerFigures& power)
{
    RackElevationModel m;
    std::unordered_map<quint32, size_t> index;
    design.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack)
            return;
        Rack r;
        r.id = g.id;
        r.name = g.name;
        r.budgetKw = g.powerBudgetKw;
        r.liquidCooled = g.liquidCooled;
        // PowerFigures lists the rack groups in the same order: look up by position first.
        const size_t k = m.racks.size();
        if (k < power.racks.size() && power.racks[k].id == g.id)
            r.powerKw = power.racks[k].maxKw;
        else if (const RackPower* load = power.rack(g.id))
            r.powerKw = load->maxKw;
        if (const CatalogItem* item = design.item(g.sku)) {
            r.model = item->model;
            if (const int u = rackHeightU(*item); u > 0)
                r.heightU = u;
        } else {
            r.model = QStringLiteral("rack");
        }
        index[g.id.value()] = m.racks.size();
        m.racks.push_back(std::move(r));
    });
    design.nodes().forEach([&](const Node& n) {
        if (!n.rack.isValid())
            return;
        const auto it = index.find(n.rack.value());
        if (it == index.end())
            return;
        Rack& r = m.racks[it->second];
        const CatalogItem* item = design.item(n.sku);
        Slot s;
        s.node = n.id;
        s.name = n.name;
        s.model = item ? item->model : n.sku;
        s.sku = n.sku;
        s.heightU = item ? rackHeightU(*item) : 1;
        s.kind = item ? item->kind : ItemKind::Server;
        // A rack-scale system in a rack that names no rack item is the rack: its height is the rack's.
        if (item && isBusbarRack(*item) && !design.item(design.group(n.rack)->sku)) {
            r.heightU = std::max(r.heightU, s.heightU);
            r.model = item->model;
        }
        // A floor-standing CDU or sidecar power rack in an enclosure that names no rack item is the enclosure.
        if (item && (isCdu(*item) || isSidecarPowerRack(*item)) && !design.item(design.group(n.rack)->sku))
            r.model = item->model;
        if (n.rackUnit >= 1 && s.heightU >= 1) {
            s.firstU = n.rackUnit;
            r.slots.push_back(s);
        } else {
            r.unplaced.push_back(s);
        }
    });
    for (Rack& r : m.racks) {
        std::sort(r.slots.begin(), r.slots.end(),
            [](const Slot& a, const Slot& b) { return a.firstU != b.firstU ? a.firstU < b.firstU : a.node < b.node; });
        // Drawn slots never leave the rack nor cover each other: a hostile or careless position
        // must not stretch the drawing to thousands of U or print one name over another.
        std::vector<Slot> drawn;
        int topU = 0; // the highest U a drawn slot takes so far, and its node
        NodeId topNode;
        for (Slot& s : r.slots) {
            if (s.lastU() > r.heightU) {
                r.misplaced.push_back(std::move(s));
            } else if (s.firstU <= topU) {
                s.overlaps = topNode;
                r.misplaced.push_back(std::move(s));
            } else {
                topU = s.lastU();
                topNode = s.node;
                drawn.push_back(std::move(s));
            }
        }
        r.slots = std::move(drawn);
    }
    return m;
}

} // namespace pw
