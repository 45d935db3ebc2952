#pragma once

#include <QString>

namespace pw {

class Design;
struct CatalogItem;
struct PortRef;

// The one numbering of InfiniBand ports every export and `verify` use (issue 27 §1).
//
// Switch ports carry the number the switch's firmware gives them, as ibnetdiscover, UFM and the
// subnet manager report them: the data ports are numbered 1..N across the front panel, so on a
// twin-port OSFP switch (QM9700, Q3400) cage c holds ports 2c-1 and 2c. Source: NVIDIA QM97XX
// 1U NDR 400Gb/s InfiniBand Switch Systems User Manual, Interfaces
// (https://docs.nvidia.com/networking/display/QM97X0PUB/Interfaces): "Each OSFP port consists of 2
// logical InfiniBand ports"; the catalog lists those logical ports in cage order (catalogs/switches.json).
//
// Host ports carry the RDMA device the operating system names them (the catalog's rdma_devices,
// with its source); ports the catalog names no device for get the lowest mlx5_N no other port of
// the server uses, in port order (an estimate: mlx5_0..7 for eight unnamed compute ports).
class IbPorts {
public:
    // An InfiniBand switch (the catalog's switch technology).
    [[nodiscard]] static bool isInfiniBandSwitch(const CatalogItem* item);
    // The firmware port number (1-based) of an InfiniBand switch's data port; 0 for any other port.
    [[nodiscard]] static int switchPort(const Design& design, PortRef port);
    // How many InfiniBand ports the switch has (its data ports): what ibsim's "Switch N" declares.
    [[nodiscard]] static int switchPortCount(const CatalogItem& item);
    // The RDMA device of a host's data port ("mlx5_3"); empty for a switch or an out-of-band port.
    [[nodiscard]] static QString rdmaDevice(const Design& design, PortRef port);
    // The port as the cabling plans print it: an InfiniBand switch's firmware number ("33"), an
    // Ethernet switch's port by its operating system's name (EthernetPorts: "swp3s1"), any other
    // port by its catalog group ("compute/1").
    [[nodiscard]] static QString planPort(const Design& design, PortRef port);
};

} // namespace pw
