#include "generate/cableplanner.h"

#include "floor/cablechoice.h"
#include "floor/cablerouting.h"
#include "floor/floorlayout.h"
#include "generate/designbuilder.h"
#include "model/opticsrules.h"
#include "model/partchoicecache.h"
#include "util/plural.h"

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

// The media a link runs on, ranked: copper (by reach, DAC then ACC), active optical cable,
// multimode, single-mode.
int mediaRank(const Design& d, const Link& l)
{
    const CatalogItem* cable = d.item(l.cableSku);
    if (!cable || !cable->cable)
        return -1;
    const CableSpec& c = *cable->cable;
    if (c.medium != QLatin1String("fiber"))
        return c.medium == QLatin1String("acc") ? 1 : c.medium == QLatin1String("aoc") ? 2 : 0;
    return c.fiber == QLatin1String(OpticsRules::kSinglemode) ? 4 : 3;
}

bool onEthernetSwitch(const Design& d, const Link& l)
{
    for (NodeId n : {l.a.node, l.b.node})
        if (const CatalogItem* it = d.itemOf(n); it && it->kind == ItemKind::Switch && it->switchSpec
            && it->switchSpec->technology == QLatin1String("ethernet"))
            return true;
    return false;
}

// A twin-port cage holds one module or one copper cable for its two links, so both run on the
// same media (OPTICS-TWIN-FIBER): in each 800G Ethernet cage (SN5600, ConnectX-8 Ethernet) whose
// links were given different media by their lengths, the weaker link takes the other's, optics
// of the same fiber kind or the same copper part. Returns how many links changed.
int sameMediaInTwinCages(DesignBuilder& b, const OpticsRules::Items& parts, std::unordered_map<QString, bool>& used)
{
    Design& d = b.design();
    int changed = 0;
    std::vector<NodeId> nodes;
    d.nodes().forEach([&](const Node& n) { nodes.push_back(n.id); });
    for (NodeId id : nodes) {
        const CatalogItem& item = b.itemOf(id);
        int first = 0;
        for (const PortGroup& g : item.portGroups) {
            if (g.portsPerCage == 2 && g.maxSpeedGbps() * 2 >= 800)
                for (int i = 0; i + 1 < g.count; i += 2) {
                    const LinkId la = d.linkAt(PortRef{id, first + i});
                    const LinkId lb = d.linkAt(PortRef{id, first + i + 1});
                    if (!la.isValid() || !lb.isValid())
                        continue;
                    const int ra = mediaRank(d, *d.link(la));
                    const int rb = mediaRank(d, *d.link(lb));
                    if (ra < 0 || rb < 0 || ra == rb || !onEthernetSwitch(d, *d.link(la))
                        || !onEthernetSwitch(d, *d.link(lb)))
                        continue;
                    Link weak = *d.link(ra < rb ? la : lb);
                    const Link& strong = *d.link(ra < rb ? lb : la);
                    const PortGroup& ga = groupOf(b.itemOf(weak.a.node), weak.a.index);
                    const PortGroup& gb = groupOf(b.itemOf(weak.b.node), weak.b.index);
                    const int speed = d.linkSpeedGbps(weak);
                    const CatalogItem* cable = d.item(strong.cableSku);
                    if (cable->cable->medium == QLatin1String("fiber")) {
                        const OpticsRules::Optical o
                            = OpticsRules::opticalFor(parts, ga, gb, speed, weak.lengthM, cable->cable->fiber);
                        if (!o.ok())
                            continue;
                        for (const CatalogItem* part : {o.moduleA, o.moduleB, o.fiber})
                            if (part) // none at a co-packaged-optics end
                                used.emplace(part->sku, b.use(part->sku) != nullptr);
                        weak.cableSku = o.fiber->sku;
                        const CatalogItem* module = OpticsRules::linkModule(o, ga, gb);
                        weak.transceiverSku = module ? module->sku : QString();
                    } else if (OpticsRules::copperJoins(*cable, ga, gb, speed)
                        && (cable->cable->maxLengthM <= 0 || weak.lengthM <= cable->cable->maxLengthM)) {
                        weak.cableSku = cable->sku;
                        weak.transceiverSku.clear();
                    } else {
                        continue;
                    }
                    d.replaceLink(weak);
                    ++changed;
                }
            first += g.count;
        }
    }
    return changed;
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
    // A link that changes media may mix the cage at its far end: again until none changes (the
    // media only rise in rank, so this ends).
    int changed = 0;
    for (int pass = 0, more = 1; more > 0 && pass < 4; ++pass)
        changed += more = sameMediaInTwinCages(b, parts.parts(), recorded);
    if (changed > 0)
        notes << QStringLiteral("%1 an 800G twin-port cage with a longer run: %2 its media (one "
                                "module or copper cable per cage)")
                     .arg(counted(changed, "link shares", "links share"), plural(changed, "it takes", "they take"));
    if (unmatched > 0)
        notes << QStringLiteral("%1 no cable or optics in the catalog that fits %2 and reaches %3 length "
                                "(longest %4 m); %3 cable is left to choose")
                     .arg(counted(unmatched, "link has", "links have"), plural(unmatched, "its ports", "their ports"),
                         plural(unmatched, "its", "their"))
                     .arg(longestUnmatched);
}

} // namespace pw
