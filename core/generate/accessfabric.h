#pragma once

#include "model/node.h"
#include "model/portref.h"

#include <QPointF>
#include <QString>

#include <vector>

namespace pw {

class DesignBuilder;
struct CatalogItem;

// A simple access network (storage, in-band, out-of-band): endpoint ports fill leaf switches in
// order, `down` per leaf. Two tiers while every leaf reaches every spine: each leaf sends `up`
// uplinks round-robin over as many spines as the uplinks need, at most as many spines as a leaf
// has uplinks. Beyond that (more than radix x up / up = radix leaves' worth of uplinks, e.g. 64
// leaves of 16 uplinks on 64-port spines) two tiers would leave leaves that share no spine: the
// network is then three tiers (a folded Clos of pods): pods of P leaves, each pod with one spine
// per leaf uplink (every leaf reaches every spine of its pod), each pod spine with P ports down,
// P up and its share of the reserve; spine j of every pod uplinks round-robin to core group j,
// ceil(pods x P / radix) core switches, each spine reaching every core of its group.
// One leaf and no spine when everything fits on one switch.
//
// Dual-homing (Segment::spread): a segment's leaves stand in pairs (the last three together when
// their count is odd), and its ports alternate over the leaves of a pair, so a host with two or
// more ports of the network reaches two different leaves (NVIDIA DGX SuperPOD RAs: each pair of
// in-band and storage ports gives parallel pathways; DGX BasePOD: the in-band interface is a bond
// over two SN4600C switches). minLeaves 2 gives a segment that fits on one leaf its second leaf.
// A spread leaf keeps the segment's down:up ratio over the ports it holds, not `up` uplinks for
// a leaf half empty. When a network is one such pair that holds every port (no spine reserve),
// the two leaves are joined by Spec::peerLinks links instead of a spine (an MLAG peer link on
// Ethernet, an inter-switch link on InfiniBand).
class AccessFabric {
public:
    struct Segment {
        std::vector<PortRef> ports;
        int down = 0;
        int up = 0;
        // A leaf model of its own for these ports (e.g. RJ45 hosts on an in-band network of
        // QSFP28 switches); nullptr: the spec's leaf and groups.
        const CatalogItem* leaf = nullptr;
        int leafDownGroup = -1;
        int leafUpGroup = -1;
        bool spread = false; // alternate the ports over a pair (or the last three) of leaves
        int minLeaves = 1; // with spread: 2 dual-homes hosts whose ports fit on one leaf
    };
    struct Spec {
        const CatalogItem* leaf = nullptr;
        int leafDownGroup = -1;
        int leafUpGroup = -1;
        const CatalogItem* spine = nullptr;
        int spineGroup = -1;
        Network network = Network::None;
        QString prefix;
        QPointF origin; // canvas position of the first leaf
        // Spine ports kept free for uplinks that join later (the out-of-band switches' uplinks into
        // the in-band network): the spine count covers them too.
        int spineReserve = 0;
        // Links between the two leaves of a network that is one spread pair (no spine).
        int peerLinks = 0;
        // The fewest spines of a network that has spines: 2 where no one spine may carry every
        // leaf's traffic (the converged storage fabric of an NVL72 scalable unit).
        int minSpines = 1;
    };
    struct Result {
        std::vector<NodeId> leaves;
        std::vector<NodeId> spines;
        std::vector<NodeId> cores; // three tiers only
        int pods = 0; // three tiers: pods of leaves and spines; 0 for two tiers
        int leavesPerPod = 0;
    };

    static Result build(DesignBuilder& builder, const Spec& spec, const std::vector<Segment>& segments);

private:
    static Result buildThreeTier(DesignBuilder& b, const Spec& spec, Result r, const std::vector<int>& uplinks,
        const std::vector<int>& upGroups, int spinesPerPod, int radix);
};

} // namespace pw
