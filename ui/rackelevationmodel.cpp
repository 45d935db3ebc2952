#include "rackelevationmodel.h"

#include "model/design.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pw::ui {

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
    RackElevationModel m;
    std::unordered_map<quint32, size_t> index;
    design.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack)
            return;
        Rack r;
        r.id = g.id;
        r.name = g.name;
        r.budgetKw = g.powerBudgetKw;
        if (const CatalogItem* item = design.item(g.sku)) {
            r.model = item->model;
            if (item->rackHeightU)
                r.heightU = int(std::lround(item->rackHeightU->value));
            else if (item->rackUnits.value > 0)
                r.heightU = int(std::lround(item->rackUnits.value));
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
        s.heightU = item ? int(std::lround(item->rackUnits.value)) : 1;
        if (item)
            r.powerKw += item->maxPower().value() / 1000.0;
        if (n.rackUnit >= 1 && s.heightU >= 1) {
            s.firstU = n.rackUnit;
            r.slots.push_back(s);
        } else {
            r.unplaced.push_back(s);
        }
    });
    for (Rack& r : m.racks) {
        std::sort(r.slots.begin(), r.slots.end(), [](const Slot& a, const Slot& b) { return a.firstU < b.firstU; });
        // A node above the rack's nominal height still has to be drawn: grow the drawing.
        for (const Slot& s : r.slots)
            r.heightU = std::max(r.heightU, s.lastU());
    }
    return m;
}

} // namespace pw::ui
