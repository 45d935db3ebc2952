#include "model/opticsrules.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <algorithm>

namespace pw {

namespace {

bool reaches(double maximum, double metres)
{
    return maximum <= 0 || metres <= maximum;
}

// Of two fitting parts, the one with the shorter reach (the cheaper class), then the first SKU.
bool better(const CatalogItem* candidate, double candidateReach, const CatalogItem* best, double bestReach)
{
    if (!best)
        return true;
    const double a = candidateReach > 0 ? candidateReach : 1e9;
    const double b = bestReach > 0 ? bestReach : 1e9;
    return a < b || (a == b && candidate->sku < best->sku);
}

// The cage as a twin-port one: where a module that carries a single-port cage's link whole on its
// two ports would fit (bondsEnd).
PortGroup twinOf(const PortGroup& cage)
{
    PortGroup twin = cage;
    twin.portsPerCage = 2;
    return twin;
}

// The two modules and the fiber patch between them, the fiber ending in the modules' connector;
// not ok() when a module or the fiber is missing.
// A co-packaged end counts as served (builtIn) and names its port's fibre connector.
OpticsRules::Optical withFiber(const OpticsRules::Items& parts, const CatalogItem* moduleA, const CatalogItem* moduleB,
    const PortGroup& a, const PortGroup& b, const QString& kind, int linkGbps, double metres)
{
    const bool builtInA = OpticsRules::builtInServes(a, kind, metres);
    const bool builtInB = OpticsRules::builtInServes(b, kind, metres);
    if ((!moduleA && !builtInA) || (!moduleB && !builtInB))
        return {};
    auto connectorAt = [](const CatalogItem* module, const PortGroup& end) {
        return module ? OpticsRules::fiberConnector(*module) : end.coPackagedOptics->fiberConnector;
    };
    QString connector = connectorAt(moduleA, a);
    if (connector.isEmpty())
        connector = connectorAt(moduleB, b);
    OpticsRules::Optical o{
        OpticsRules::fiberFor(parts, kind, linkGbps, metres, connector), moduleA, moduleB, builtInA, builtInB};
    if (builtInA || builtInB) // the fibre plugs into the switch itself: only its connector will do
        return o;
    if (!o.fiber) // a catalog whose fibers name another connector: any fiber of the kind
        o.fiber = OpticsRules::fiberFor(parts, kind, linkGbps, metres);
    return o;
}

// A cable's near plug by its top (NVIDIA LinkX: a finned OSFP end "for use in Quantum-2 and
// Spectrum-4 switch cages", a flat-top one for DGX H100 and ConnectX cages): finned only in a switch
// cage, flat only in a host cage, since every switch of the catalog is air-cooled.
bool topFits(const CableSpec& cable, const PortGroup& cage)
{
    if (cable.top.isEmpty())
        return true;
    return (cable.top == QLatin1String("finned")) == (cage.role == PortRole::Fabric);
}

} // namespace

OpticsRules::Items OpticsRules::partsOf(const Catalog& catalog)
{
    Items parts = catalog.items(ItemKind::Transceiver);
    for (const CatalogItem* c : catalog.items(ItemKind::Cable))
        parts.push_back(c);
    return parts;
}

OpticsRules::Items OpticsRules::partsOf(const Design& design)
{
    Items parts;
    for (const auto& [sku, item] : design.items())
        if (item.transceiver || item.cable)
            parts.push_back(&item);
    return parts;
}

bool OpticsRules::builtInServes(const PortGroup& end, const QString& fiber, double metres)
{
    return end.coPackagedOptics && end.coPackagedOptics->fiber == fiber
        && reaches(end.coPackagedOptics->maxReachM, metres);
}

bool OpticsRules::fitsCage(const TransceiverSpec& module, const PortGroup& cage)
{
    const bool connector
        = module.cages.isEmpty() ? module.connector == cage.connector : module.cages.contains(cage.connector);
    const bool switchPort = cage.role == PortRole::Fabric;
    // A finned (IHS) module only fits switch cages; a host-side module never a switch's.
    return connector && module.links == std::max(1, cage.portsPerCage)
        && !(switchPort && module.side == QLatin1String("host"))
        && !(!switchPort && module.top == QLatin1String("finned"));
}

bool OpticsRules::servesEnd(const TransceiverSpec& module, const PortGroup& cage, int linkGbps)
{
    return fitsCage(module, cage) && module.linkGbps() == linkGbps;
}

bool OpticsRules::bondsEnd(const TransceiverSpec& module, const PortGroup& cage, int linkGbps)
{
    return cage.portsPerCage <= 1 && module.links == 2 && module.speedGbps == linkGbps
        && fitsCage(module, twinOf(cage));
}

const CatalogItem* OpticsRules::moduleFor(
    const Items& parts, const PortGroup& end, int linkGbps, const QString& fiber, double metres)
{
    // Every switch of the catalog is air-cooled: at a switch cage a flat-top module (meant for
    // liquid-cooled switches) is taken only when no finned one of the same reach fits (LinkX list).
    const bool switchCage = end.role == PortRole::Fabric;
    auto flatAtSwitch
        = [&](const CatalogItem* m) { return switchCage && m->transceiver->top == QLatin1String("flat"); };
    const CatalogItem* best = nullptr;
    for (const CatalogItem* p : parts) {
        if (!p->transceiver)
            continue;
        const TransceiverSpec& t = *p->transceiver;
        if (t.fiber != fiber || !servesEnd(t, end, linkGbps) || !reaches(t.maxReachM, metres))
            continue;
        const bool sameReach = best && t.maxReachM == best->transceiver->maxReachM;
        if (sameReach && flatAtSwitch(p) != flatAtSwitch(best)) {
            if (!flatAtSwitch(p))
                best = p;
            continue;
        }
        if (better(p, t.maxReachM, best, best ? best->transceiver->maxReachM : 0))
            best = p;
    }
    return best;
}

QString OpticsRules::fiberConnector(const CatalogItem& module)
{
    return module.transceiver ? module.transceiver->fiberConnector : QString();
}

const CatalogItem* OpticsRules::fiberFor(
    const Items& parts, const QString& fiber, int linkGbps, double metres, const QString& connector)
{
    const CatalogItem* best = nullptr;
    for (const CatalogItem* p : parts) {
        if (!p->cable)
            continue;
        const CableSpec& c = *p->cable;
        if (c.medium == QLatin1String("fiber") && c.fiber == fiber && c.speedGbps >= linkGbps
            && (connector.isEmpty() || c.connector == connector) && reaches(c.maxLengthM, metres)
            && better(p, c.maxLengthM, best, best ? best->cable->maxLengthM : 0))
            best = p;
    }
    return best;
}

bool OpticsRules::copperJoins(const CatalogItem& cable, const PortGroup& a, const PortGroup& b, int linkGbps)
{
    if (!cable.cable)
        return false;
    const CableSpec& c = *cable.cable;
    const QStringList& far = c.farCages;
    auto farFits = [&](const PortGroup& g) { return far.contains(g.connector); };
    // A straight cable: its plug at both ends, each in a cage of its connector or of one it also
    // fits (an HDR QSFP56 plug in a ConnectX-7 or BlueField-3 QSFP112 cage).
    if (c.split == 1) {
        auto fits = [&](const PortGroup& g) { return (g.connector == c.connector && topFits(c, g)) || farFits(g); };
        return fits(a) && fits(b) && c.speedGbps >= linkGbps;
    }
    auto nearFits
        = [&](const PortGroup& g) { return g.connector == c.connector && g.portsPerCage == c.split && topFits(c, g); };
    return !far.isEmpty() && ((nearFits(a) && farFits(b)) || (nearFits(b) && farFits(a)))
        && c.speedGbps / c.split >= linkGbps;
}

const CatalogItem* OpticsRules::copperFor(
    const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps, double metres)
{
    const CatalogItem* best = nullptr;
    for (const CatalogItem* p : parts) {
        if (!p->cable)
            continue;
        const CableSpec& c = *p->cable;
        const bool copper = c.medium == QLatin1String("dac") || c.medium == QLatin1String("acc");
        // Splitters only where the ports' connectors differ: between equal cages a straight cable.
        if (copper && (c.split == 1) == (a.connector == b.connector) && copperJoins(*p, a, b, linkGbps)
            && reaches(c.maxLengthM, metres) && better(p, c.maxLengthM, best, best ? best->cable->maxLengthM : 0))
            best = p;
    }
    return best;
}

const CatalogItem* OpticsRules::activeOpticalFor(
    const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps, double metres)
{
    const CatalogItem* best = nullptr;
    for (const CatalogItem* p : parts) {
        if (!p->cable || p->cable->medium != QLatin1String("aoc"))
            continue;
        const CableSpec& c = *p->cable;
        if (copperJoins(*p, a, b, linkGbps) && reaches(c.maxLengthM, metres)
            && better(p, c.maxLengthM, best, best ? best->cable->maxLengthM : 0))
            best = p;
    }
    return best;
}

OpticsRules::Optical OpticsRules::opticalFor(
    const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps, double metres, const QString& only)
{
    // A co-packaged end takes no module, so no twin-port module carries its link whole either.
    const bool singlePortCages
        = a.portsPerCage <= 1 && b.portsPerCage <= 1 && !a.coPackagedOptics && !b.coPackagedOptics;
    for (const bool bonded : {false, true}) {
        if (bonded && !singlePortCages)
            break;
        // Bonded: each end's module as a twin-port cage at half the link's speed would take it.
        auto moduleAt = [&](const PortGroup& end, const QString& kind) {
            return bonded ? moduleFor(parts, twinOf(end), linkGbps / 2, kind, metres)
                          : moduleFor(parts, end, linkGbps, kind, metres);
        };
        for (const char* fiber : {kMultimode, kSinglemode}) {
            const QString kind = QLatin1String(fiber);
            if (!only.isEmpty() && kind != only)
                continue;
            if (const Optical o = withFiber(parts, moduleAt(a, kind), moduleAt(b, kind), a, b, kind, linkGbps, metres);
                o.ok())
                return o;
        }
    }
    return {};
}

OpticsRules::Ends OpticsRules::endModules(const Design& design, const Items& parts, const Link& link)
{
    const CatalogItem* own = design.item(link.transceiverSku);
    if (!own || !own->transceiver)
        return {};
    const int speed = design.linkSpeedGbps(link);
    // A link between two single-port cages carried whole by a twin-port module (bondsEnd) takes
    // one at each end.
    const PortGroup* ga = design.portGroup(link.a);
    const PortGroup* gb = design.portGroup(link.b);
    const bool bonded = ga && gb && ga->portsPerCage <= 1 && gb->portsPerCage <= 1
        && (bondsEnd(*own->transceiver, *ga, speed) || bondsEnd(*own->transceiver, *gb, speed));
    auto at = [&](PortRef p) -> const CatalogItem* {
        const PortGroup* g = design.portGroup(p);
        if (!g || g->coPackagedOptics)
            return nullptr;
        if (carriesEnd(*own->transceiver, *g, speed))
            return own;
        if (bonded)
            return moduleFor(parts, twinOf(*g), speed / 2, own->transceiver->fiber, 0);
        return moduleFor(parts, *g, speed, own->transceiver->fiber, 0);
    };
    auto builtIn = [&](PortRef p) {
        const PortGroup* g = design.portGroup(p);
        return g && g->coPackagedOptics.has_value();
    };
    return {at(link.a), at(link.b), builtIn(link.a), builtIn(link.b)};
}

OpticsRules::Ends OpticsRules::EndsByKind::of(const Link& link)
{
    auto key = std::make_tuple(link.transceiverSku, mDesign.portGroup(link.a), mDesign.portGroup(link.b));
    auto it = mKnown.find(key);
    if (it == mKnown.end())
        it = mKnown.emplace(std::move(key), endModules(mDesign, mParts, link)).first;
    return it->second;
}

} // namespace pw
