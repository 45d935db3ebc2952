#include "cost/opticsplan.h"

#include "model/design.h"
#include "model/opticsrules.h"

#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace pw {

OpticsPlan OpticsPlan::of(const Design& design)
{
    return of(design, {});
}

OpticsPlan OpticsPlan::of(const Design& design, const EndFilter& filter)
{
    OpticsPlan plan;
    // Twin-port cages already holding a module: (node, cage) per sku, counted once.
    std::map<QString, std::set<std::pair<quint32, int>>> twinCages;
    const OpticsRules::Items parts = OpticsRules::partsOf(design);
    // Links of one kind (module, both ends' port groups) share their end modules: looked up once
    // per kind, as CablePlan does (the lookup per link was a sixth of `validate` at 100,000 GPUs).
    std::map<std::tuple<const CatalogItem*, const PortGroup*, const PortGroup*>, OpticsRules::Ends> kinds;
    design.links().forEach([&](const Link& l) {
        if (l.transceiverSku.isEmpty())
            return;
        const CatalogItem* linkModule = design.item(l.transceiverSku);
        const auto kind = std::make_tuple(linkModule, design.portGroup(l.a), design.portGroup(l.b));
        auto known = kinds.find(kind);
        if (known == kinds.end())
            known = kinds.emplace(kind, OpticsRules::endModules(design, parts, l)).first;
        const OpticsRules::Ends ends = known->second;
        for (const auto& [p, chosen] : {std::pair{l.a, ends.a}, std::pair{l.b, ends.b}}) {
            const PortGroup* g = design.portGroup(p);
            // A co-packaged-optics port takes no module (its optics are in the switch).
            if (!g || g->coPackagedOptics || (filter && !filter(l, p)))
                continue;
            // Where nothing serves the end (OPTICS-MISMATCH says so), the drawn module is counted.
            const CatalogItem* module = chosen ? chosen : linkModule;
            if (!module)
                continue;
            const QString& sku = module->sku;
            const int perModule = module->transceiver ? module->transceiver->links : 1;
            if (perModule >= 2 && g->portsPerCage >= 2) {
                int first = 0;
                const int groupIndex = design.portGroupIndex(p);
                for (int i = 0; i < groupIndex; ++i)
                    first += design.itemOf(p.node)->portGroups[static_cast<size_t>(i)].count;
                // Cage number within the node: group index in the high bits, cage in the group below.
                const int cage = groupIndex * 65536 + (p.index - first) / g->portsPerCage;
                if (!twinCages[sku].insert({p.node.value(), cage}).second)
                    continue;
            }
            ++plan.mTotal[sku];
        }
    });
    return plan;
}

int OpticsPlan::moduleCount() const
{
    int n = 0;
    for (const auto& [sku, count] : mTotal)
        n += count;
    return n;
}

} // namespace pw
