#include "generate/linkcabling.h"

#include "catalog/catalog.h"
#include "commands/connectcommand.h"
#include "commands/recorditemcommand.h"
#include "model/design.h"
#include "model/opticsrules.h"

#include <cmath>
#include <map>

namespace pw {

namespace {

const CatalogItem* lookUp(const Design& design, const Catalog& catalog, const QString& sku)
{
    if (sku.isEmpty())
        return nullptr;
    const CatalogItem* item = design.item(sku);
    return item ? item : catalog.item(sku);
}

bool isFibre(const CatalogItem& cable)
{
    return cable.cable && cable.cable->medium == QLatin1String("fiber");
}

bool reaches(const CatalogItem& item, double lengthM)
{
    if (lengthM <= 0)
        return true;
    if (item.cable)
        return item.cable->maxLengthM <= 0 || lengthM <= item.cable->maxLengthM + 1e-9;
    if (item.transceiver)
        return item.transceiver->maxReachM <= 0 || lengthM <= item.transceiver->maxReachM + 1e-9;
    return true;
}

// The cables and modules on offer: the design's snapshot first, then the catalog's other parts.
OpticsRules::Items partsOf(const Design& design, const Catalog& catalog)
{
    OpticsRules::Items parts = OpticsRules::partsOf(design);
    for (const CatalogItem* item : OpticsRules::partsOf(catalog))
        if (!design.item(item->sku))
            parts.push_back(item);
    return parts;
}

// The modules a fibre of this kind needs at each end (chosen by attribute, as the generator
// chooses them: opticsrules.h), or empty when an end has none that serves the link and reaches.
QStringList modulesFor(const OpticsRules::Items& parts, const PortGroup& ga, const PortGroup& gb, int speedGbps,
    const CatalogItem& fibre, double lengthM)
{
    QStringList modules;
    for (const PortGroup* g : {&ga, &gb}) {
        const CatalogItem* module = OpticsRules::moduleFor(parts, *g, speedGbps, fibre.cable->fiber, lengthM);
        if (!module)
            return {};
        modules << module->sku;
    }
    return modules;
}

bool fits(const OpticsRules::Items& parts, const PortGroup& ga, const PortGroup& gb, int speedGbps,
    const CatalogItem& cable, double lengthM)
{
    if (!cable.cable || !reaches(cable, lengthM))
        return false;
    const bool rj45A = ga.connector == QLatin1String("RJ45");
    const bool rj45B = gb.connector == QLatin1String("RJ45");
    if (cable.cable->connector == QLatin1String("RJ45"))
        return rj45A && rj45B;
    if (rj45A || rj45B)
        return false;
    if (isFibre(cable))
        return !modulesFor(parts, ga, gb, speedGbps, cable, lengthM).isEmpty();
    return OpticsRules::copperJoins(cable, ga, gb, speedGbps);
}

} // namespace

std::vector<const CatalogItem*> LinkCabling::cablesThatFit(
    const Design& design, const Catalog& catalog, PortRef a, PortRef b, double lengthM)
{
    std::vector<const CatalogItem*> result;
    const PortGroup* ga = design.portGroup(a);
    const PortGroup* gb = design.portGroup(b);
    const int speed = design.linkSpeedGbps(a, b);
    if (!ga || !gb || speed <= 0)
        return result;
    const OpticsRules::Items parts = partsOf(design, catalog);
    std::map<QString, const CatalogItem*> cables;
    for (const auto& [sku, item] : design.items())
        if (item.kind == ItemKind::Cable)
            cables.emplace(sku, &item);
    for (const CatalogItem* item : catalog.items(ItemKind::Cable))
        cables.emplace(item->sku, item);
    for (const auto& [sku, item] : cables)
        if (fits(parts, *ga, *gb, speed, *item, lengthM))
            result.push_back(item);
    return result;
}

LinkCabling::Pick LinkCabling::withCable(
    const Design& design, const Catalog& catalog, PortRef a, PortRef b, const QString& cableSku, double lengthM)
{
    Pick pick;
    pick.lengthM = lengthM;
    const PortGroup* ga = design.portGroup(a);
    const PortGroup* gb = design.portGroup(b);
    const CatalogItem* cable = lookUp(design, catalog, cableSku);
    if (!ga || !gb || !cable || !cable->cable) {
        pick.why = QStringLiteral("%1 is not a cable in the catalog").arg(cableSku);
        return pick;
    }
    const OpticsRules::Items parts = partsOf(design, catalog);
    const int speed = design.linkSpeedGbps(a, b);
    if (!fits(parts, *ga, *gb, speed, *cable, lengthM)) {
        pick.why = QStringLiteral("%1 does not fit %2 (%3) and %4 (%5) at %6 m")
                       .arg(cable->model, design.portName(a), ga->connector, design.portName(b), gb->connector)
                       .arg(lengthM);
        return pick;
    }
    pick.cable = cable->sku;
    pick.modules << cable->sku;
    if (isFibre(*cable)) {
        const QStringList ends = modulesFor(parts, *ga, *gb, speed, *cable, lengthM);
        // The link names the module of the end with more ports per cage, as the generator does.
        pick.transceiver = gb->portsPerCage > ga->portsPerCage ? ends.at(1) : ends.at(0);
        for (const QString& m : ends)
            if (!pick.modules.contains(m))
                pick.modules << m;
    }
    return pick;
}

LinkCabling::Pick LinkCabling::choose(
    const Design& design, const Catalog& catalog, PortRef a, PortRef b, double lengthM)
{
    const PortGroup* ga = design.portGroup(a);
    const PortGroup* gb = design.portGroup(b);
    Pick none;
    none.lengthM = lengthM;
    if (!ga || !gb) {
        none.why = QStringLiteral("no such port");
        return none;
    }
    // Copper while it reaches (as the generator cables inside a rack), then optics by reach.
    const OpticsRules::Items parts = partsOf(design, catalog);
    const int speed = design.linkSpeedGbps(a, b);
    if (const CatalogItem* copper = OpticsRules::copperFor(parts, *ga, *gb, speed, lengthM)) {
        Pick pick = withCable(design, catalog, a, b, copper->sku, lengthM);
        if (pick.ok())
            return pick;
    }
    const OpticsRules::Optical optical = OpticsRules::opticalFor(parts, *ga, *gb, speed, lengthM);
    if (optical.ok()) {
        Pick pick = withCable(design, catalog, a, b, optical.fiber->sku, lengthM);
        if (pick.ok())
            return pick;
    }
    // Anything else that fits (an active cable, say).
    const auto others = cablesThatFit(design, catalog, a, b, lengthM);
    if (!others.empty())
        return withCable(design, catalog, a, b, others.front()->sku, lengthM);
    none.why = QStringLiteral("no cable in the catalog joins %1 (%2) and %3 (%4) over %5 m")
                   .arg(design.portName(a), ga->connector, design.portName(b), gb->connector)
                   .arg(lengthM);
    return none;
}

double LinkCabling::estimateLengthM(const Design& design, NodeId a, NodeId b)
{
    const Node* na = design.node(a);
    const Node* nb = design.node(b);
    if (!na || !nb)
        return 0;
    double metres;
    if (na->rack.isValid() && na->rack == nb->rack) {
        metres = na->rackUnit > 0 && nb->rackUnit > 0 ? 1.0 + std::abs(na->rackUnit - nb->rackUnit) * 0.04445 : 2.0;
    } else {
        const QPointF d = na->position - nb->position;
        metres = 3.0 + (std::abs(d.x()) + std::abs(d.y())) / kDesignUnitsPerMetre;
    }
    return std::ceil(metres * 2.0) / 2.0; // cables come in half-metre steps
}

std::vector<std::unique_ptr<Command>> LinkCabling::connectCommands(
    const Design& design, const Catalog& catalog, PortRef a, PortRef b, const Pick& pick)
{
    std::vector<std::unique_ptr<Command>> commands;
    for (const QString& sku : pick.modules)
        if (!design.item(sku))
            if (const CatalogItem* item = catalog.item(sku))
                commands.push_back(std::make_unique<RecordItemCommand>(*item));
    commands.push_back(std::make_unique<ConnectCommand>(a, b, pick.cable, pick.lengthM, pick.transceiver));
    return commands;
}

} // namespace pw
