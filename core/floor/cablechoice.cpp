#include "floor/cablechoice.h"

#include "floor/floorlayout.h"
#include "model/design.h"
#include "model/partchoicecache.h"

#include <algorithm>

namespace pw {

namespace {

bool isInfiniBandSwitch(const CatalogItem* item)
{
    return item && item->kind == ItemKind::Switch && item->switchSpec
        && item->switchSpec->technology.compare(QLatin1String("infiniband"), Qt::CaseInsensitive) == 0;
}

} // namespace

bool CableChoice::isXdr(int linkGbps, const CatalogItem* a, const CatalogItem* b)
{
    return linkGbps >= kXdrGbps && (isInfiniBandSwitch(a) || isInfiniBandSwitch(b));
}

namespace {

// The choice itself, over any source of copper and optical answers: the catalog scan
// (OpticsRules) or the generator's cache of it (PartChoiceCache), which answer alike.
template <typename CopperFor, typename OpticalFor>
CableChoice choose(const OpticsRules::Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps,
    const CableRouting::Route& route, bool xdr, CopperFor copperFor, OpticalFor opticalFor)
{
    CableChoice c;
    const double metres = route.lengthM();
    const bool rj45 = a.connector == QLatin1String("RJ45") || b.connector == QLatin1String("RJ45");
    // At XDR a twin-port cage takes one medium for both its ports (OPTICS-TWIN-FIBER), and a link's
    // choice cannot see its cage-mate, which may run to a farther rack: XDR links leave the rack on
    // optics.
    if (rj45 || route.sameRack || (route.neighbours && !xdr)) {
        if (xdr) {
            // No passive DAC, and a cable that carries the whole cage: a twin-port XDR cage (2 x 800G)
            // takes a 1.6T LACC, never a twin 2 x 400G cable of the generation before.
            const int cageGbps = linkGbps * std::max({1, a.portsPerCage, b.portsPerCage});
            OpticsRules::Items xdrCopper;
            std::copy_if(parts.begin(), parts.end(), std::back_inserter(xdrCopper), [&](const CatalogItem* p) {
                return p->cable && p->cable->medium != QLatin1String("dac") && p->cable->speedGbps >= cageGbps;
            });
            c.cable = OpticsRules::copperFor(xdrCopper, a, b, linkGbps, metres);
        } else {
            c.cable = copperFor(a, b, linkGbps, metres);
        }
        if (c.cable || rj45)
            return c;
    }
    const OpticsRules::Optical optical = opticalFor(a, b, linkGbps, metres);
    if (!optical.ok()) {
        // No module serves one end (a 200G QSFP56 host on a twin-port 400G switch cage): an active
        // optical cable that joins both ends and reaches (NVIDIA MFA7U10), never at XDR (no AOC there).
        if (!xdr)
            c.cable = OpticsRules::activeOpticalFor(parts, a, b, linkGbps, metres);
        return c;
    }
    c.cable = optical.fiber;
    c.moduleA = optical.moduleA;
    c.moduleB = optical.moduleB;
    c.linkModule = OpticsRules::linkModule(optical, a, b);
    return c;
}

} // namespace

CableChoice CableChoice::of(const OpticsRules::Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps,
    const CableRouting::Route& route, bool xdr)
{
    return choose(
        parts, a, b, linkGbps, route, xdr,
        [&](const PortGroup& x, const PortGroup& y, int gbps, double m) {
            return OpticsRules::copperFor(parts, x, y, gbps, m);
        },
        [&](const PortGroup& x, const PortGroup& y, int gbps, double m) {
            return OpticsRules::opticalFor(parts, x, y, gbps, m);
        });
}

CableChoice CableChoice::of(PartChoiceCache& cache, const PortGroup& a, const PortGroup& b, int linkGbps,
    const CableRouting::Route& route, bool xdr)
{
    return choose(
        cache.parts(), a, b, linkGbps, route, xdr,
        [&](const PortGroup& x, const PortGroup& y, int gbps, double m) { return cache.copperFor(x, y, gbps, m); },
        [&](const PortGroup& x, const PortGroup& y, int gbps, double m) { return cache.opticalFor(x, y, gbps, m); });
}

std::optional<Link> CableChoice::rerouted(const Design& design, const FloorLayout& floor,
    const OpticsRules::Items& parts, const Link& link, CableChoice* chosen)
{
    const std::optional<CableRouting::Route> route = CableRouting::route(floor, design, link.a.node, link.b.node);
    const PortGroup* ga = design.portGroup(link.a);
    const PortGroup* gb = design.portGroup(link.b);
    if (!route || !ga || !gb)
        return std::nullopt;
    Link out = link;
    out.lengthM = route->lengthM();
    const int speed = design.linkSpeedGbps(link);
    const CableChoice choice
        = of(parts, *ga, *gb, speed, *route, isXdr(speed, design.itemOf(link.a.node), design.itemOf(link.b.node)));
    if (chosen)
        *chosen = choice;
    if (choice.ok()) {
        out.cableSku = choice.cable->sku;
        out.transceiverSku = choice.linkModule ? choice.linkModule->sku : QString();
    }
    return out;
}

} // namespace pw
