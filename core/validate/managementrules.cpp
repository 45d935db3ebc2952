#include "validate/rulehelpers.h"

namespace pw::rules {

void managementRules(const Design& d, std::vector<Finding>& out)
{
    std::vector<NodeId> unreachable;
    bool anyServer = false;
    bool inBand = false;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        anyServer = anyServer || item->kind == ItemKind::Server;
        // An out-of-band switch is itself the OOB network; its management port is reached through it.
        if (item->kind == ItemKind::Switch && n.network == Network::OutOfBand)
            return;
        int first = 0;
        bool hasOob = false;
        bool linked = false;
        for (const PortGroup& g : item->portGroups) {
            if (g.role == PortRole::OutOfBand) {
                hasOob = true;
                for (int i = 0; i < g.count; ++i)
                    linked = linked || d.linkAt(PortRef{n.id, first + i}).isValid();
            }
            first += g.count;
        }
        if (hasOob && !linked)
            unreachable.push_back(n.id);
    });
    d.links().forEach([&](const Link& l) { inBand = inBand || d.linkNetwork(l) == Network::InBand; });
    if (!unreachable.empty()) {
        std::vector<EntityRef> ents;
        for (NodeId n : unreachable)
            ents.push_back(EntityRef::of(n));
        out.push_back(make("MGMT-OOB",
            QStringLiteral("%1 BMC, PDU or switch management ports are not reachable out of band")
                .arg(unreachable.size()),
            ents,
            QStringLiteral("Every BMC, PDU and switch management port needs a link to the 1 GbE out-of-band network "
                           "(DGX SuperPOD RA). Without a link: %1.")
                .arg(nameList(d, unreachable))));
    }
    if (anyServer && !inBand)
        out.push_back(make("MGMT-INBAND", QStringLiteral("no in-band management network"), {},
            QStringLiteral("No link is on the in-band network: servers need it for provisioning, the scheduler "
                           "(Slurm, Kubernetes) and user access (DGX SuperPOD RA: Ethernet at 100 Gb/s, bonded).")));
}

} // namespace pw::rules
