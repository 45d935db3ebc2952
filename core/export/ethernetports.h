#pragma once

#include <QString>

namespace pw {

class Design;
struct CatalogItem;
struct PortRef;

// The one naming of Ethernet switch ports every export and `verify --lldp` use (issue 27 §1): the
// name the switch's own operating system gives the port, which is what it reports over LLDP as
// its port id and what its configuration is written against.
//
// On NVIDIA Spectrum switches under Cumulus Linux the front-panel cages are swp1..swpN in panel
// order, and a cage broken out into several ports is swpNs0..swpNs(k-1). Source: NVIDIA Cumulus
// Linux / NVUE reference, Profile-Based Configuration
// (https://docs.nvidia.com/networking-ethernet-software/nvue-reference/Set-and-Unset-Commands/Profile-Based-Configuration/):
// "With breakout 4x, parent ports swp1 through swp32 split into sub-interfaces swp1s0 through
// swp32s3". The catalog's twin-port cages (SN5600: 64 OSFP cages, 128 ports of 400 Gb/s) are
// such breakouts: cage c's ports are swpcs0 and swpcs1. The out-of-band management port is
// Cumulus Linux's eth0.
//
// Host ports are named by their RDMA device (IbPorts::rdmaDevice: the catalog's, with its source),
// the name `rdma link` and `ibdev2netdev` print, so a host's LLDP agent can advertise it as its
// port id (lldpcli `configure ports <netdev> lldp portidsubtype local <device>`, docs/bring-up.md).
class EthernetPorts {
public:
    // An Ethernet switch (the catalog's switch technology).
    [[nodiscard]] static bool isEthernetSwitch(const CatalogItem* item);
    // The port's name on an Ethernet switch ("swp17", "swp3s1", "eth0"); empty for any other port.
    [[nodiscard]] static QString switchPort(const Design& design, PortRef port);
    // The name a port reports over LLDP: an Ethernet switch's port as switchPort, a host's data
    // port by its RDMA device ("mlx5_3"); empty when the port has no such name (an InfiniBand
    // switch, a host's BMC).
    [[nodiscard]] static QString lldpPort(const Design& design, PortRef port);
};

} // namespace pw
