#include "export/ethernetfabric.h"

#include "export/ethernetports.h"
#include "export/exportnames.h"
#include "export/ibfabric.h"
#include "model/design.h"

#include <map>
#include <set>

namespace pw {

namespace {

bool onEthernetSwitch(const Design& design, const Link& link)
{
    return EthernetPorts::isEthernetSwitch(design.itemOf(link.a.node))
        || EthernetPorts::isEthernetSwitch(design.itemOf(link.b.node));
}

} // namespace

std::vector<Network> EthernetFabric::networks(const Design& design)
{
    std::set<Network> seen;
    design.links().forEach([&](const pw::Link& l) {
        if (onEthernetSwitch(design, l) && design.linkNetwork(l) != Network::None)
            seen.insert(design.linkNetwork(l));
    });
    return {seen.begin(), seen.end()};
}

EthernetFabric EthernetFabric::of(const Design& design, std::optional<Network> network)
{
    EthernetFabric f;
    const ExportNames names(design);
    std::map<QString, int> byName; // system name -> node
    auto endOf = [&](PortRef p, const QString& port) -> End {
        const CatalogItem* item = design.itemOf(p.node);
        const bool isSwitch = item && item->kind == ItemKind::Switch;
        const QString name = isSwitch ? names.name(p.node) : IbFabric::hostOf(design, names, p);
        auto [it, fresh] = byName.try_emplace(name, static_cast<int>(f.mNodes.size()));
        if (fresh)
            f.mNodes.push_back({name, isSwitch});
        return {it->second, port};
    };
    design.links().forEach([&](const pw::Link& l) {
        const Network n = design.linkNetwork(l);
        if (!onEthernetSwitch(design, l) || (network ? n != *network : n == Network::OutOfBand))
            return;
        const QString a = EthernetPorts::lldpPort(design, l.a);
        const QString b = EthernetPorts::lldpPort(design, l.b);
        if (a.isEmpty() || b.isEmpty())
            return;
        const End ea = endOf(l.a, a);
        const End eb = endOf(l.b, b);
        f.mLinks.push_back({ea, eb, design.linkSpeedGbps(l)});
    });
    return f;
}

} // namespace pw
