#include "export/ibfabric.h"

#include "export/exportnames.h"
#include "export/ibports.h"
#include "model/design.h"

#include <map>

namespace pw {

namespace {

bool onInfiniBandSwitch(const Design& design, const Link& link)
{
    return IbPorts::isInfiniBandSwitch(design.itemOf(link.a.node))
        || IbPorts::isInfiniBandSwitch(design.itemOf(link.b.node));
}

// An end the subnet can hold: an InfiniBand switch's data port or a host's data port (never an
// Ethernet switch, never a management port).
bool isFabricEnd(const Design& design, PortRef port)
{
    const CatalogItem* item = design.itemOf(port.node);
    if (!item)
        return false;
    if (item->kind == ItemKind::Switch)
        return IbPorts::switchPort(design, port) > 0;
    return !IbPorts::rdmaDevice(design, port).isEmpty();
}

} // namespace

QString IbFabric::hostOf(const Design& design, const ExportNames& names, PortRef port)
{
    const QStringList& hosts = names.hosts(port.node);
    if (hosts.size() <= 1)
        return hosts.isEmpty() ? names.name(port.node) : hosts.front();
    const int ports = design.portCount(port.node);
    const qsizetype tray = ports > 0 ? static_cast<qsizetype>(port.index) * hosts.size() / ports : 0;
    return hosts.at(std::min(tray, hosts.size() - 1));
}

std::vector<Network> IbFabric::networks(const Design& design)
{
    std::map<Network, bool> seen;
    design.links().forEach([&](const pw::Link& l) {
        if (onInfiniBandSwitch(design, l))
            seen[design.linkNetwork(l)] = true;
    });
    std::vector<Network> out;
    for (const auto& [network, present] : seen)
        if (present && network != Network::None && network != Network::OutOfBand)
            out.push_back(network);
    return out;
}

IbFabric IbFabric::of(const Design& design, Network network)
{
    IbFabric f;
    f.mNetwork = network;
    const ExportNames names(design);
    std::map<NodeId, int> switchIndex; // design node -> fabric node
    std::map<std::pair<NodeId, int>, int> adapterIndex; // host port -> fabric node
    QStringList wanted;
    auto endOf = [&](PortRef p) -> End {
        const CatalogItem* item = design.itemOf(p.node);
        if (item && item->kind == ItemKind::Switch) {
            auto [it, fresh] = switchIndex.try_emplace(p.node, static_cast<int>(f.mNodes.size()));
            if (fresh) {
                f.mNodes.push_back({QString(), true, IbPorts::switchPortCount(*item), p.node, {}, {}});
                wanted << names.name(p.node);
            }
            return {it->second, IbPorts::switchPort(design, p)};
        }
        auto [it, fresh] = adapterIndex.try_emplace({p.node, p.index}, static_cast<int>(f.mNodes.size()));
        if (fresh) {
            const QString host = hostOf(design, names, p);
            const QString device = IbPorts::rdmaDevice(design, p);
            f.mNodes.push_back({QString(), false, 1, p.node, host, device});
            wanted << host + QLatin1Char(' ') + device;
        }
        return {it->second, 1};
    };
    design.links().forEach([&](const pw::Link& l) {
        if (design.linkNetwork(l) != network || !onInfiniBandSwitch(design, l) || !isFabricEnd(design, l.a)
            || !isFabricEnd(design, l.b))
            return;
        const End a = endOf(l.a);
        const End b = endOf(l.b);
        f.mLinks.push_back({a, b, design.linkSpeedGbps(l), l.id});
    });
    UniqueNames unique(NameRule::ibNodeDescription());
    const QStringList given = unique.take(wanted);
    for (size_t i = 0; i < f.mNodes.size(); ++i)
        f.mNodes[i].description = given.at(static_cast<qsizetype>(i));
    f.mWarnings = names.hostWarnings() + unique.warnings(); // the host names it is made of, then its own
    return f;
}

} // namespace pw
