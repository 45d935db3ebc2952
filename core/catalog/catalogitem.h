#pragma once

#include "catalog/catalogblocks.h"
#include "util/band.h"
#include "util/units.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

// Part: a field-replaceable part bought with another item and never placed on its own (a CPO
// switch's laser-source modules).
enum class ItemKind { Server, Switch, Nic, Storage, Cable, Transceiver, Rack, Pdu, Appliance, Part };
enum class PortRole { Compute, Storage, InBand, OutOfBand, Fabric };
enum class Cooling { Air, Liquid };
enum class PriceKind { List, Estimate, PriceBook };
// The GPUs' power profile a design runs its rack-scale systems in: Max-Q (efficiency) or Max-P
// (performance, the default). Written "max-q" / "max-p".
enum class PowerMode { MaxQ, MaxP };
// How a design's racks are fed: 54 V power shelves in the rack fed at 415/480 VAC (the default), or
// 800 VDC from sidecar power racks on the floor (NVIDIA's 800 VDC architecture). Written
// "54v-shelves" / "800vdc".
enum class PowerDistribution { Shelves54V, Dc800V };

[[nodiscard]] QString toString(ItemKind kind);
[[nodiscard]] std::optional<ItemKind> itemKindFromString(const QString& text);
[[nodiscard]] QString toString(PortRole role);
[[nodiscard]] std::optional<PortRole> portRoleFromString(const QString& text);
[[nodiscard]] QString toString(Cooling cooling);
[[nodiscard]] QString toString(PriceKind kind);
[[nodiscard]] QString toString(PowerMode mode);
[[nodiscard]] std::optional<PowerMode> powerModeFromString(const QString& text);
[[nodiscard]] QString toString(PowerDistribution distribution);
[[nodiscard]] std::optional<PowerDistribution> powerDistributionFromString(const QString& text);

// One figure with where it came from. Estimates are figures whose source starts with "estimate".
struct Figure {
    double value = 0.0;
    QString source;
    [[nodiscard]] bool isEstimate() const { return source.startsWith(QLatin1String("estimate"), Qt::CaseInsensitive); }
    bool operator==(const Figure&) const = default;
};

// Another way a switch's cages run ("breakouts"): `portsPerCage` ports of `speedGbps` each, as the
// switch's port profiles allow (an SN5610 800G cage as 2 x 200G at 50G lanes for QSFP56 hosts).
struct PortBreakout {
    int portsPerCage = 1;
    int speedGbps = 0;
    QString source;
    bool operator==(const PortBreakout&) const = default;
};

struct PortGroup {
    QString name;
    int count = 0;
    std::vector<int> speedsGbps; // fastest first
    QString connector;
    PortRole role = PortRole::Compute;
    int portsPerCage = 1;
    QString source;
    std::vector<PortBreakout> breakouts; // other ways the same cages run, in the catalog's order
    std::optional<CoPackagedOptics> coPackagedOptics; // "co_packaged_optics": no module at this end
    [[nodiscard]] int maxSpeedGbps() const { return speedsGbps.empty() ? 0 : speedsGbps.front(); }
    bool operator==(const PortGroup&) const = default;
};

struct GpuSpec {
    QString model;
    int count = 0;
    double memoryGb = 0;
    double bf16Tflops = 0;
    double fp8Tflops = 0;
    double tdpW = 0;
    double nvlinkGBps = 0; // NVLink bandwidth per GPU, both directions (0: none or not given)
    QString source;
    // Street price of one GPU as a band, for the rule that a system costs at least its GPUs
    // (hardware-specs.md section 10); none when the catalog gives no GPU price.
    std::optional<Band> unitPrice;
    QString unitPriceSource;
    // Cloud rental price of one GPU of this generation per hour (USD) as a band, with its source
    // ("cloud_price_usd_per_gpu_hour"): what owning is compared with (cost/costmodel.h); an estimate
    // band where no public rental price exists (GB300). None: the cost model's default applies.
    std::optional<Band> cloudPricePerHour;
    QString cloudPriceSource;
    bool operator==(const GpuSpec&) const = default;
};

