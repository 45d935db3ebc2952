#include "generate/cableplanner.h"

#include "floor/cablerouting.h"
#include "floor/floorlayout.h"
#include "generate/designbuilder.h"
#include "generate/opticsrules.h"
#include "generate/partchoicecache.h"

#include <algorithm>
#include <unordered_map>

namespace pw {

namespace {

const PortGroup& groupOf(const CatalogItem& item, int index)
{
    for (const PortGroup& g : item.portGroups) {
        if (index < g.count)
            return g;
        index -= g.count;
    }
    return item.portGroups.back();
}

} // namespace

void CablePlanner::assign(DesignBuilder& b, const FloorLayout& floor, QStringList& notes)
{
    Design& d = b.design();
    std::vector<LinkId> ids;
    ids.reserve(d.links().size());
    d.links().forEach([&](const Link& l) { ids.push_back(l.id); });
    std::unordered_map<QString, bool> recorded;
    auto record = [&](const QString& sku) {
        if (sku.isEmpty())
            return false;
        auto it = recorded.find(sku);
        if (it == recorded.end())
            it = recorded.emplace(sku, b.use(sku) != nullptr).first;
        return it->second;
    };
    int unmatched = 0;
    double longestUnmatched = 0;
    // One catalog scan per kind of link (port groups, speed, reach class), not one per link.
    PartChoiceCache parts(OpticsRules::partsOf(b.catalog()));
    for (LinkId id : ids) {
        Link l = *d.link(id);
        const PortGroup& ga = groupOf(b.itemOf(l.a.node), l.a.index);
        const PortGroup& gb = groupOf(b.itemOf(l.b.node), l.b.index);
        const int speed = d.linkSpeedGbps(l);
        const std::optional<CableRouting::Route> route = CableRouting::route(floor, d, l.a.node, l.b.node);
        const double metres = route ? route->lengthM() : 0.0;
        l.lengthM = metres;
        l.cableSku.clear();
        l.transceiverSku.clear();
        const bool rj45 = ga.connector == QLatin1String("RJ45") || gb.connector == QLatin1String("RJ45");
        const CatalogItem* copper
            = rj45 || (route && route->sameRack) ? parts.copperFor(ga, gb, speed, metres) : nullptr;
        if (copper && record(copper->sku)) {
            l.cableSku = copper->sku;
        } else if (rj45) {
            ++unmatched;
            longestUnmatched = std::max(longestUnmatched, metres);
        } else {
            // Each end's module by its cage and the link's speed; multimode while its parts reach,
            // single-mode beyond, nothing when no part does.
            const OpticsRules::Optical optical = parts.opticalFor(ga, gb, speed, metres);
            if (optical.ok() && record(optical.moduleA->sku) && record(optical.moduleB->sku)
                && record(optical.fiber->sku)) {
                l.cableSku = optical.fiber->sku;
                l.transceiverSku = OpticsRules::linkModule(optical, ga, gb)->sku;
            } else {
                ++unmatched;
                longestUnmatched = std::max(longestUnmatched, metres);
            }
        }
        d.replaceLink(l);
    }
    if (unmatched > 0)
        notes << QStringLiteral(
            "%1 link(s) have no cable or optics in the catalog that fits their ports and reaches their length "
            "(longest %2 m); their cable is left to choose")
                     .arg(unmatched)
                     .arg(longestUnmatched);
}

} // namespace pw
