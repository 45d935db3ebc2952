#include "cost/opticsplan.h"

#include "model/design.h"
#include "model/opticsrules.h"

#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace pw {

OpticsPlan OpticsPlan::of(const Design& design)
{
    return of(design, {});
}

OpticsPlan OpticsPlan::of(const Design& design, const EndFilter& filter)
{
    OpticsPlan plan;
    // Twin-port cages already holding a module: (node, cage) per sku, counted once. A 64-bit
    // (node, cage) in a hash: an ordered set of pairs was a sixth of `report` at 100,000 GPUs.
    std::unordered_map<QString, std::unordered_set<quint64>> twinCages;
    std::unordered_map<const CatalogItem*, int> modules;
    const OpticsRules::Items parts = OpticsRules::partsOf(design);
    // Links of one kind (module, both ends' port groups) share their end modules: looked up once
    // per kind, as CablePlan does (the lookup per link was a sixth of `validate` at 100,000 GPUs).
    std::map<std::tuple<const CatalogItem*, const PortGroup*, const PortGroup*>, OpticsRules::Ends> kinds;
    QString lastSku; // links come in runs of one module: its catalog entry is looked up once per run
    const CatalogItem* lastModule = nullptr;
    design.links().forEach([&](const Link& l) {
        if (l.transceiverSku.isEmpty())
            return;
        if (l.transceiverSku != lastSku) {
            lastSku = l.transceiverSku;
            lastModule = design.item(lastSku);
        }
        const CatalogItem* linkModule = lastModule;
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
            const int perModule = module->transceiver ? module->transceiver->links : 1;
            if (perModule >= 2 && g->portsPerCage >= 2) {
                const PortRef cage = design.cageOf(p);
                const quint64 key = (static_cast<quint64>(p.node.value()) << 32) | static_cast<quint32>(cage.index);
                if (!twinCages[module->sku].insert(key).second)
                    continue;
            }
            ++modules[module];
        }
    });
    for (const auto& [module, count] : modules)
        plan.mTotal[module->sku] += count;
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
