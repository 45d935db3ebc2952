#pragma once

#include "model/node.h"
#include "model/portref.h"

#include <QPointF>
#include <QString>

#include <vector>

namespace pw {

class DesignBuilder;
struct CatalogItem;

// A simple two-tier access network (storage, in-band, out-of-band): endpoint ports fill leaf
// switches in order, `down` per leaf, each leaf sends `up` uplinks round-robin over as many spines
// as the uplinks need. One leaf and no spine when everything fits on one switch.
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
    };
    struct Result {
        std::vector<NodeId> leaves;
        std::vector<NodeId> spines;
    };

    static Result build(DesignBuilder& builder, const Spec& spec, const std::vector<Segment>& segments);
};

} // namespace pw
