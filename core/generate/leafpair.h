#pragma once

#include "generate/oversubscription.h"
#include "model/node.h"

namespace pw {

class DesignBuilder;
struct CatalogItem;

// Two Ethernet leaves that carry a cluster's load alone, with no spine above them: an MLAG pair.
// Every server with two fabric ports has one on each leaf (dual-homed), so losing either switch
// leaves every server connected at half its bandwidth. The two leaves are joined by inter-switch
// links (the peer link) sized as a leaf-spine leaf's uplinks: each leaf's host bandwidth over the
// oversubscription asked, in the leaf's fastest ports (64 hosts x 200G at 1:1 = 12.8 Tb/s = 32 x
// 400G), so traffic between a port on one leaf and a port on the other (a host that lost a link,
// or cross-rail traffic of a server without NVLink) crosses at the ratio asked.
class LeafPair {
public:
    // The inter-switch links of the pair: ceil(hostPorts x hostGbps x os.up / (os.down x linkGbps)),
    // at least one, at most the ports each leaf has left (`freePorts`).
    [[nodiscard]] static int links(
        int hostPorts, int hostGbps, int linkGbps, const Oversubscription& os, int freePorts);
    // Joins the two leaves with `count` links on their fabric ports from `firstFree` on.
    static void join(DesignBuilder& builder, const CatalogItem& sw, NodeId a, NodeId b, int firstFree, int count);
};

} // namespace pw
