#pragma once

#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class BillOfMaterials;

// One share of the capital cost: a bill-of-materials category ("switches") or an area that groups
// categories ("Network": switches, cables, transceivers). Computed once from the BOM, in CostModel;
// the studio's pie, the report's table and bars and `cost --json` all read it.
struct CapexShare {
    QString name;
    QStringList categories; // the BOM categories it sums (one, for a category share)
    double usd = 0;
    double share = 0; // of the whole capital cost, 0..1 (0 when the capital cost is 0)
};

// Per BOM category, in the BOM's order (servers, storage, switches, ...); categories with no line
// are left out.
[[nodiscard]] std::vector<CapexShare> capexByCategory(const BillOfMaterials& bom);
// Per area, always the same four in the same order, so charts keep their colours: Compute
// (servers, NICs), Network (switches, cables, transceivers), Storage, Facility and other (racks,
// PDUs, appliances and anything not named).
[[nodiscard]] std::vector<CapexShare> capexByArea(const BillOfMaterials& bom);
[[nodiscard]] QJsonArray toJson(const std::vector<CapexShare>& shares);

} // namespace pw
