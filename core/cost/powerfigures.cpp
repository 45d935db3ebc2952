#include "cost/powerfigures.h"

#include "model/design.h"

#include <QJsonArray>

#include <algorithm>

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
    p.facilityMaxKw = p.itMaxKw * pue;
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

QString PowerFigures::methodText() const
{
    return typicalFromMax.isEmpty() ? method() : QStringLiteral("%1; %2").arg(method(), typicalNote());
}

QJsonObject PowerFigures::toJson() const
{
    return QJsonObject{{QStringLiteral("it"), itMaxKw}, {QStringLiteral("it_typical"), itTypicalKw},
        {QStringLiteral("facility"), facilityMaxKw}, {QStringLiteral("pue"), pue},
        {QStringLiteral("unracked"), unrackedMaxKw}, {QStringLiteral("method"), methodText()},
        {QStringLiteral("power_mode"), toString(mode)},
        {QStringLiteral("typical_uses_maximum"), QJsonArray::fromStringList(typicalFromMax)}};
}

} // namespace pw
