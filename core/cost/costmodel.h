#pragma once

#include "cost/billofmaterials.h"
#include "cost/capexbreakdown.h"
#include "cost/costassumptions.h"
#include "cost/powerfigures.h"
#include "cost/tiertable.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>
#include <utility>

namespace pw {

class Design;

// Capital, power, operating and ownership cost of a design, with the cloud comparison and the
// design's tier. All amounts in USD. Formulas (also written into toJson()["formulas"]):
//   IT power = PowerFigures (nodes, active cables, transceivers); facility power = IT power x PUE
//   energy per year = typical IT power x PUE x 8760 h x price per kWh
//   facility per year = IT maximum kW x colocation price per kW-month x 12
//   staff per year = GPUs / GPUs per engineer x engineer cost (or the staff cost given)
//   opex per year = energy + support share x capex + facility + staff
//   ownership per year = capex / years + opex per year; TCO = capex + opex x years
//   cost per GPU-hour = ownership per year / (GPUs x 8760 x utilization)
//   break-even utilization = ownership per year / (cloud price x GPUs x 8760), none above 1
// Capital cost is a band (the bill of materials at every line's low, mid and high price), and so
// are the figures built on it: opex, ownership, TCO, cost per GPU-hour and break-even. The plain
// fields are the mids; the studio, `cost`, the rules and the report read this one computation.
struct CostReport {
    BillOfMaterials bom;
    CostAssumptions assumptions;
    double capex = 0; // capexBand.mid
    Band capexBand;
    std::vector<CapexShare> capexByArea; // the four areas of capexbreakdown.h
    std::vector<CapexShare> capexByCategory; // per BOM category, in the BOM's order
    PowerFigures power; // the one definition of IT, rack and facility power; the three below copy it
    double itPowerKw = 0;
    double itTypicalPowerKw = 0;
    double facilityPowerKw = 0;
    double energyKwhPerYear = 0;
    double energyCostPerYear = 0;
    double supportPerYear = 0;
    double facilityPerYear = 0; // colocation per kW of IT maximum
    double staffPerYear = 0;
    double opexPerYear = 0;
    double ownershipPerYear = 0;
    double tco = 0;
    Band opexBand;
    Band ownershipBand;
    Band tcoBand;
    int gpus = 0;
    double costPerGpu = 0; // capex / GPUs
    double costPerGpuHour = 0; // at the assumed utilization
    Band costPerGpuHourBand;
    double cloudCostPerYear = 0; // the same GPU-hours bought from a cloud
    // The cloud price compared with (USD per GPU-hour) as a band: the design's own GPU generation's
    // catalog band (GPU-weighted where the design mixes generations), or the assumption as a point
    // where the user set a price or no server of the design has a band. Its mid is
    // assumptions.cloudPricePerGpuHour, whose source says which.
    Band cloudPriceBand;
    // Utilization above which owning costs less per GPU-hour than the cloud; nullopt when owning
    // cannot break even (ownership per year above the cloud price at 100% utilization, or no price).
    std::optional<double> breakEvenUtilization;
    // The same at the low and high capital cost (low capex breaks even sooner).
    std::optional<double> breakEvenLow;
    std::optional<double> breakEvenHigh;
    const Tier* tier = nullptr;
    // What the tier table's typical cost compares with: the capital cost with the support bought with
    // it, capexBand x (1 + support share x prepaid years), a band.
    Band allInBand;
    // The all-in band overlaps the tier's typical cost range (placed by the band, not the point).
    bool withinTypicalCost = false;

    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] QString toText() const;
    // "at 38.2% utilization", or "never, at any utilization" when owning cannot break even.
    [[nodiscard]] QString breakEvenText() const;
    // Lines of the bill of materials priced from the team price book (assumptions.priceBook).
    [[nodiscard]] int priceBookLines() const;
    // Those lines (sku, quantity, unit_price, source) for `cost --json`.
    [[nodiscard]] QJsonArray priceBookLinesJson() const;
    // "3 of 12 bill-of-materials lines priced from the team price book of 'acme' (5 prices)", or
    // empty when costed without one (or with an empty one): what `cost` and the studio's status bar say.
    [[nodiscard]] QString priceBookText() const;
    // "$34.1M-$48.9M (mid $41.2M)": a band as a reader sees it, in the units `money` formats.
    [[nodiscard]] static QString bandText(const Band& band, const std::function<QString(double)>& money);
};

class CostModel {
public:
    [[nodiscard]] static CostReport compute(const Design& design, const CostAssumptions& assumptions);
    // The same with the design's optics plan already made (DesignFigures shares one with the fabric analysis).
    [[nodiscard]] static CostReport compute(
        const Design& design, const CostAssumptions& assumptions, const OpticsPlan& optics);
    // The cloud price a design is compared with: the assumption as given when the user set it;
    // otherwise each GPU at its generation's catalog band (the assumption as a point for GPUs
    // without one), averaged over the design's GPUs. Returns the price with its source and the band.
    [[nodiscard]] static std::pair<Assumption, Band> cloudPriceOf(const Design& design, const CostAssumptions& a);
    // Capital cost with the support bought with it: what the tier table's typical cost is.
    [[nodiscard]] static Band allInBand(const Band& capex, const CostAssumptions& assumptions);
    static constexpr double kHoursPerYear = 8760;
};

} // namespace pw