struct SwitchSpec {
    int radix = 0;
    double capacityTbps = 0;
    QString technology; // "infiniband" or "ethernet"
    QString source;
    // An InfiniBand switch that runs a subnet manager of its own ("embedded_subnet_manager"): the
    // most nodes it manages (0: none, an appliance or host must), with its source.
    int embeddedSmMaxNodes = 0;
    QString embeddedSmSource;
    bool operator==(const SwitchSpec&) const = default;
};

struct StorageSpec {
    Figure readGBps;
    Figure writeGBps;
    Figure usableTb;
    QString protocol; // "parallel-fs", "nfs", "object"
    bool operator==(const StorageSpec&) const = default;
};

// The fabric a server's storage ports join, where its reference architecture names one
// ("storage_fabric": {"technology": "ethernet", "converged_with_inband": true, "source": ...}): the
// DGX SuperPOD GB200 RA (RA-11338) carries storage and in-band management on one Spectrum-X
// Ethernet fabric, not on the InfiniBand of the compute fabric. None: the storage fabric takes the
// compute fabric's switch where its ports fit (the DGX SuperPOD H100 and B200 RAs).
struct StorageFabricSpec {
    QString technology; // "infiniband" or "ethernet": the storage switches' technology
    bool convergedWithInBand = false; // the RA carries in-band management on the same fabric
    QString source;
    bool operator==(const StorageFabricSpec&) const = default;
};

// The RDMA device names a server's operating system gives its data ports, per port group in port
// order ("rdma_devices": {"compute": ["mlx5_0", "mlx5_3", ...], "source": "..."}): what the
// InfiniBand node descriptions ("<hostname> mlx5_3") and the cable validation files name. Not
// mlx5_0..7 in general: a DGX H100's compute NICs are mlx5_0, 3, 4, 5, 6, 9, 10 and 11.
struct RdmaDevices {
    std::vector<std::pair<QString, QStringList>> byPortGroup; // port group name -> names in port order
    QString source;
    // The name of the port group's index-th port (0-based), or empty when the catalog gives none.
    [[nodiscard]] QString name(const QString& portGroup, int index) const;
    bool operator==(const RdmaDevices&) const = default;
};

struct CableSpec {
    QString medium; // dac, acc, aoc, fiber
    int speedGbps = 0;
    QString connector;
    double maxLengthM = 0;
    QString fiber; // fiber only: "multimode" or "singlemode", which modules it joins
    int split = 1; // ends at the far side per end at the near side (2: an 800G-to-2x400G splitter)
    // "links_per_cable": the links one straight cable carries between two cages: 2 for a twin-port
    // cable (NVIDIA MCP4Y10, OSFP 2x400G to 2x400G), which joins both ports of one cage to both of
    // another, so a cage pair takes one cable (SharedCables); 1 when not stated.
    int linksPerCable = 1;
    // The near plug's top, as for a transceiver: "finned" (IHS) only in air-cooled switch cages,
    // "flat" (RHS) in host cages (DGX H100, ConnectX); empty: not stated, any cage.
    QString top;
    QStringList farCages; // "far_cages": cage connectors its far-end plugs also fit
    std::vector<double> lengthsM; // "lengths_m": the lengths it is made in, ascending; empty: not listed
    std::optional<Figure> lossDbPerKm; // "loss_db_per_km": fibre attenuation
    QString source;
    bool operator==(const CableSpec&) const = default;
};

