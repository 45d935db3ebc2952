#include "model/nvlinkdomains.h"

#include "catalog/rackscale.h"
#include "model/design.h"
#include "util/plural.h"

#include <QJsonArray>

#include <algorithm>

namespace pw {

int NvlinkDomains::domainGpus(const CatalogItem& item)
{
    if (item.kind != ItemKind::Server || item.gpuCount() <= 0)
        return 0;
    if (item.nvlinkDomainGpus && item.nvlinkDomainGpus->value > 0)
        return item.nvlinkDomainGpus->value;
    return item.gpu->nvlinkGBps > 0 ? item.gpuCount() : 0;
}

QString NvlinkDomains::domainSource(const CatalogItem& item)
{
    if (item.nvlinkDomainGpus)
        return item.nvlinkDomainGpus->source;
    if (domainGpus(item) > 0)
        return QStringLiteral("the server's own %1 GPUs joined by NVLink (%2)")
            .arg(item.gpuCount())
            .arg(item.gpu->source);
    return QStringLiteral("no NVLink given for this server");
}

int NvlinkDomains::hostsPerNode(const CatalogItem& item)
{
    return std::max(1, computeTrays(item).trays);
}

QStringList NvlinkDomains::hostNames(const QString& nodeName, int hosts)
{
    if (hosts <= 1)
        return {nodeName};
    QStringList out;
    const int width = QString::number(hosts).size();
    for (int i = 1; i <= hosts; ++i)
        out << QStringLiteral("%1-t%2").arg(nodeName).arg(i, std::max(2, width), 10, QLatin1Char('0'));
    return out;
}

NvlinkDomains NvlinkDomains::of(const Design& design)
{
    NvlinkDomains out;
    // Multi-node domains: nodes of one model in one rack (or all unracked ones), in id order.
    std::map<std::pair<QString, GroupId>, std::vector<NodeId>> pools;
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (!item)
            return;
        const int size = domainGpus(*item);
        if (size <= 0)
            return;
        if (size <= item->gpuCount()) {
            NvlinkDomain d;
            d.name = n.name;
            d.nodes = {n.id};
            d.gpus = item->gpuCount();
            d.sizeGpus = size;
            d.gbpsPerGpu = item->gpu->nvlinkGBps;
            out.mDomains.push_back(std::move(d));
            return;
        }
        pools[{n.sku, n.rack}].push_back(n.id);
    });
    for (auto& [key, nodes] : pools) {
        const CatalogItem* item = design.item(key.first);
        const int perNode = item->gpuCount();
        const int size = domainGpus(*item);
        const int nodesPerDomain = std::max(1, size / perNode);
        std::sort(nodes.begin(), nodes.end());
        const Group* rack = key.second.isValid() ? design.group(key.second) : nullptr;
        const int domainsHere = static_cast<int>((nodes.size() + nodesPerDomain - 1) / nodesPerDomain);
        for (int k = 0; k < domainsHere; ++k) {
            NvlinkDomain d;
            const size_t first = static_cast<size_t>(k) * static_cast<size_t>(nodesPerDomain);
            const size_t last = std::min(first + static_cast<size_t>(nodesPerDomain), nodes.size());
            d.nodes.assign(
                nodes.begin() + static_cast<std::ptrdiff_t>(first), nodes.begin() + static_cast<std::ptrdiff_t>(last));
            d.gpus = static_cast<int>(d.nodes.size()) * perNode;
            d.sizeGpus = size;
            d.gbpsPerGpu = item->gpu->nvlinkGBps;
            const QString base = rack ? rack->name : QStringLiteral("nvl-%1").arg(key.first);
            d.name = domainsHere == 1 ? base : QStringLiteral("%1-nvl%2").arg(base).arg(k + 1);
            out.mDomains.push_back(std::move(d));
        }
    }
    // Stable order: by the first node's id, as the design lists its servers.
    std::sort(out.mDomains.begin(), out.mDomains.end(),
        [](const NvlinkDomain& a, const NvlinkDomain& b) { return a.nodes.front() < b.nodes.front(); });
    for (int i = 0; i < out.count(); ++i)
        for (NodeId n : out.mDomains[static_cast<size_t>(i)].nodes)
            out.mIndex[n] = i;
    return out;
}

const NvlinkDomain* NvlinkDomains::domainOf(NodeId node) const
{
    const auto it = mIndex.find(node);
    return it == mIndex.end() ? nullptr : &mDomains[static_cast<size_t>(it->second)];
}

int NvlinkDomains::largestSize() const
{
    int best = 0;
    for (const NvlinkDomain& d : mDomains)
        best = std::max(best, d.sizeGpus);
    return best;
}

int NvlinkDomains::partialCount() const
{
    return static_cast<int>(
        std::count_if(mDomains.begin(), mDomains.end(), [](const NvlinkDomain& d) { return d.partial(); }));
}

std::map<int, int> NvlinkDomains::countBySize() const
{
    std::map<int, int> m;
    for (const NvlinkDomain& d : mDomains)
        ++m[d.sizeGpus];
    return m;
}

QJsonObject NvlinkDomains::toJson() const
{
    QJsonObject bySize;
    for (const auto& [size, n] : countBySize())
        bySize.insert(QString::number(size), n);
    int gpus = 0;
    for (const NvlinkDomain& d : mDomains)
        gpus += d.gpus;
    return QJsonObject{
        {QStringLiteral("count"), count()},
        {QStringLiteral("size"), largestSize()},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("partial"), partialCount()},
        {QStringLiteral("by_size"), bySize},
    };
}

QString NvlinkDomains::text() const
{
    if (mDomains.empty())
        return QStringLiteral("no NVLink domain");
    const std::map<int, int> bySize = countBySize();
    QString s = QStringLiteral("%1 NVLink %2").arg(count()).arg(plural(count(), "domain", "domains"));
    if (bySize.size() == 1) {
        s += QStringLiteral(" of %1 GPUs").arg(bySize.begin()->first);
    } else {
        QStringList parts;
        for (const auto& [size, n] : bySize)
            parts << QStringLiteral("%1 of %2 GPUs").arg(n).arg(size);
        s += QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
    }
    if (const int p = partialCount())
        s += QStringLiteral(", %1 partial").arg(p);
    return s;
}

} // namespace pw
