#include "facility/facilityassumptions.h"

#include "catalog/catalogtables.h"
#include "catalog/coolantunit.h"
#include "cost/powerfigures.h"
#include "model/design.h"

#include <cmath>

namespace pw {

namespace {

struct Field {
    const char* key;
    Assumption FacilityAssumptions::*member;
    double min;
    double max;
    bool whole;
};

const Field kFields[] = {
    {"row_limit_kw", &FacilityAssumptions::rowLimitKw, 0, 1e7, false},
    {"hall_limit_kw", &FacilityAssumptions::hallLimitKw, 0, 1e8, false},
    {"racks_per_loop", &FacilityAssumptions::racksPerLoop, 1, 10'000, true},
    {"cdu_spares", &FacilityAssumptions::cduSpares, 0, 100, true},
    {"cdu_capacity_kw", &FacilityAssumptions::cduCapacityKw, 1, 1e6, false},
    {"liquid_share", &FacilityAssumptions::liquidShare, 0, 1, false},
};

const Field* field(const QString& key)
{
    for (const Field& f : kFields)
        if (key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

} // namespace

FacilityAssumptions FacilityAssumptions::defaults(const QString& systemSku)
{
    // The figures, their bands and sources are data (catalogs/tables/facility-defaults.json), one
    // set per generation.
    const FacilityDefaults& d = CatalogTables::shipped().facilityFor(systemSku);
    auto assumption = [](const FacilityDefault& f) { return Assumption{f.value, f.source}; };
    FacilityAssumptions a;
    a.rowLimitKw = assumption(d.rowLimitKw);
    a.hallLimitKw = assumption(d.hallLimitKw);
    a.racksPerLoop = assumption(d.racksPerLoop);
    a.cduSpares = assumption(d.cduSpares);
    a.cduCapacityKw = assumption(d.cduCapacityKw);
    a.liquidShare = assumption(d.liquidShare);
    a.liquidShareLow = d.liquidShare.low;
    a.liquidShareHigh = d.liquidShare.high;
    a.systemSku = d.systems.contains(systemSku) ? systemSku : QString();
    a.generation = d.generation;
    return a;
}

FacilityAssumptions FacilityAssumptions::of(const Design& design)
{
    const CatalogItem* cdu = nullptr;
    for (const auto& [sku, item] : design.items())
        if (isCdu(item)) {
            cdu = &item;
            break;
        }
    return ofProperties(design.properties(), cdu, rackScaleSystemOf(design));
}

QString FacilityAssumptions::rackScaleSystemOf(const Design& design)
{
    QString sku;
    design.nodes().forEach([&](const Node& n) {
        if (!sku.isEmpty())
            return;
        if (const CatalogItem* item = design.item(n.sku); item && item->powerModes)
            sku = item->sku;
    });
    return sku;
}

FacilityAssumptions FacilityAssumptions::ofProperties(
    const QJsonObject& designProperties, const CatalogItem* cdu, const QString& systemSku)
{
    FacilityAssumptions a = defaults(systemSku);
    a.powerMode = PowerFigures::modeOf(designProperties);
    if (cdu) {
        if (isCdu(*cdu))
            a.cduCapacityKw = {
                cdu->coolingCapacityKw->value, QStringLiteral("%1: %2").arg(cdu->sku, cdu->coolingCapacityKw->source)};
    }
    (void)a.overlay(designProperties.value(QLatin1String(kKey)).toObject());
    return a;
}

bool FacilityAssumptions::rowOverLimit(double rowMaxKw) const
{
    return rowLimitKw.value > 0 && rowMaxKw > rowLimitKw.value + 1e-9;
}

QStringList FacilityAssumptions::overlay(const QJsonObject& json)
{
    QStringList refused;
    for (const Field& f : kFields) {
        const QJsonValue v = json.value(QLatin1String(f.key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble()) {
            refused << QStringLiteral("%1 is not a number").arg(QLatin1String(f.key));
            continue;
        }
        if (const auto why = whyInvalid(QLatin1String(f.key), v.toDouble())) {
            refused << *why;
            continue;
        }
        this->*f.member = Assumption{v.toDouble(), QStringLiteral("design")};
    }
    return refused;
}

std::optional<QString> FacilityAssumptions::whyInvalid(const QString& key, double value)
{
    const Field* f = field(key);
    if (!f)
        return QStringLiteral("unknown power chain setting '%1' (%2)").arg(key, keys().join(QStringLiteral(", ")));
    if (!std::isfinite(value) || value < f->min || value > f->max)
        return QStringLiteral("%1 must be between %2 and %3").arg(key).arg(f->min).arg(f->max);
    if (f->whole && value != std::floor(value))
        return QStringLiteral("%1 must be a whole number").arg(key);
    return std::nullopt;
}

QStringList FacilityAssumptions::keys()
{
    QStringList k;
    for (const Field& f : kFields)
        k << QLatin1String(f.key);
    return k;
}

QJsonObject FacilityAssumptions::toJson() const
{
    QJsonObject o;
    for (const Field& f : kFields)
        o.insert(QLatin1String(f.key), (this->*f.member).value);
    return o;
}

QJsonObject FacilityAssumptions::storedIn(const QJsonObject& properties) const
{
    const FacilityAssumptions d = defaults(systemSku);
    QJsonObject stored;
    for (const Field& f : kFields)
        if ((this->*f.member).value != (d.*f.member).value)
            stored.insert(QLatin1String(f.key), (this->*f.member).value);
    // The distribution (PowerFigures::distributionOf) shares the property: kept as it is.
    const QJsonValue distribution
        = properties.value(QLatin1String(kKey)).toObject().value(QLatin1String(PowerFigures::kDistributionKey));
    if (!distribution.isUndefined())
        stored.insert(QLatin1String(PowerFigures::kDistributionKey), distribution);
    QJsonObject p = properties;
    if (stored.isEmpty())
        p.remove(QLatin1String(kKey));
    else
        p.insert(QLatin1String(kKey), stored);
    return p;
}

} // namespace pw
