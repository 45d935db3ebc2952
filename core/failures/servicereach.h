#pragma once

#include "model/node.h"
#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {

class Design;

// Who reaches a service network (storage, in-band or out-of-band management) and whom one failed
// switch of it cuts off, for the failure domains. Built once per design and network; answers each
// failed switch with one breadth-first search over that network's switches.
//
// A host (any node that is not a switch of the network: servers, storage systems, head nodes,
// PDUs, the compute switches' management ports) reaches the network when one of its switches is
// connected to an anchor: for storage the storage systems, for in-band the management (head)
// servers, for out-of-band also the management servers, through the out-of-band switches'
// uplinks into the in-band network. Without anchors (a hand-drawn network) the top tier of the
// network's switches is the anchor. A host is cut off when it reached the network in the intact
// design and does not after the failure; it is degraded when it still does with links gone.
class ServiceReach {
public:
    struct Loss {
        std::vector<NodeId> cutOff; // reached the network before, not after
        std::vector<NodeId> degraded; // still reach it, with some of their links gone
        double gbpsLost = 0; // host links of the network gone: the cut-off hosts' and the failed switch's
    };

    ServiceReach(const Design& design, Network network);

    [[nodiscard]] Network network() const { return mNetwork; }
    // The network's switches, in node id order.
    [[nodiscard]] const std::vector<NodeId>& switches() const { return mSwitches; }
    // Host links of the network of the hosts that reach it in the intact design, in Gb/s.
    [[nodiscard]] double hostGbps() const { return mHostGbps; }
    // What is anchored: "storage systems", "management servers", or the top tier's switches.
    [[nodiscard]] const QString& anchorText() const { return mAnchorText; }
    [[nodiscard]] Loss without(NodeId failedSwitch) const;
    // The failed switch's neighbourhood, for grouping equivalent failures: its model and tier, its
    // hosts by kind, GPUs and links, those homed on it alone, and its switch links by tier.
    [[nodiscard]] QString profileOf(NodeId failedSwitch) const;

private:
    struct Edge {
        int to;
        int gbps;
    };
    [[nodiscard]] std::vector<char> reached(int failed) const;
    [[nodiscard]] int indexOf(NodeId n) const;

    const Design& mDesign;
    Network mNetwork;
    std::vector<NodeId> mNodes; // index -> node
    std::vector<int> mIndex; // node id value -> index, -1 when none
    std::vector<char> mTraversable; // a switch of the network (and, for out-of-band, of in-band)
    std::vector<char> mOfNetwork; // a switch of the network itself
    std::vector<char> mHost; // linked to a switch of the network itself
    std::vector<std::vector<Edge>> mAdjacent; // links between traversable switches and to hosts
    std::vector<int> mAnchorHosts;
    std::vector<int> mAnchorSwitches;
    std::vector<char> mIntact; // reached with nothing failed
    std::vector<NodeId> mSwitches;
    double mHostGbps = 0;
    QString mAnchorText;
};

} // namespace pw