struct TransceiverSpec {
    int speedGbps = 0; // the whole module; each of its links runs at speedGbps / links
    int links = 1; // links per module: 2 for a twin-port module, which fills a twin-port cage
    QString connector;
    QString fiber;
    double maxReachM = 0;
    QString side; // "host": a server-side module (flat top) never fitted in a switch; empty: either
    // "finned" (IHS): only in air-cooled switch cages; "flat" (RHS): host cages and liquid-cooled
    // switches (NVIDIA LinkX 800G/200G list, reference-architectures-2025.md section 5); empty: not stated.
    QString top;
    QStringList cages; // connectors of the cages it plugs into; empty: its own connector only
    QString fiberConnector; // "fiber_connector": the fibre connector it takes (MPO, LC); empty: not stated
    std::optional<Figure> powerBudgetDb; // "power_budget_db": optical power budget of the module
    QString source;
    [[nodiscard]] int linkGbps() const { return links > 0 ? speedGbps / links : speedGbps; }
    bool operator==(const TransceiverSpec&) const = default;
};

// The power of a rack-scale system as its reference architecture states it, in kW, each with its
// source ("power_modes": {"max_q", "max_p", "provisioned"}): max_q and max_p are the rack's draw in
// the GPUs' Max-Q (efficiency) and Max-P (performance) profiles, provisioned the capacity of its
// power shelves (not a draw). Checked ordered max_q <= max_p <= provisioned. The rack's maximum
// power (powerMaxW) is its max_p draw; a design picks the mode it runs in (PowerMode, stored in its
// properties, read by PowerFigures::modeOf) and its feeds are sized from provisioned.
struct PowerModes {
    std::optional<Figure> maxQKw;
    Figure maxPKw;
    std::optional<Figure> provisionedKw;
    // The rack's draw in `mode`: max_q where the entry gives it, else max_p (no lower figure known).
    [[nodiscard]] double drawKw(PowerMode mode) const;
    bool operator==(const PowerModes&) const = default;
};

// A price: `value` is the point estimate (the mid of the band); an estimate also carries a low and
// a high end with the sources of each (hardware-specs.md section 10). A list or price-book price
// without a band is a point: low = mid = high.
struct Price {
    double value = 0;
    QString currency = QStringLiteral("USD");
    PriceKind kind = PriceKind::Estimate;
    QString source;
    std::optional<double> low;
    std::optional<double> high;
    QString bandSource;
    [[nodiscard]] Band band() const { return Band{low.value_or(value), value, high.value_or(value)}; }
    [[nodiscard]] bool hasBand() const { return low.has_value() && high.has_value(); }
    bool operator==(const Price&) const = default;
};

