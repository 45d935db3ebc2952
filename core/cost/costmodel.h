#pragma once

#include "cost/billofmaterials.h"
#include "cost/capexbreakdown.h"
#include "cost/costassumptions.h"
#include "cost/powerfigures.h"
#include "cost/tiertable.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace pw {

class Design;

// Capital, power, operating and ownership cost of a design, with the cloud comparison and the
// design's tier. All amounts in USD. Formulas (also written into toJson()["formulas"]):
//   IT power = PowerFigures (nodes, active cables, transceivers); facility power = IT power x PUE
//   energy per year = typical IT power x PUE x 8760 h x price per kWh
//   opex per year = energy + support share x capex + staff
//   ownership per year = capex / years + opex per year; TCO = capex + opex x years
//   cost per GPU-hour = ownership per year / (GPUs x 8760 x utilization)
//   break-even utilization = ownership per year / (cloud price x GPUs x 8760), none above 1
struct CostReport {
    BillOfMaterials bom;
    CostAssumptions assumptions;
    double capex = 0;
    std::vector<CapexShare> capexByArea; // the four areas of capexbreakdown.h
    std::vector<CapexShare> capexByCategory; // per BOM category, in the BOM's order
    PowerFigures power; // the one definition of IT, rack and facility power; the three below copy it
    double itPowerKw = 0;
    double itTypicalPowerKw = 0;
    double facilityPowerKw = 0;
    double energyKwhPerYear = 0;
    double energyCostPerYear = 0;
    double supportPerYear = 0;
    double staffPerYear = 0;
    double opexPerYear = 0;
    double ownershipPerYear = 0;
    double tco = 0;
    int gpus = 0;
    double costPerGpu = 0; // capex / GPUs
    double costPerGpuHour = 0; // at the assumed utilization
    double cloudCostPerYear = 0; // the same GPU-hours bought from a cloud
    // Utilization above which owning costs less per GPU-hour than the cloud; nullopt when owning
    // cannot break even (ownership per year above the cloud price at 100% utilization, or no price).
    std::optional<double> breakEvenUtilization;
    const Tier* tier = nullptr;
    bool withinTypicalCost = false;

    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] QString toText() const;
    // "at 38.2% utilization", or "never, at any utilization" when owning cannot break even.
    [[nodiscard]] QString breakEvenText() const;
};

class CostModel {
public:
    [[nodiscard]] static CostReport compute(const Design& design, const CostAssumptions& assumptions);
    static constexpr double kHoursPerYear = 8760;
};

} // namespace pw
