#include "catalog/catalogitemcheck.h"

#include "catalog/rackheight.h"

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

// Speeds of a port group are listed fastest first (PortGroup::maxSpeedGbps reads the first).
std::optional<QString> speedsOrdered(const CatalogItem& item)
{
    for (const PortGroup& g : item.portGroups)
        if (!std::is_sorted(g.speedsGbps.rbegin(), g.speedsGbps.rend()))
            return QStringLiteral("port group '%1' lists its speeds out of order: fastest first").arg(g.name);
    return std::nullopt;
}

// A cage carries at most its connector's speed; twin-port cages split it between their ports.
std::optional<QString> portsWithinConnector(const CatalogItem& item)
{
    for (const PortGroup& g : item.portGroups) {
        const int max = CatalogItemCheck::connectorMaxGbps(g.connector);
        if (max > 0 && g.maxSpeedGbps() * g.portsPerCage > max)
            return QStringLiteral(
                "port group '%1': %2 port(s) of %3 Gb/s per %4 cage exceed the %5 Gb/s a %4 cage carries")
                .arg(g.name)
                .arg(g.portsPerCage)
                .arg(g.maxSpeedGbps())
                .arg(g.connector)
                .arg(max);
    }
    // A breakout divides the same cages: never more than a cage carries natively, whole cages.
    for (const PortGroup& g : item.portGroups)
        for (const PortBreakout& b : g.breakouts)
            if (b.speedGbps * b.portsPerCage > g.maxSpeedGbps() * g.portsPerCage
                || g.count % std::max(1, g.portsPerCage) != 0)
                return QStringLiteral("port group '%1': a breakout of %2 x %3 Gb/s per cage exceeds the cage's %4 "
                                      "Gb/s or does not divide its cages")
                    .arg(g.name)
                    .arg(b.portsPerCage)
                    .arg(b.speedGbps)
                    .arg(g.maxSpeedGbps() * g.portsPerCage);
    if (item.transceiver) {
        const TransceiverSpec& t = *item.transceiver;
        const int max = CatalogItemCheck::connectorMaxGbps(t.connector);
        if (max > 0 && t.speedGbps > max)
            return QStringLiteral("transceiver of %1 Gb/s exceeds the %2 Gb/s a %3 cage carries")
                .arg(t.speedGbps)
                .arg(max)
                .arg(t.connector);
        if (t.speedGbps % t.links != 0)
            return QStringLiteral("transceiver of %1 Gb/s does not split evenly into %2 links")
                .arg(t.speedGbps)
                .arg(t.links);
    }
    if (item.cable) {
        const CableSpec& c = *item.cable;
        const int max = CatalogItemCheck::connectorMaxGbps(c.connector);
        if (max > 0 && c.speedGbps > max)
            return QStringLiteral("cable of %1 Gb/s exceeds the %2 Gb/s a %3 end carries")
                .arg(c.speedGbps)
                .arg(max)
                .arg(c.connector);
        if (c.speedGbps % c.split != 0)
            return QStringLiteral("cable of %1 Gb/s does not split evenly into %2 far ends")
                .arg(c.speedGbps)
                .arg(c.split);
        // A splitter's far ends carry one link each; carrying two links is a straight cable's.
        if (c.split > 1 && c.linksPerCable > 1)
            return QStringLiteral("cable splits into %1 far ends and also carries %2 links per cable: a "
                                  "splitter carries one link per far end")
                .arg(c.split)
                .arg(c.linksPerCable);
    }
    return std::nullopt;
}

// A switch's radix is at most its fabric ports, and its capacity is their speeds added up: the
// catalog follows each vendor's datasheet, which quotes one direction (Spectrum-X SN5600: 128 x 400G
// = 51.2 Tb/s) or both (Quantum-2 QM9700: 64 x 400G x 2 = 51.2 Tb/s), so either total is consistent.
std::optional<QString> switchAgainstPorts(const CatalogItem& item)
{
    if (!item.switchSpec)
        return std::nullopt;
    int fabricPorts = 0;
    double fabricGbps = 0;
    for (const PortGroup& g : item.portGroups)
        if (g.role == PortRole::Fabric) {
            fabricPorts += g.count;
            fabricGbps += double(g.count) * g.maxSpeedGbps();
        }
    const SwitchSpec& s = *item.switchSpec;
    if (s.radix > fabricPorts)
        return QStringLiteral("switch radix %1 is more than its %2 fabric ports").arg(s.radix).arg(fabricPorts);
    const double oneWayTbps = fabricGbps / 1000.0;
    auto near = [](double a, double b) { return std::abs(a - b) <= 0.01 * std::max(a, b); };
    if (!near(s.capacityTbps, oneWayTbps) && !near(s.capacityTbps, 2 * oneWayTbps))
        return QStringLiteral("switch capacity %1 Tb/s is neither one way (%2 Tb/s) nor both ways (%3 Tb/s) of its "
                              "fabric ports")
            .arg(s.capacityTbps)
            .arg(oneWayTbps)
            .arg(2 * oneWayTbps);
    return std::nullopt;
}

