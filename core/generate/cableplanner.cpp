#include "generate/cableplanner.h"

#include "floor/cablechoice.h"
#include "floor/cablerouting.h"
#include "floor/floorlayout.h"
#include "generate/designbuilder.h"
#include "generate/opticsrules.h"

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
    const OpticsRules::Items parts = OpticsRules::partsOf(b.catalog());
    for (LinkId id : ids) {
        Link l = *d.link(id);
        const PortGroup& ga = groupOf(b.itemOf(l.a.node), l.a.index);
        const PortGroup& gb = groupOf(b.itemOf(l.b.node), l.b.index);
        const int speed = d.linkSpeedGbps(l);
        const CableRouting::Route route
            = CableRouting::route(floor, d, l.a.node, l.b.node).value_or(CableRouting::Route{});
        const double metres = route.lengthM();
        l.lengthM = metres;
        l.cableSku.clear();
        l.transceiverSku.clear();
        // Copper in a rack and to the next rack while it reaches (never a DAC at XDR), optics beyond.
        const CableChoice choice = CableChoice::of(
            parts, ga, gb, speed, route, CableChoice::isXdr(speed, &b.itemOf(l.a.node), &b.itemOf(l.b.node)));
        if (choice.ok() && record(choice.cable->sku) && (!choice.moduleA || record(choice.moduleA->sku))
            && (!choice.moduleB || record(choice.moduleB->sku))) {
            l.cableSku = choice.cable->sku;
            if (choice.linkModule)
                l.transceiverSku = choice.linkModule->sku;
        } else {
            ++unmatched;
            longestUnmatched = std::max(longestUnmatched, metres);
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
