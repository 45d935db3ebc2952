#pragma once

#include "model/link.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace pw {

class Catalog;
class CompositeCommand;
class Design;
struct CatalogItem;

// Connect selection: every free host-side port of the chosen nodes (a server's GPU rails,
// storage, in-band and BMC ports; a switch's or a storage system's management port) is joined to
// a chosen switch on that port's network: GPU rails spread over the compute leaves in blocks
// (rail i to leaf i when there are as many leaves as rails), the other roles round-robin over
// their switches, so a server's two storage ports land on two switches when there are two. Each
// link gets the usual cable for its estimated length (LinkCabling) and, for fibre, its modules.
// Ports that find no switch are listed with the reason: which attribute differs and how to fix it.
class BulkConnect {
public:
    struct Plan {
        std::vector<Link> links; // ids not yet allocated
        std::vector<QString> itemsToRecord; // catalog skus the links need that the design lacks
        QStringList skipped; // "dgx-01 storage/1: ..." one line per port group left unconnected
        [[nodiscard]] bool isEmpty() const { return links.empty(); }
        // Why nothing was connected, for a refusal.
        [[nodiscard]] QString refusal() const;
    };

    [[nodiscard]] static Plan plan(const Design& design, const Catalog& catalog, const std::vector<NodeId>& nodes);
    // The plan as one undoable step ("Connect selection: N links"); null when the plan is empty.
    [[nodiscard]] static std::unique_ptr<CompositeCommand> command(const Plan& plan, const Catalog& catalog);
};

} // namespace pw
