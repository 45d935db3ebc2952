#include "cost/powerfigures.h"

#include "catalog/sidecarpowerrack.h"
#include "model/design.h"
#include "util/plural.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pw {

PowerFigures PowerFigures::of(const Design& design, double pue)
{
    PowerFigures p;
    p.pue = pue;
    p.mode = modeOf(design.properties());
    std::unordered_map<quint32, size_t> rackIndex;
    design.groups().forEach([&](const Group& g) {
        if (g.kind != GroupKind::Rack)
            return;
        rackIndex[g.id.value()] = p.racks.size();
        p.racks.push_back({g.id, g.name, 0, 0, g.powerBudgetKw, 0});
    });
    // Typical power is one definition for the whole design: the catalog's typical figures where every
    // powered item has one, else the maximum for every item (mixing one family's typical with
    // another's maximum would favour the family whose typical figure happens to be published).
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (item && !item->powerTypicalW && item->powerMaxW.value > 0 && !p.typicalFromMax.contains(item->sku))
            p.typicalFromMax << item->sku;
    });
    const bool allTypical = p.typicalFromMax.isEmpty();
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        const double maxKw = item ? maxKwOf(*item, p.mode) : 0.0;
        // In Max-Q a rack never draws more than its Max-Q figure, typical included.
        const double typicalKw = item && allTypical ? std::min(maxKw, item->typicalPower().value() / 1000.0) : maxKw;
        p.itMaxKw += maxKw;
        p.itTypicalKw += typicalKw;
        const auto it = n.rack.isValid() ? rackIndex.find(n.rack.value()) : rackIndex.end();
        if (it == rackIndex.end()) {
            p.unrackedMaxKw += maxKw;
            return;
        }
        RackPower& r = p.racks[it->second];
        r.maxKw += maxKw;
        r.typicalKw += typicalKw;
        r.nodes += 1;
    });
    // Every linked co-packaged-optics port is a switch end without a pluggable module; the links
    // are read only in a design that has such a switch (this runs on every revision).
    const bool coPackaged = std::any_of(design.items().begin(), design.items().end(), [](const auto& entry) {
        const std::vector<PortGroup>& groups = entry.second.portGroups;
        return std::any_of(
            groups.begin(), groups.end(), [](const PortGroup& g) { return g.coPackagedOptics.has_value(); });
    });
    if (coPackaged)
        design.links().forEach([&](const Link& l) {
            for (PortRef end : {l.a, l.b})
                if (const PortGroup* g = design.portGroup(end); g && g->coPackagedOptics) {
                    ++p.coPackagedPorts;
                    p.coPackagedSavedW += g->coPackagedOptics->pluggableSavedW;
                }
        });
    p.distribution = distributionOf(design.properties());
    if (p.distribution == PowerDistribution::Dc800V)
        for (const auto& [sku, item] : design.items())
            if (isSidecarPowerRack(item)) {
                p.distributionGain = item.sidecarPower->efficiencyGain;
                p.distributionSource = QStringLiteral("%1: %2").arg(sku, item.sidecarPower->efficiencySource);
                break;
            }
    p.facilityMaxKw = p.facilityKw(p.itMaxKw);
    p.typicalFromMax.sort();
    return p;
}

PowerMode PowerFigures::modeOf(const QJsonObject& designProperties)
{
    return powerModeFromString(designProperties.value(QLatin1String(kModeKey)).toString()).value_or(PowerMode::MaxP);
}

QJsonObject PowerFigures::withMode(const QJsonObject& designProperties, PowerMode mode)
{
    QJsonObject p = designProperties;
    if (mode == PowerMode::MaxP)
        p.remove(QLatin1String(kModeKey));
    else
        p.insert(QLatin1String(kModeKey), toString(mode));
    return p;
}

PowerDistribution PowerFigures::distributionOf(const QJsonObject& designProperties)
{
    const QJsonObject chain = designProperties.value(QLatin1String(kChainKey)).toObject();
    return powerDistributionFromString(chain.value(QLatin1String(kDistributionKey)).toString())
        .value_or(PowerDistribution::Shelves54V);
}

