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

} // namespace pw
