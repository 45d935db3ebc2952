#pragma once

#include "catalog/catalogitem.h"
#include "cost/costassumptions.h"
#include "cost/powerfigures.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace pw {

class Design;
struct CatalogItem;

// What the power and cooling chain assumes beyond the catalog items: the limits rows and the hall are
// built for, how racks share coolant loops, the CDU's capacity when the design records no CDU item,
// and the liquid share of a liquid-cooled item's heat when its catalog entry gives none. Defaults
// are catalog data (catalogs/tables/facility-defaults.json, CatalogTables) and say they are estimates; the user's values live in design.properties()["power_chain"] with keys
// "row_limit_kw", "hall_limit_kw" (0: no limit), "racks_per_loop", "cdu_spares",
// "cdu_capacity_kw", "liquid_share" (docs/file-format.md). Values out of range are ignored.
struct FacilityAssumptions {
    Assumption rowLimitKw; // IT maximum a row's power distribution is built for; 0: not checked
    Assumption hallLimitKw; // IT maximum of the hall; 0: not checked
    Assumption racksPerLoop; // liquid-cooled racks sharing one coolant loop (within a row)
    Assumption cduSpares; // CDUs per loop beyond those the heat needs (1: N+1)
    Assumption cduCapacityKw; // heat one CDU moves
    Assumption liquidShare; // share of a liquid-cooled item's heat taken by liquid, when not in its entry
    double liquidShareLow = 0; // band of the default liquid share (from the defaults' table)
    double liquidShareHigh = 0;
    // The mode rack-scale systems run in (PowerFigures::modeOf the design's properties): what the
    // generator plans rows and coolant loops for.
    PowerMode powerMode = PowerMode::MaxP;
    // The rack-scale system whose generation's defaults these are (CatalogTables::facilityFor;
    // empty: the fallback set) and that generation, as the table names it.
    QString systemSku;
    QString generation;

    static constexpr const char* kKey = PowerFigures::kChainKey;

    // The defaults of the generation of the rack-scale system `systemSku` (the fallback set, GB200
    // NVL72, for any other sku or none).
    [[nodiscard]] static FacilityAssumptions defaults(const QString& systemSku = {});
    // Defaults of the design's rack-scale system (rackScaleSystemOf), then a CDU item the design
    // records (cooling_capacity_kw), then the design's values.
    [[nodiscard]] static FacilityAssumptions of(const Design& design);
    // The same before the design exists (what the generator places racks and CDUs by): defaults of
    // `systemSku` (the server the generator builds), then the capacity of `cdu` (may be null), then
    // the values of the design's properties.
    [[nodiscard]] static FacilityAssumptions ofProperties(
        const QJsonObject& designProperties, const CatalogItem* cdu = nullptr, const QString& systemSku = {});
    // The sku of the design's first rack-scale system (an item with power_modes), or empty.
    [[nodiscard]] static QString rackScaleSystemOf(const Design& design);
    // A row drawing `rowMaxKw` at IT maximum is over the row limit (never, when the limit is 0):
    // POWER-ROW-LIMIT, `power`, the Power panel, the report and the generator's rows all ask this.
    [[nodiscard]] bool rowOverLimit(double rowMaxKw) const;
    // Overlays the keys present in `json`; marks them "design". Returns why a value was refused
    // (empty when all were taken).
    QStringList overlay(const QJsonObject& json);
    [[nodiscard]] QJsonObject toJson() const; // values, keys as stored
    // The design's properties with these values stored (only keys that differ from the defaults).
    [[nodiscard]] QJsonObject storedIn(const QJsonObject& properties) const;
    // Why `value` is out of range for `key` ("row_limit_kw must be 0 or more"), or nothing.
    [[nodiscard]] static std::optional<QString> whyInvalid(const QString& key, double value);
    [[nodiscard]] static QStringList keys();
    bool operator==(const FacilityAssumptions&) const = default;
};

} // namespace pw
