#pragma once

#include "model/node.h"

#include <QString>

#include <vector>

namespace pw {

class Design;

// The compute fabric of a design as a plain graph: GPU servers and compute switches as vertices,
// compute links between them as edges with their capacity in Gb/s. Servers are endpoints only
// (traffic never passes through one). Built on demand; holds no reference to the design.
class FabricGraph {
public:
    struct Vertex {
        NodeId node;
        bool server = false;
        int gpus = 0;
        FabricTier tier = FabricTier::None; // switches: given, or inferred from their neighbours
        GroupId unit; // scalable unit (or pod)
        GroupId pod; // the unit's parent pod, or the unit when it is a pod
        GroupId rack;
        double injectionGbps = 0; // servers: sum of their compute links
        int rail = -1; // leaves: the server compute port index all their server
            // links use, -2 when they mix rails, -1 without servers
    };
    // The planes of the fabric: in a rail-optimized fabric whose leaves each carry one rail, the
    // rails (rails join only at the spine or above). count < 2 means no planes, with the reason.
    // Separate planes come first: switch groups that share no link (a twin-planar fabric, each a
    // fabric of its own, the servers' ports split across them).
    struct Planes {
        int count = 0;
        bool separate = false; // separate fabrics, not rails joined above the leaves
        QString reason;
        std::vector<std::vector<int>> switches; // per plane: its leaves and the switches above
            // that reach the servers only through them
        [[nodiscard]] const std::vector<int>& switchesOf(int plane) const
        {
            return switches[static_cast<size_t>(plane)];
        }
    };
    struct Edge {
        int a = 0;
        int b = 0;
        long long gbps = 0;
    };

    explicit FabricGraph(const Design& design);

    [[nodiscard]] const std::vector<Vertex>& vertices() const { return mVertices; }
    [[nodiscard]] const std::vector<Edge>& edges() const { return mEdges; }
    [[nodiscard]] const std::vector<int>& servers() const { return mServers; }
    // Adjacency in compressed rows: neighbours of v are adjacency()[offsets()[v] .. offsets()[v+1]).
    [[nodiscard]] const std::vector<int>& offsets() const { return mOffsets; }
    [[nodiscard]] const std::vector<int>& adjacency() const { return mAdjacency; }
    int otherHostLinks = 0; // compute links from hosts without GPUs (e.g. UFM) to switches
    [[nodiscard]] Planes planes() const;

private:
    std::vector<Vertex> mVertices;
    std::vector<Edge> mEdges;
    std::vector<int> mServers;
    std::vector<int> mOffsets;
    std::vector<int> mAdjacency;
};

} // namespace pw
