#pragma once

#include "catalog/catalogitem.h"
#include "util/strongid.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;

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
// at typical (the catalog's typical figures when every powered item has one, else the maximum for
// every item: one definition, never one family at typical and another at maximum); facility = IT
// maximum x PUE.
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
    // Items without a sourced typical power in the catalog (sku order). When any is listed, typical
    // power is the maximum for every item of the design, and typicalNote() says which made it so.
    QStringList typicalFromMax;
    // Co-packaged-optics switch ports in use (a link at the port) and the pluggable-module power
    // they do not draw (each port's catalog pluggable_w_saved): what a design on pluggable switches
    // would add at the switch end. Not subtracted from anything: the CPO switch's own figure
    // already leaves its pluggables out.
    int coPackagedPorts = 0;
    double coPackagedSavedW = 0;
    // "co-packaged optics: 144 switch ports take no pluggable module, about 3,024 W not drawn ...",
    // or empty.
    [[nodiscard]] QString coPackagedNote() const;

    // The mode the design runs its rack-scale systems in (design property "power_mode").
    PowerMode mode = PowerMode::MaxP;

    static constexpr const char* kModeKey = "power_mode";

    // How the racks are fed (the design's power_chain "distribution"): with 800 VDC the facility
    // draws `distributionGain` less for the same IT load (the recorded sidecar power rack's
    // efficiency_gain, NVIDIA's claim), with its source; 0 and empty with 54 V shelves.
    PowerDistribution distribution = PowerDistribution::Shelves54V;
    double distributionGain = 0;
    QString distributionSource;

    static constexpr const char* kChainKey = "power_chain"; // the design property of the power chain
    static constexpr const char* kDistributionKey = "distribution"; // its key for the distribution

    [[nodiscard]] static PowerFigures of(const Design& design, double pue);
    // The power mode a design's properties pick ("power_mode": "max-q" or "max-p"); max-p when
    // absent or unreadable, as every design was drawn before the mode could be chosen.
    [[nodiscard]] static PowerMode modeOf(const QJsonObject& designProperties);
    // The properties with `mode` stored (max-p, the default, is not written).
    [[nodiscard]] static QJsonObject withMode(const QJsonObject& designProperties, PowerMode mode);
    // The distribution a design's properties pick (power_chain "distribution"); 54 V shelves when
    // absent or unreadable.
    [[nodiscard]] static PowerDistribution distributionOf(const QJsonObject& designProperties);
    // The properties with `distribution` stored in power_chain (54 V shelves, the default, is not written).
    [[nodiscard]] static QJsonObject withDistribution(
        const QJsonObject& designProperties, PowerDistribution distribution);
    // The facility power for `itKw` of IT load: IT x PUE x (1 - distributionGain). The one place the
    // 800 VDC claim enters: facility maximum, facility typical and the energy cost all ask it.
    [[nodiscard]] double facilityKw(double itKw) const;
    // "800 VDC power chain: facility power x 0.95 (...source...)", or empty with 54 V shelves.
    [[nodiscard]] QString distributionNote() const;
    // One node of `item` at maximum in `mode`: what it adds to its rack's kW (and its row's,
    // PowerChain). A rack-scale system draws its power_modes figure for the mode; anything else its
    // catalog maximum. The generator sizes rows by it before the design exists (RowPowerSplit), so
    // both count alike.
    [[nodiscard]] static double maxKwOf(const CatalogItem& item, PowerMode mode);
    // The capacity a rack of `item` alone is fed for: its power shelves' provisioned kW where the
    // entry gives them (a capacity, not a draw), else its max_p draw.
    [[nodiscard]] static double feedKwOf(const CatalogItem& item);
    [[nodiscard]] const RackPower* rack(GroupId id) const;
    [[nodiscard]] static QString method();
    // "typical = maximum for every item, as dgx-b200, sn2201 have no sourced typical figure", or empty.
    [[nodiscard]] QString typicalNote() const;
    // method() and, where the maximum stood in for typical, which items.
    [[nodiscard]] QString methodText() const;
    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
