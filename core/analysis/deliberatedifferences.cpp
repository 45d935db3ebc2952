#include "analysis/deliberatedifferences.h"

#include "model/design.h"
#include "validate/rulehelpers.h"

#include <QJsonArray>
#include <QJsonObject>

#include <set>

namespace pw {

namespace {

constexpr size_t kMaxNodes = 20; // enough to select and show; the message gives the count

bool isComputeSwitch(const Design& d, const Node& n)
{
    const CatalogItem* item = d.item(n.sku);
    return item && item->kind == ItemKind::Switch && n.network == Network::Compute;
}

void keep(std::vector<NodeId>& nodes, NodeId id)
{
    if (nodes.size() < kMaxNodes)
        nodes.push_back(id);
}

// The nodes that show the difference; empty when the design does not have it.
std::vector<NodeId> evidence(const Design& d, const QString& server, const QJsonObject& entry)
{
    const QString check = entry.value(QLatin1String("check")).toString();
    std::vector<NodeId> nodes;
    if (check == QLatin1String("twin-cage-400g")) {
        // Servers of this model with compute links on a twin-port cage.
        d.nodes().forEach([&](const Node& n) {
            if (n.sku != server)
                return;
            for (LinkId id : d.linksOf(n.id)) {
                const Link* l = d.link(id);
                const PortGroup* g = l ? d.portGroup(rules::endAt(*l, n.id)) : nullptr;
                if (g && g->role == PortRole::Compute && g->portsPerCage == 2) {
                    keep(nodes, n.id);
                    return;
                }
            }
        });
    } else if (check == QLatin1String("compute-switch-other-than")) {
        const QString named = entry.value(QLatin1String("sku")).toString();
        bool anyNamed = false;
        d.nodes().forEach([&](const Node& n) {
            if (!isComputeSwitch(d, n))
                return;
            if (n.sku == named)
                anyNamed = true;
            else
                keep(nodes, n.id);
        });
        if (anyNamed)
            nodes.clear();
    } else if (check == QLatin1String("rack-pdus")) {
        d.nodes().forEach([&](const Node& n) {
            if (const CatalogItem* item = d.item(n.sku); item && item->kind == ItemKind::Pdu)
                keep(nodes, n.id);
        });
    } else if (check == QLatin1String("subnet-manager-on-leaf")) {
        d.nodes().forEach([&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            if (!item || !rules::isSubnetManager(*item))
                return;
            for (LinkId id : d.linksOf(n.id)) {
                const Node* far = d.node(rules::otherEnd(*d.link(id), n.id).node);
                if (far && far->tier == FabricTier::Leaf && isComputeSwitch(d, *far)) {
                    keep(nodes, n.id);
                    return;
                }
            }
        });
    } else if (check == QLatin1String("separate-compute-fabric")) {
        // A compute fabric of its own, on the entry's "technology" if it names one (the RA's
        // fabric), in a design no larger than its "servers_at_most" (where the RA merges the
        // compute fabric into the converged one).
        const QString technology = entry.value(QLatin1String("technology")).toString();
        int servers = 0;
        d.nodes().forEach([&](const Node& n) { servers += n.sku == server ? 1 : 0; });
        if (servers <= entry.value(QLatin1String("servers_at_most")).toInt(0))
            d.nodes().forEach([&](const Node& n) {
                const CatalogItem* item = d.item(n.sku);
                const bool onTechnology
                    = technology.isEmpty() || (item && item->switchSpec && item->switchSpec->technology == technology);
                if (isComputeSwitch(d, n) && n.tier == FabricTier::Leaf && onTechnology)
                    keep(nodes, n.id);
            });
    } else if (check == QLatin1String("derived-switch-counts")) {
        d.nodes().forEach([&](const Node& n) {
            if (isComputeSwitch(d, n) && n.tier != FabricTier::Leaf)
                keep(nodes, n.id);
        });
    }
    return nodes;
}

} // namespace

std::vector<DeliberateDifferences::Difference> DeliberateDifferences::of(const Design& d)
{
    // The GPU server models of the design, each once.
    std::set<QString> servers;
    d.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = d.item(n.sku); item && item->gpuCount() > 0)
            servers.insert(n.sku);
    });
    std::vector<Difference> out;
    for (const QString& sku : servers) {
        const QJsonArray entries = d.item(sku)->json.value(QLatin1String("deliberate_differences")).toArray();
        for (const QJsonValue& v : entries) {
            const QJsonObject entry = v.toObject();
            std::vector<NodeId> nodes = evidence(d, sku, entry);
            if (nodes.empty())
                continue;
            out.push_back({sku, entry.value(QLatin1String("document")).toString(),
                entry.value(QLatin1String("differs")).toString(), entry.value(QLatin1String("why")).toString(),
                std::move(nodes)});
        }
    }
    return out;
}

QString DeliberateDifferences::note(const Difference& difference)
{
    return QStringLiteral("differs from %1 on purpose: %2; why: %3")
        .arg(difference.document, difference.differs, difference.why);
}

} // namespace pw
