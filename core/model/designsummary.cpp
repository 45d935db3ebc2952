#include "model/designsummary.h"

#include "model/design.h"
#include "util/plural.h"

namespace pw {

DesignSummary DesignSummary::of(const Design& design)
{
    DesignSummary s;
    s.name = design.name();
    design.nodes().forEach([&](const Node& n) {
        ++s.nodes;
        const CatalogItem* item = design.item(n.sku);
        switch (item->kind) {
        case ItemKind::Server:
            ++s.servers;
            s.gpus += item->gpuCount();
            ++s.serversByModel[n.sku];
            break;
        case ItemKind::Switch:
            ++s.switches;
            ++s.switchesByModel[n.sku];
            break;
        case ItemKind::Storage:
            ++s.storageSystems;
            break;
        case ItemKind::Appliance:
            ++s.appliances;
            break;
        default:
            break;
        }
    });
    design.links().forEach([&](const Link& l) {
        ++s.links;
        ++s.linksByNetwork[toString(design.linkNetwork(l))];
    });
    design.groups().forEach([&](const Group& g) {
        switch (g.kind) {
        case GroupKind::Rack:
            ++s.racks;
            break;
        case GroupKind::ScalableUnit:
            ++s.scalableUnits;
            break;
        case GroupKind::Pod:
            ++s.pods;
            break;
        }
    });
    s.nvlink = NvlinkDomains::of(design);
    return s;
}

QJsonObject DesignSummary::toJson() const
{
    auto map = [](const std::map<QString, int>& m) {
        QJsonObject o;
        for (const auto& [k, v] : m)
            o.insert(k, v);
        return o;
    };
    return QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("nodes"), nodes},
        {QStringLiteral("servers"), servers},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("switches"), switches},
        {QStringLiteral("storage_systems"), storageSystems},
        {QStringLiteral("appliances"), appliances},
        {QStringLiteral("links"), links},
        {QStringLiteral("racks"), racks},
        {QStringLiteral("scalable_units"), scalableUnits},
        {QStringLiteral("pods"), pods},
        {QStringLiteral("servers_by_model"), map(serversByModel)},
        {QStringLiteral("switches_by_model"), map(switchesByModel)},
        {QStringLiteral("links_by_network"), map(linksByNetwork)},
        {QStringLiteral("nvlink_domains"), nvlink.toJson()},
    };
}

QString DesignSummary::toText() const
{
    QString t;
    t += QStringLiteral("Design:   %1\n").arg(name.isEmpty() ? QStringLiteral("(unnamed)") : name);
    t += QStringLiteral("Servers:  %1 (%2 %3)\n").arg(servers).arg(gpus).arg(plural(gpus, "GPU", "GPUs"));
    for (const auto& [sku, n] : serversByModel)
        t += QStringLiteral("  %1 x %2\n").arg(n, 6).arg(sku);
    if (nvlink.count() > 0)
        t += QStringLiteral("  %1\n").arg(nvlink.text());
    t += QStringLiteral("Switches: %1\n").arg(switches);
    for (const auto& [sku, n] : switchesByModel)
        t += QStringLiteral("  %1 x %2\n").arg(n, 6).arg(sku);
    t += QStringLiteral("Storage:  %1\n").arg(storageSystems);
    t += QStringLiteral("Appliances: %1\n").arg(appliances);
    t += QStringLiteral("Links:    %1\n").arg(links);
    for (const auto& [net, n] : linksByNetwork)
        t += QStringLiteral("  %1 %2\n").arg(n, 6).arg(net);
    t += QStringLiteral("Racks:    %1\n").arg(racks);
    if (scalableUnits || pods)
        t += QStringLiteral("Scalable units: %1, pods: %2\n").arg(scalableUnits).arg(pods);
    return t;
}

} // namespace pw
