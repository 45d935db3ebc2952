#include "facility/facilityassumptions.h"

#include "catalog/coolantunit.h"
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

FacilityAssumptions FacilityAssumptions::defaults()
{
    FacilityAssumptions a;
    a.rowLimitKw = {1200,
        QStringLiteral("estimate: a row built for one NVIDIA GB200 scalable unit, 8 NVL72 racks at 1.2 MW ([S6] "
                       "DGX SuperPOD GB200 RA-11338, reference-architectures-2025.md section 3); set your site's "
                       "row feed")};
    a.hallLimitKw = {0,
        QStringLiteral("not set: no hall limit is checked (the site power budget, POWER-SITE, checks facility "
                       "power)")};
    a.racksPerLoop = {8,
        QStringLiteral("estimate: one coolant loop per scalable unit of 8 NVL72 racks, about 1.2 MW ([S6] "
                       "RA-11338), the reach of one 1.35 MW class CDU; loops never span two rows")};
    a.cduSpares = {1,
        QStringLiteral("estimate: N+1 CDUs per loop (the GB200 RA asks for an Uptime Tier 3 site, [S6]; NVIDIA "
                       "publishes no CDU redundancy figure)")};
    a.cduCapacityKw = {1350,
        QStringLiteral("estimate: 1.35 MW class in-row liquid-to-liquid CDU, as the catalog's cdu-inrow-1350kw "
                       "(no CDU in the reference)")};
    a.liquidShare = {0.85,
        QStringLiteral("estimate: 85% (band 80-90%) of a liquid-cooled system's heat goes to its cold plates, the "
                       "rest (NICs, storage, power shelves) to the room's air ([S5]/[S6]: hybrid cooling, CPU/GPU "
                       "cold plates, NICs and storage air-cooled; no published share)")};
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
    return ofProperties(design.properties(), cdu);
}

FacilityAssumptions FacilityAssumptions::ofProperties(const QJsonObject& designProperties, const CatalogItem* cdu)
{
    FacilityAssumptions a = defaults();
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
    const FacilityAssumptions d = defaults();
    QJsonObject stored;
    for (const Field& f : kFields)
        if ((this->*f.member).value != (d.*f.member).value)
            stored.insert(QLatin1String(f.key), (this->*f.member).value);
    QJsonObject p = properties;
    if (stored.isEmpty())
        p.remove(QLatin1String(kKey));
    else
        p.insert(QLatin1String(kKey), stored);
    return p;
}

} // namespace pw
