#include "generate/bulkconnect.h"

#include "catalog/catalog.h"
#include "commands/compositecommand.h"
#include "commands/connectcommand.h"
#include "commands/recorditemcommand.h"
#include "generate/linkcabling.h"
#include "model/design.h"
#include "util/plural.h"

#include <algorithm>
#include <set>

namespace pw {

QString BulkConnect::Plan::refusal() const
{
    if (skipped.isEmpty())
        return QStringLiteral("nothing to connect: select servers, storage and the switches to connect them to");
    return QStringLiteral("nothing could be connected: %1").arg(skipped.join(QStringLiteral("; ")));
}

BulkConnect::Plan BulkConnect::plan(const Design& design, const Catalog& catalog, const std::vector<NodeId>& nodes)
{
    Plan plan;
    std::vector<NodeId> ids = nodes;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<NodeId> switches;
    for (NodeId id : ids)
        if (const CatalogItem* item = design.itemOf(id); item && item->kind == ItemKind::Switch)
            switches.push_back(id);

    // Planned links go into a scratch copy, so later ports see earlier ones as taken.
    Design scratch = design;
    std::set<QString> recorded;
    for (NodeId id : ids) {
        const CatalogItem* item = design.itemOf(id);
        const Node* node = design.node(id);
        if (!item || !node)
            continue;
        int first = 0;
        for (const PortGroup& group : item->portGroups) {
            const int groupFirst = first;
            first += group.count;
            const auto network = networkOfHostRole(group.role);
            if (!network)
                continue;
            std::vector<NodeId> targets;
            for (NodeId s : switches)
                if (s != id && design.node(s)->network == *network)
                    targets.push_back(s);
            std::vector<PortRef> freePorts;
            for (int i = 0; i < group.count; ++i)
                if (!scratch.linkAt(PortRef{id, groupFirst + i}).isValid())
                    freePorts.push_back(PortRef{id, groupFirst + i});
            if (freePorts.empty())
                continue;
            const QString where = QStringLiteral("%1 %2").arg(node->name, group.name);
            if (targets.empty()) {
                // The management port of the only out-of-band switch has nowhere else to go.
                if (item->kind == ItemKind::Switch && node->network == *network)
                    continue;
                plan.skipped << QStringLiteral("%1 (%2 ports): no %3 switch is selected; select one, or set a "
                                               "switch's network to %4 in the inspector")
                                    .arg(where)
                                    .arg(freePorts.size())
                                    .arg(displayName(*network), toString(*network));
                continue;
            }
            int unconnected = 0;
            QString reason;
            for (size_t k = 0; k < freePorts.size(); ++k) {
                const PortRef host = freePorts[k];
                const int index = host.index - groupFirst;
                // Rails in blocks over the leaves (rail i to leaf i with one leaf per rail); other
                // roles alternate, so a pair of ports lands on a pair of switches.
                const size_t preferred = group.role == PortRole::Compute
                    ? static_cast<size_t>(index) * targets.size() / static_cast<size_t>(group.count)
                    : static_cast<size_t>(index) % targets.size();
                PortRef peer;
                for (size_t t = 0; t < targets.size() && !peer.isValid(); ++t)
                    peer = scratch.findFreeCompatiblePort(targets[(preferred + t) % targets.size()], host);
                if (!peer.isValid()) {
                    // The group's other ports are alike and the switches only fill up: they fail
                    // too, so stop here (keeps a large selection from trying every pair again).
                    unconnected += static_cast<int>(freePorts.size() - k);
                    if (reason.isEmpty()) {
                        // This port's own mismatch with a free port of its switch, else why none is free.
                        const NodeId target = targets[preferred % targets.size()];
                        for (int j = 0; j < scratch.portCount(target) && reason.isEmpty(); ++j)
                            if (!scratch.linkAt(PortRef{target, j}).isValid())
                                reason = scratch.whyIncompatible(host, PortRef{target, j}).value_or(QString());
                        if (reason.isEmpty())
                            reason = QStringLiteral("every port of the %1 switches is taken; add a switch")
                                         .arg(displayName(*network));
                    }
                    break;
                }
                const double length = LinkCabling::estimateLengthM(scratch, host.node, peer.node);
                const LinkCabling::Pick pick = LinkCabling::choose(scratch, catalog, host, peer, length);
                Link link;
                link.a = host;
                link.b = peer;
                link.lengthM = length;
                link.cableSku = pick.cable;
                link.transceiverSku = pick.transceiver;
                for (const QString& sku : pick.modules)
                    if (!design.item(sku) && recorded.insert(sku).second) {
                        plan.itemsToRecord.push_back(sku);
                        if (const CatalogItem* it = catalog.item(sku))
                            scratch.recordItem(*it);
                    }
                link.id = scratch.allocateLinkId();
                scratch.insertLink(link);
                link.id = LinkId();
                plan.links.push_back(link);
            }
            if (unconnected > 0)
                plan.skipped << QStringLiteral("%1 (%2 of %3 ports not connected): %4")
                                    .arg(where)
                                    .arg(unconnected)
                                    .arg(group.count)
                                    .arg(reason);
        }
    }
    return plan;
}

std::unique_ptr<CompositeCommand> BulkConnect::command(const Plan& plan, const Catalog& catalog)
{
    if (plan.isEmpty())
        return nullptr;
    auto composite = std::make_unique<CompositeCommand>(
        QStringLiteral("Connect selection: %1 %2")
            .arg(plan.links.size())
            .arg(plural(static_cast<long long>(plan.links.size()), "link", "links")));
    for (const QString& sku : plan.itemsToRecord)
        if (const CatalogItem* item = catalog.item(sku))
            composite->add(std::make_unique<RecordItemCommand>(*item));
    for (const Link& l : plan.links)
        composite->add(std::make_unique<ConnectCommand>(l.a, l.b, l.cableSku, l.lengthM, l.transceiverSku));
    return composite;
}

} // namespace pw
