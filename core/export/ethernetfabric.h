#pragma once

#include "model/node.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class Design;

// The design's Ethernet cabling as LLDP will report it: every switch and host by the system name
// its LLDP agent advertises (the export names: a switch's device name, a host's scheduler host
// name, ExportNames) and every cable between their ports by the names the ports advertise
// (EthernetPorts::lldpPort: "swp3s1" on a switch, "mlx5_3" on a host). The single definition
// `verify --lldp` compares a discovery with.
//
// The cables are the design's links that end on an Ethernet switch, in the networks asked for
// (all but out-of-band by default: a BMC runs no LLDP agent), whose two ends both have a name.
class EthernetFabric {
public:
    struct Node {
        QString name; // the system name
        bool isSwitch = false;
    };
    struct End {
        int node = -1; // index into nodes()
        QString port;
    };
    struct Link {
        End a;
        End b;
        int speedGbps = 0; // as designed
    };

    // The Ethernet cables of `network`, or of every network but out-of-band when none is given.
    [[nodiscard]] static EthernetFabric of(const Design& design, std::optional<Network> network = std::nullopt);
    // The networks of the design with a cable on an Ethernet switch, in enum order.
    [[nodiscard]] static std::vector<Network> networks(const Design& design);

    [[nodiscard]] const std::vector<Node>& nodes() const { return mNodes; }
    [[nodiscard]] const std::vector<Link>& links() const { return mLinks; }

private:
    std::vector<Node> mNodes;
    std::vector<Link> mLinks;
};

} // namespace pw