// One catalog entry: a model of hardware with its specifications, each figure with a source.
// Designs keep a copy of every item they use, so a design reopens unchanged after the catalog moves.
struct CatalogItem {
    QString sku;
    ItemKind kind = ItemKind::Server;
    QString vendor;
    QString model;
    QString description;
    Figure rackUnits;
    Figure powerMaxW;
    std::optional<Figure> powerTypicalW;
    std::optional<PowerModes> powerModes; // rack-scale systems: powerMaxW is powerModes->maxPKw
    std::optional<Cooling> cooling;
    QString coolingSource;
    std::vector<PortGroup> portGroups;
    std::optional<GpuSpec> gpu;
    std::optional<SwitchSpec> switchSpec;
    std::optional<StorageSpec> storage;
    std::optional<StorageFabricSpec> storageFabric; // server: the fabric its RA puts storage on
    std::optional<RdmaDevices> rdmaDevices; // server: its data ports' RDMA device names
    std::optional<CableSpec> cable;
    std::optional<TransceiverSpec> transceiver;
    // How the system is built into its reference design (catalog/catalogblocks.h), each block as
    // its entry names it.
    std::optional<Sourced<QStringList>> roles; // "roles": what the generator picks it for (catalog/itemrole.h)
    std::optional<Sourced<int>> scalableUnitServers; // "scalable_unit": servers per scalable unit
    std::optional<Sourced<int>> rackRowServers; // "rack_row": servers per row of racks
    std::optional<Sourced<int>> nvlinkDomainGpus; // "nvlink_domain": GPUs of one NVLink domain
    std::optional<ComputeTrays> computeTrays; // "compute_trays"
    std::optional<PowerShelves> powerShelves; // "power_shelves"
    std::optional<Sourced<double>> liquidHeatShare; // "liquid_heat_share": 0..1 of its heat to liquid
    std::optional<Sourced<double>> coolingCapacityKw; // "cooling_capacity_kw": a CDU's capacity
    std::optional<Sourced<bool>> busbarRack; // "busbar_rack": its own rack, fed over a DC busbar
    std::optional<Sourced<bool>> superpodCertified; // "superpod_certified": storage NVIDIA certified
    std::optional<Sourced<QStringList>> networks; // "networks": network names a switch serves, usual first
    std::optional<ComputePlanes> computePlanes; // "compute_planes"
    std::optional<MultiPlaneForm> multiPlaneForm; // "multi_plane_form"
    std::optional<PublishedDesigns> publishedDesigns; // "published_designs"
    std::optional<ReferenceDesign> referenceDesign; // "reference_design"
    std::vector<DeliberateDifference> deliberateDifferences; // "deliberate_differences"
    std::optional<LaserSources> laserSources; // "laser_sources": a CPO switch's laser modules
    std::optional<InternalPlanes> internalPlanes; // "internal_planes": a switch of several ASICs
    std::optional<SidecarPower> sidecarPower; // "sidecar_power": an 800 VDC sidecar power rack
    // "power_chains": the distributions a rack-scale system accepts besides 54 V shelves (800vdc).
    std::optional<Sourced<std::vector<PowerDistribution>>> powerChains;
    // The system may be fed as `distribution` says: 54 V shelves always, others when its entry lists them.
    [[nodiscard]] bool acceptsPowerChain(PowerDistribution distribution) const;
    std::optional<Figure> rackDepthMm; // rack "depth_mm": footprint depth (floor layout)
    std::optional<Figure> rackRowsPerBlock; // rack "rows_per_block": rows of racks per block (floor plan)
    std::optional<Figure> rackHeightU;
    std::optional<Figure> rackWidthMm; // rack: footprint width (floor layout, cable lengths)
    std::optional<Figure> rackBudgetAirKw; // rack: default power budget for air-cooled equipment
    std::optional<Figure> rackBudgetLiquidKw; // rack: default power budget for liquid-cooled equipment
    std::optional<Figure> pduCapacityKw;
    std::optional<Figure> pdusPerServerRack; // PDUs in a rack of GPU servers
    std::optional<Figure> pdusPerOtherRack; // PDUs in a network, storage or management rack
    // server: the rack power budget its vendor's reference architecture gives a rack of these
    // servers, and how many it puts in one (DGX SuperPOD B300 XDR RA: 4 per rack at about 56 kW).
    std::optional<Figure> rackPowerKw;
    int serversPerRack = 0;
    Price price;
    QString originFile;

    [[nodiscard]] int portCount() const;
    [[nodiscard]] int gpuCount() const { return gpu ? gpu->count : 0; }
    [[nodiscard]] Watts maxPower() const { return Watts(powerMaxW.value); }
    [[nodiscard]] Watts typicalPower() const { return Watts(powerTypicalW ? powerTypicalW->value : powerMaxW.value); }
    [[nodiscard]] int portCountWithRole(PortRole role) const;
    // Why an estimated system price is impossible: its mid or high end below the sum of its GPUs'
    // prices at the same end (hardware-specs.md section 10: "A system's estimate can never be below
    // the sum of its GPUs' estimates"). Empty when the price is consistent or not an estimate.
    [[nodiscard]] QString priceBelowGpus() const;
    // The entry as written, for lossless snapshots only: `catalog show`, adding a node and the
    // catalog snapshot of a design file (core/catalog, core/io). Code reads the typed members.
    [[nodiscard]] const QJsonObject& snapshotJson() const { return mSnapshot; }
    bool operator==(const CatalogItem& o) const { return sku == o.sku && mSnapshot == o.mSnapshot; }

private:
    friend class CatalogItemParser; // the one place that reads an entry
    QJsonObject mSnapshot;
};

} // namespace pw
