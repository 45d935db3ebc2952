#pragma once

#include "catalog/catalogitem.h"

namespace pw {

// A rack-scale system that is its own rack: a DGX GB200/GB300 NVL72 stands in its own enclosure,
// fed from its power shelves over a DC busbar, so it takes no rack item and no rack PDUs (NVIDIA
// NVL72 AI Factory enterprise RA: power shelves, trays with no PSU of their own). The catalog
// entry says so with "busbar_rack": {"value": true, "source": "..."}.
[[nodiscard]] inline bool isBusbarRack(const CatalogItem& item)
{
    return item.json.value(QLatin1String("busbar_rack")).toObject().value(QLatin1String("value")).toBool();
}

// The compute trays of a rack-scale system and the compute NICs of each ("compute_trays":
// {"value": 18, "nics_per_tray": 4}; NVL72: 18 trays of 4 NICs, the NICs of a tray being the
// rails of the DGX SuperPOD GB200 RA). With k compute ports per NIC (1; 2 where each NIC runs split
// into planes, GB300 NVL72 multi-plane), compute port p is port p % k of NIC (p / k) % nics of tray
// p / (k * nics).
struct ComputeTrays {
    int trays = 0;
    int nicsPerTray = 0;
};
[[nodiscard]] inline ComputeTrays computeTrays(const CatalogItem& item)
{
    const QJsonObject o = item.json.value(QLatin1String("compute_trays")).toObject();
    return {o.value(QLatin1String("value")).toInt(), o.value(QLatin1String("nics_per_tray")).toInt()};
}

} // namespace pw