// A rack's rack_units is the height of the enclosure, as its "rack" block says.
std::optional<QString> rackUnitsAgainstRack(const CatalogItem& item)
{
    if (item.rackHeightU && std::lround(item.rackUnits.value) != std::lround(item.rackHeightU->value))
        return QStringLiteral("rack_units %1 U differs from the rack's height_u %2 U")
            .arg(item.rackUnits.value)
            .arg(item.rackHeightU->value);
    return std::nullopt;
}

// Typical power is at most the maximum; a rack-scale system's power shelves add up to its
// provisioned power (power_modes max_q <= max_p <= provisioned is checked as it is parsed).
std::optional<QString> powerOrdered(const CatalogItem& item)
{
    if (item.powerTypicalW && item.powerTypicalW->value > item.powerMaxW.value)
        return QStringLiteral("power_typical_w %1 W above power_max_w %2 W")
            .arg(item.powerTypicalW->value)
            .arg(item.powerMaxW.value);
    if (item.powerModes && item.powerModes->provisionedKw && item.powerShelves) {
        const double count = item.powerShelves->count;
        const double each = item.powerShelves->capacityKw;
        const double provisioned = item.powerModes->provisionedKw->value;
        if (std::abs(count * each - provisioned) > 1e-6)
            return QStringLiteral("power_shelves %1 x %2 kW = %3 kW differ from power_modes provisioned %4 kW")
                .arg(count)
                .arg(each)
                .arg(count * each)
                .arg(provisioned);
    }
    return std::nullopt;
}

// A rack-scale system's GPUs and compute ports divide evenly over its compute trays and their NICs.
std::optional<QString> traysAgainstPorts(const CatalogItem& item)
{
    if (!item.computeTrays)
        return std::nullopt;
    const int count = item.computeTrays->trays;
    const int nics = item.computeTrays->nicsPerTray;
    if (count <= 0 || nics <= 0)
        return QStringLiteral("compute_trays needs a positive 'value' and 'nics_per_tray'");
    if (item.gpuCount() % count != 0)
        return QStringLiteral("%1 GPUs do not divide evenly over %2 compute trays").arg(item.gpuCount()).arg(count);
    const int computePorts = item.portCountWithRole(PortRole::Compute);
    if (computePorts % (count * nics) != 0)
        return QStringLiteral("%1 compute ports do not divide evenly over %2 trays of %3 NICs")
            .arg(computePorts)
            .arg(count)
            .arg(nics);
    return std::nullopt;
}

} // namespace

int CatalogItemCheck::connectorMaxGbps(const QString& connector)
{
    // The most one cage of each form factor carries in the catalog's generations: OSFP 1.6T (8 x
    // 200G lanes, XDR), QSFP112 4 x 100G, QSFP56 4 x 50G, QSFP28 4 x 25G, SFP28 1 x 25G, RJ45
    // 10GBASE-T (the lane counts and rates the form factors' names stand for).
    static const std::pair<const char*, int> kMax[]
        = {{"OSFP", 1600}, {"QSFP112", 400}, {"QSFP56", 200}, {"QSFP28", 100}, {"SFP28", 25}, {"RJ45", 10}};
    for (const auto& [name, gbps] : kMax)
        if (connector == QLatin1String(name))
            return gbps;
    return 0;
}

std::optional<QString> CatalogItemCheck::problem(const CatalogItem& item)
{
    for (auto check : {speedsOrdered, portsWithinConnector, switchAgainstPorts, rackUnitsAgainstRack, powerOrdered,
             traysAgainstPorts})
        if (auto why = check(item))
            return why;
    return std::nullopt;
}

std::vector<std::pair<const CatalogItem*, QString>> CatalogItemCheck::tallerThanRacks(
    const std::vector<const CatalogItem*>& items)
{
    int tallest = 0;
    for (const CatalogItem* i : items)
        if (i->kind == ItemKind::Rack)
            tallest = std::max(tallest, rackHeightU(*i));
    std::vector<std::pair<const CatalogItem*, QString>> found;
    if (tallest == 0)
        return found;
    for (const CatalogItem* i : items)
        if (i->kind != ItemKind::Rack && rackHeightU(*i) > tallest)
            found.emplace_back(i,
                QStringLiteral("%1 U is taller than the catalog's tallest rack (%2 U)")
                    .arg(rackHeightU(*i))
                    .arg(tallest));
    return found;
}

} // namespace pw
