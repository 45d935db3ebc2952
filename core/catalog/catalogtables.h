#pragma once

#include "catalog/catalog.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

// One row of the source document's "GPU Cluster Scale Tiers" table (gpu-clusters-source.txt), as
// catalogs/tables/tiers.json writes it.
struct Tier {
    QString id; // development, mid-scale, large-scale, hyperscale, inference
    QString name; // as the source document writes it
    int minGpus = 0;
    std::optional<int> maxGpus; // none: open-ended ("100,000+")
    double typicalCostMin = 0; // USD
    std::optional<double> typicalCostMax;
    QString primaryUse;
    QString interconnect; // as written
    QString storage; // as written
    int minLinkGbps = 0; // slowest compute link the interconnect column allows
    bool expectsInfiniBand = false;
    bool expectsParallelFs = false;
};

// One default of the power and cooling chain with its band and where it comes from ("estimate: ..."
// for our own figures). low <= value <= high.
struct FacilityDefault {
    double value = 0;
    double low = 0;
    double high = 0;
    QString source;
};

// The power and cooling defaults of one hardware generation (catalogs/tables/facility-defaults.json,
// one of its "sets"): what FacilityAssumptions starts from before a design's own values.
struct FacilityDefaults {
    QString generation; // the generation the figures were worked for, e.g. "GB200 NVL72"
    QString appliesTo; // which designs take them, as the file says
    QStringList systems; // the rack-scale systems (skus) whose designs take this set
    FacilityDefault rowLimitKw;
    FacilityDefault hallLimitKw;
    FacilityDefault racksPerLoop;
    FacilityDefault cduSpares;
    FacilityDefault cduCapacityKw;
    FacilityDefault liquidShare;
};

// The tables of a catalog folder (its tables/ subfolder): the tier table and the facility defaults,
// typed and checked here, found where the catalog files are (Catalog::defaultDirectory()).
struct CatalogTables {
    std::vector<Tier> tiers; // in the source document's order
    QString tiersSource;
    FacilityDefaults facility; // the fallback set ("fallback": GB200 NVL72)
    std::vector<FacilityDefaults> facilitySets; // every generation's set, in the file's order

    // The set of the generation whose rack-scale system is `systemSku`; the fallback set for any
    // other sku (or none).
    [[nodiscard]] const FacilityDefaults& facilityFor(const QString& systemSku) const;

    static constexpr const char* kFolder = "tables";
    // Reads `catalogDir`/tables/tiers.json and facility-defaults.json into `out`; returns the
    // problems found, each naming its file (empty when both read cleanly).
    static std::vector<CatalogIssue> load(const QString& catalogDir, CatalogTables& out);
    // The tables of the shipped catalog folder, read once. Throws IoError when they are missing or
    // malformed: every cost and power figure depends on them.
    [[nodiscard]] static const CatalogTables& shipped();
};

} // namespace pw