QJsonObject PowerFigures::withDistribution(const QJsonObject& designProperties, PowerDistribution distribution)
{
    QJsonObject p = designProperties;
    QJsonObject chain = p.value(QLatin1String(kChainKey)).toObject();
    if (distribution == PowerDistribution::Shelves54V)
        chain.remove(QLatin1String(kDistributionKey));
    else
        chain.insert(QLatin1String(kDistributionKey), toString(distribution));
    if (chain.isEmpty())
        p.remove(QLatin1String(kChainKey));
    else
        p.insert(QLatin1String(kChainKey), chain);
    return p;
}

double PowerFigures::facilityKw(double itKw) const
{
    return itKw * pue * (1.0 - distributionGain);
}

QString PowerFigures::distributionNote() const
{
    if (distribution != PowerDistribution::Dc800V)
        return {};
    if (distributionSource.isEmpty())
        return QStringLiteral("800 VDC power chain: the design records no sidecar power rack, so no efficiency "
                              "gain is applied (facility = IT x PUE)");
    return QStringLiteral("800 VDC power chain: facility power x %1 (%2% less for the same IT load, NVIDIA's "
                          "claim of up to 5% better end-to-end efficiency; %3)")
        .arg(1.0 - distributionGain)
        .arg(distributionGain * 100)
        .arg(distributionSource);
}

double PowerFigures::maxKwOf(const CatalogItem& item, PowerMode mode)
{
    return item.powerModes ? item.powerModes->drawKw(mode) : item.maxPower().value() / 1000.0;
}

double PowerFigures::feedKwOf(const CatalogItem& item)
{
    if (item.powerModes && item.powerModes->provisionedKw)
        return item.powerModes->provisionedKw->value;
    return item.maxPower().value() / 1000.0;
}

const RackPower* PowerFigures::rack(GroupId id) const
{
    for (const RackPower& r : racks)
        if (r.id == id)
            return &r;
    return nullptr;
}

QString PowerFigures::method()
{
    return QStringLiteral("sum of the catalog maximum power of every node (its transceivers and active cables "
                          "included, as the vendors' maximum figures are; a rack-scale system at its power_modes "
                          "figure for the design's power mode, max-q or max-p); typical power is the catalog's typical "
                          "figure where every item has one, else the maximum for every item (never a mix); "
                          "facility = IT maximum x PUE");
}

QString PowerFigures::typicalNote() const
{
    if (typicalFromMax.isEmpty())
        return {};
    return QStringLiteral("typical = maximum for every item, as %1 %2 no sourced typical figure")
        .arg(typicalFromMax.join(QStringLiteral(", ")),
            typicalFromMax.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"));
}

QString PowerFigures::coPackagedNote() const
{
    if (coPackagedPorts == 0)
        return {};
    return QStringLiteral("co-packaged optics: %1 take no pluggable module, so %2 W of switch-end pluggable "
                          "optics are not drawn, as they would be on a pluggable-port switch such as Q3400 "
                          "(gross: the catalog's pluggable_w_saved per port; the co-packaged engines' own draw "
                          "is in the switch's figure)")
        .arg(counted(coPackagedPorts, "switch port", "switch ports"),
            QLocale(QLocale::English, QLocale::UnitedStates).toString(std::lround(coPackagedSavedW)));
}

QString PowerFigures::methodText() const
{
    QString text = typicalFromMax.isEmpty() ? method() : QStringLiteral("%1; %2").arg(method(), typicalNote());
    if (!distributionNote().isEmpty())
        text += QStringLiteral("; ") + distributionNote();
    return text;
}

QJsonObject PowerFigures::toJson() const
{
    QJsonObject o{{QStringLiteral("it"), itMaxKw}, {QStringLiteral("it_typical"), itTypicalKw},
        {QStringLiteral("facility"), facilityMaxKw}, {QStringLiteral("pue"), pue},
        {QStringLiteral("unracked"), unrackedMaxKw}, {QStringLiteral("method"), methodText()},
        {QStringLiteral("power_mode"), toString(mode)}, {QStringLiteral("power_chain"), toString(distribution)},
        {QStringLiteral("facility_factor"), 1.0 - distributionGain},
        {QStringLiteral("typical_uses_maximum"), QJsonArray::fromStringList(typicalFromMax)}};
    if (coPackagedPorts > 0) { // only where the design has co-packaged optics
        o.insert(QStringLiteral("co_packaged_ports"), coPackagedPorts);
        o.insert(QStringLiteral("co_packaged_saved_w"), coPackagedSavedW);
    }
    return o;
}

} // namespace pw
