#pragma once

#include "model/node.h"

#include <QString>

#include <optional>
#include <vector>

namespace pw {

class DesignBuilder;
struct CatalogItem;

// Builds the spine tier (and a core tier when needed) above a row of leaves whose uplink ports are
// still free. Two tiers while every spine can take a link from every leaf (leaves <= radix): the
// spine count is the smallest divisor of the leaf uplinks that keeps spines within their radix, so
// each leaf spreads its uplinks evenly over every spine (DGX SuperPOD rule). Beyond that, pods of
// leaves get their own spines (one per leaf uplink, each leaf once to each), and spine j of every
// pod joins core group j; the cores of a group take the pod uplinks round-robin, so every core
// port is used and every spine spreads over the group (1:1 at the spine).
class Design;

class ClosBuilder {
public:
    struct Leaf {
        NodeId id;
        double x = 0; // canvas x, so that spines sit above their leaves
    };
    struct Result {
        std::vector<NodeId> spines;
        std::vector<NodeId> cores;
        std::vector<GroupId> pods; // three tiers only
        int tiers = 2;
    };

    // Spines of a two-tier fabric: the smallest divisor of the uplinks that keeps each spine
    // within its radix (0 when leaves exceed the radix: three tiers), and at least minSpines where
    // a divisor allows it (a leaf with one uplink has one spine).
    [[nodiscard]] static int twoTierSpines(int leaves, int uplinks, int radix, int minSpines = 1);

    // leavesPerPod: how many leaves form a pod if three tiers are needed (whole scalable units).
    // podOf: for each leaf, receives the pod group (three tiers), else unchanged.
    // allowThreeTier false: an error when two tiers cannot hold the leaves.
    // forceThreeTier: pods and cores even where two tiers would hold the leaves (the DGX SuperPOD
    // GB200 RA's spine-leaf groups beyond one SU).
    // spinesPerPod (three tiers): 0 for one spine per leaf uplink; else a divisor of the uplinks,
    // each leaf sending uplinks / spinesPerPod links to every spine of its pod, spine j of every
    // pod joining core group j (DGX SuperPOD GB200 RA: 8 leaves and 6 spines per spine-leaf group,
    // 6 core groups).
    // topReserve: ports each switch of the top tier (spines of two tiers, cores of three) keeps
    // free, its last ones, for the subnet managers of a fabric whose leaves are full (Q3400 leaves
    // of 72 down and 72 up): the top tier is sized for radix - topReserve ports.
    // minSpines (two tiers): the fewest spines where the uplinks divide (twoTierSpines).
    [[nodiscard]] static std::optional<QString> build(DesignBuilder& builder, const CatalogItem& sw,
        const std::vector<Leaf>& leaves, int uplinks, int leavesPerPod, bool allowThreeTier, double spineY,
        double coreY, Result& result, int spinesPerPod = 0, bool forceThreeTier = false, int topReserve = 0,
        int minSpines = 1);
    // The switches of the top tier that build() made (cores, else spines).
    [[nodiscard]] static const std::vector<NodeId>& topTier(const Result& result)
    {
        return result.cores.empty() ? result.spines : result.cores;
    }
    // Spines of one pod for three tiers: the smallest divisor of the uplinks that leaves each
    // spine at least as many core ports as leaf ports (half its radix down).
    [[nodiscard]] static int spinesPerPod(int leavesPerPod, int uplinks, int radix);
    // Names say the plane of a multi-plane fabric: spine-001 of plane 2 (index 1) is p2-spine-001.
    static void namePlane(Design& design, const Result& result, int plane);
};

} // namespace pw
