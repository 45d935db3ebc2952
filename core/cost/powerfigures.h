#pragma once

#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// One rack's load against its budget (0: none set).
struct RackPower {
    GroupId id;
    QString name;
    double maxKw = 0;
    double typicalKw = 0;
    double budgetKw = 0;
    int nodes = 0;
};

// The one definition of a design's power: IT load = the catalog power of every node, at maximum and
// at typical (the maximum where the catalog gives no typical figure); facility = IT maximum x PUE.
// Transceivers and active cables are not added again: they draw from the cages they sit in, and
// the catalog's maximum figures include them (DGX H100 10.2 kW is the system's PSU-backed maximum,
// so NVIDIA's four per rack are 40.8 kW; QM9700 1,720 W is "with active cables"; the estimates
// for the other switches say they cover their optics). A rack carries the nodes in it, so the
// racks plus the unracked load add up to the IT total. The status bar, the POWER-* rules, `cost`,
// `analyze`, the charts and the report all read these figures.
struct PowerFigures {
    double itMaxKw = 0;
    double itTypicalKw = 0;
    double pue = 1;
    double facilityMaxKw = 0;
    double unrackedMaxKw = 0; // load of nodes in no rack
    std::vector<RackPower> racks; // every rack group, in id order
    // Items counted at their maximum in the typical figure because the catalog gives no sourced
    // typical power for them (sku order). Typical power is used consistently: a catalog typical
    // figure where one is sourced (or derived from an identical chassis), else the maximum, said so.
    QStringList typicalFromMax;

    [[nodiscard]] static PowerFigures of(const Design& design, double pue);
    // One node of `item` at maximum: what it adds to its rack's kW (and its row's, PowerChain). The
    // generator sizes rows by it before the design exists (RowPowerSplit), so both count alike.
    [[nodiscard]] static double maxKwOf(const CatalogItem& item);
    [[nodiscard]] const RackPower* rack(GroupId id) const;
    [[nodiscard]] static QString method();
    // "typical = maximum for dgx-b200, sn2201 (no sourced typical figure)", or empty.
    [[nodiscard]] QString typicalNote() const;
    // method() and, where the maximum stood in for typical, which items.
    [[nodiscard]] QString methodText() const;
    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
