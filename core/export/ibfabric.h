#pragma once

#include "model/node.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;
class ExportNames;
struct PortRef;

// One InfiniBand subnet of a design as the fabric itself will report it: every switch and host
// channel adapter with the node description it will carry, and every cable between their ports
// by the numbers their firmware gives them (IbPorts). The single definition the ibsim-net export
// writes and `verify` compares a discovery with.
//
// The subnet is the design's links of one network (compute, storage, ...) that end on an
// InfiniBand switch. A switch is one node described by its host name (the design's device
// name); each host port is one single-port channel adapter, described as the host's operating
// system does: "<hostname> <rdma device>" (the scheduler's host name, ExportNames::hosts, and the
// catalog's device name, IbPorts::rdmaDevice). Descriptions follow NameRule::ibNodeDescription
// and are made unique with UniqueNames; the warnings say which changed.
class IbFabric {
public:
    struct Node {
        QString description;
        bool isSwitch = false;
        int ports = 1; // switch: its InfiniBand ports; adapter: 1
        NodeId node; // the design's node
        QString host; // adapter: the host name it is described by (its server or compute tray)
        QString device; // adapter: its RDMA device ("mlx5_3")
    };
    struct End {
        int node = -1; // index into nodes()
        int port = 0; // firmware port number
        bool operator==(const End&) const = default;
    };
    struct Link {
        End a;
        End b;
        int speedGbps = 0; // as designed
        LinkId link; // the design's link
    };

    [[nodiscard]] static IbFabric of(const Design& design, Network network);
    // The host name of the server or compute tray a host port belongs to (rack-scale systems have
    // one host per tray, their ports split evenly across the trays in port order).
    [[nodiscard]] static QString hostOf(const Design& design, const ExportNames& names, PortRef port);
    // The networks of the design that have an InfiniBand subnet, in enum order.
    [[nodiscard]] static std::vector<Network> networks(const Design& design);

    [[nodiscard]] const std::vector<Node>& nodes() const { return mNodes; }
    [[nodiscard]] const std::vector<Link>& links() const { return mLinks; }
    [[nodiscard]] const QStringList& warnings() const { return mWarnings; }
    [[nodiscard]] Network network() const { return mNetwork; }

private:
    Network mNetwork = Network::None;
    std::vector<Node> mNodes;
    std::vector<Link> mLinks;
    QStringList mWarnings;
};

} // namespace pw
