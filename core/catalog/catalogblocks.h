#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace pw {

// The catalog blocks that describe how a system is built into a reference design (issue 28): each
// a typed member of CatalogItem, read from the entry only by CatalogItemParser, each with the
// source its entry gives. A new block gets a struct here (or a field on an existing one), a member
// of CatalogItem and a few lines in catalogitemparser.cpp; see docs/catalog-format.md.

// A value as its entry states it, with its source ({"value": ..., "source": "..."}).
template <typename T>
struct Sourced {
    T value{};
    QString source;
    bool operator==(const Sourced&) const = default;
};

// The compute trays of a rack-scale system and the compute NICs of each ("compute_trays":
// {"value": 18, "nics_per_tray": 4}; NVL72: 18 trays of 4 NICs, the NICs of a tray being the
// rails of the DGX SuperPOD GB200 RA). With k compute ports per NIC (1; 2 where each NIC runs split
// into planes, GB300 NVL72 multi-plane), compute port p is port p % k of NIC (p / k) % nics of tray
// p / (k * nics).
struct ComputeTrays {
    int trays = 0;
    int nicsPerTray = 0;
    QString source;
    bool operator==(const ComputeTrays&) const = default;
};

// A rack-scale system's power shelves ("power_shelves": {"value": 8, "capacity_kw": 33}): the
// capacity provisioned in its rack, not its draw.
struct PowerShelves {
    int count = 0;
    double capacityKw = 0;
    QString source;
    bool operator==(const PowerShelves&) const = default;
};

// The compute planes a server's RA builds ("compute_planes": {"value": 2, "technology":
// "ethernet"}): twin-planar DGX B300 Spectrum-X; no technology: on any fabric.
struct ComputePlanes {
    int planes = 1;
    QString technology;
    QString source;
    bool operator==(const ComputePlanes&) const = default;
};

// The catalog entry of the same system with its NICs split into planes ("multi_plane_form":
// {"sku", "differs", "source"}), built when the design asks for planes.
struct MultiPlaneForm {
    QString sku;
    QString differs;
    QString source;
    bool operator==(const MultiPlaneForm&) const = default;
};

// One row of a published reference design's compute-fabric table ("published_designs" "rows").
// A column the table does not give is empty.
struct PublishedDesignRow {
    int units = 0;
    int nodes = 0;
    long long gpus = 0;
    std::optional<int> leaf;
    std::optional<int> spine;
    std::optional<int> nodeLeaf;
    std::optional<int> leafSpine;
    bool operator==(const PublishedDesignRow&) const = default;
};

// A reference architecture's table of designs on one compute switch ("published_designs"), with
// why the catalog's model may count differently ("differences", empty: it should not).
struct PublishedDesigns {
    QString switchSku;
    std::vector<PublishedDesignRow> rows;
    QString differences;
    QString source;
    bool operator==(const PublishedDesigns&) const = default;
};

// A reference design's bill of counts at one design point ("reference_design": document,
// scalable units, nodes and the RA's count on each line, keyed as analysis/referencelines.h).
struct ReferenceDesign {
    QString document;
    int scalableUnits = 0;
    int nodes = 0;
    std::map<QString, int> lines;
    QString source;
    bool operator==(const ReferenceDesign&) const = default;
};

// One deliberate difference from the server's RA ("deliberate_differences" entries; the checks
// are listed in analysis/deliberatedifferences.h).
struct DeliberateDifference {
    QString check;
    QString document;
    QString differs;
    QString why;
    QString sku; // "compute-switch-other-than": the switch the RA names
    QString technology; // "separate-compute-fabric": the fabric's technology, if named
    int serversAtMost = 0; // "separate-compute-fabric": the largest design it applies to
    QString source;
    bool operator==(const DeliberateDifference&) const = default;
};

// A port group whose optics sit in the switch package ("co_packaged_optics" on a port group):
// Quantum-X800 Photonics Q3450, Spectrum-X Photonics SN6810/SN6800. The fibre plugs straight into
// the port, so the switch end takes no transceiver, only the fibre of this kind and connector; the
// far end (a host's OSFP cage) still takes its own module, and a link between two such ports is
// just the fibre. `pluggableSavedW`: the power a pluggable module of the same class would draw at
// this end, which the switch's own figure leaves out (the saving the power note shows).
struct CoPackagedOptics {
    QString fiber; // "singlemode" or "multimode": the fibre kind the port's optics take
    QString fiberConnector; // "MPO"
    double maxReachM = 0; // the optics' reach over that fibre
    double pluggableSavedW = 0; // per port, the figure of `savedSource`
    QString savedSource;
    QString source;
    bool operator==(const CoPackagedOptics&) const = default;
};

// The field-replaceable laser-source modules that light a co-packaged-optics switch's ports
// ("laser_sources": {"value": 18, "sku": "<the module's catalog part>", "spares": {"value",
// "low", "high", "source"}, "source"}): `perSwitch` modules installed in each switch, and spares
// bought beside them as a share of the installed modules (the bill of materials' spares line),
// with the band that share rests on.
struct LaserSources {
    int perSwitch = 0;
    QString sku;
    double spareShare = 0; // spares per installed module (0.05: one spare per 20 installed)
    double spareShareLow = 0;
    double spareShareHigh = 0;
    QString spareSource;
    QString source;
    bool operator==(const LaserSources&) const = default;
};

// A switch built of several ASICs that each carry one lane of every port ("internal_planes":
// {"value": 4, "lane_gbps": 200, "source"}): Q3450's 800G ports are 4 x 200G lanes, one per ASIC,
// so inside the box the switch is four planes of 144 x 200G each.
struct InternalPlanes {
    int planes = 1;
    int laneGbps = 0;
    QString source;
    bool operator==(const InternalPlanes&) const = default;
};

// A sidecar power rack of an 800 VDC power chain ("sidecar_power": {"capacity_kw": {"value",
// "source"}, "racks_fed": {"value", "source"}, "efficiency_gain": {"value", "source"}, "source"}):
// a floor-standing rack beside the compute racks that converts the facility feed to 800 VDC for
// them. It feeds at most `racksFed` racks and at most `capacityKw` of their draw; the 800 VDC chain
// saves `efficiencyGain` of the facility power (NVIDIA's claim, "up to 5%"). Checked capacity > 0,
// racks_fed >= 1, 0 <= efficiency_gain < 0.5.
struct SidecarPower {
    double capacityKw = 0;
    QString capacitySource;
    int racksFed = 1;
    QString racksFedSource;
    double efficiencyGain = 0;
    QString efficiencySource;
    QString source;
    bool operator==(const SidecarPower&) const = default;
};

} // namespace pw
