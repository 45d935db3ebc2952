#pragma once

#include <QJsonObject>
#include <QString>

#include <memory>

namespace pw {

class PriceBook;

// One number the cost model assumes, with where it came from: a source tag from
// ../shared/reference/hardware-specs.md, "estimate: ..." for our own guesses, or "design" when the
// user set it.
struct Assumption {
    double value = 0;
    QString source;
    bool operator==(const Assumption&) const = default;
};

// What the cost model assumes beyond the design itself. Defaults name their source or say they are
// estimates. The user's values live in design.properties()["assumptions"] with keys "pue",
// "power_price_usd_per_kwh", "years", "utilization", "cloud_price_per_gpu_hour", "support_share",
// "staff_per_year" (USD), "facility_usd_per_kw_month", "gpus_per_engineer", "engineer_usd_per_year",
// "support_prepaid_years";
// command-line options override both.
//
// Ownership cost names what it counts: energy, support, the facility (colocation space, cooling and
// power infrastructure per kW of IT capacity) and staff (engineers per GPU). What it leaves out is
// listed by omissions(): land and building, network transit, software licences beyond support,
// financing.
struct CostAssumptions {
    Assumption pue;
    Assumption powerPriceUsdPerKwh;
    Assumption years;
    Assumption utilization; // 0..1, share of hours the GPUs do useful work
    Assumption cloudPricePerGpuHour; // USD
    Assumption supportShare; // share of capital cost per year
    Assumption staffPerYear; // USD per year when given; replaces the per-GPU staffing estimate
    Assumption facilityUsdPerKwMonth; // colocation per kW of IT maximum, per month; 0 = not counted
    Assumption gpusPerEngineer; // GPUs one operations engineer looks after; 0 = staff not counted
    Assumption engineerUsdPerYear; // loaded cost of one engineer
    // Years of support bought with the hardware: the tier table's typical cost is all-in (hardware
    // and its support), so a design is placed in a tier by capex x (1 + support share x these years).
    Assumption supportPrepaidYears;
    bool staffPerYearGiven = false; // staff_per_year was set (design or command line)
    // cloud_price_per_gpu_hour was set (design or command line). When it was not, the cost model
    // compares with the cloud price band of the design's own GPU generation (catalog
    // cloud_price_usd_per_gpu_hour) and this default stands in only for GPUs without one.
    bool cloudPriceGiven = false;
    // The team's price book (cost/pricebook.h) when costing against a repository: its prices replace
    // the design's snapshot prices of the items it lists. Null: the design's own prices.
    std::shared_ptr<const PriceBook> priceBook;

    [[nodiscard]] static CostAssumptions defaults();
    // Defaults overlaid with the design's stored assumptions (invalid values are ignored).
    [[nodiscard]] static CostAssumptions ofProperties(const QJsonObject& properties);
    // Overlays the keys present in `json` (the format stored in the design); marks them "design".
    void overlay(const QJsonObject& json, const QString& source = QStringLiteral("design"));

    [[nodiscard]] QJsonObject toJson() const; // values, keys as stored
    [[nodiscard]] QJsonObject sourcesJson() const; // key -> source
    // Staff cost per year for a design with `gpus` GPUs: staff_per_year when given, else
    // gpus / gpus_per_engineer x engineer cost.
    [[nodiscard]] double staffCostPerYear(int gpus) const;
    [[nodiscard]] QString staffFormula(int gpus) const;
    // What the ownership cost does not count.
    [[nodiscard]] static QString omissions();
};

} // namespace pw
