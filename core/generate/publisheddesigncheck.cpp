#include "generate/publisheddesigncheck.h"

#include "catalog/catalogitem.h"
#include "model/design.h"

#include <QJsonArray>
#include <QLocale>

namespace pw {

namespace {

QString number(long long n)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // thousands separated, the same on every machine
    return c.toString(n);
}

bool isComputeSwitch(const Design& d, const Node& n, FabricTier tier)
{
    const CatalogItem* item = d.item(n.sku);
    return n.network == Network::Compute && n.tier == tier && item && item->kind == ItemKind::Switch;
}

} // namespace

PublishedDesignCheck::Built PublishedDesignCheck::countsOf(const Design& d)
{
    Built b;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (item && item->kind == ItemKind::Server && item->gpuCount() > 0) {
            ++b.nodes;
            b.gpus += item->gpuCount();
        }
        b.leaves += isComputeSwitch(d, n, FabricTier::Leaf);
        b.spines += isComputeSwitch(d, n, FabricTier::Spine);
    });
    d.links().forEach([&](const Link& l) {
        const Node* a = d.node(l.a.node);
        const Node* z = d.node(l.b.node);
        if (!a || !z)
            return;
        const bool leafA = isComputeSwitch(d, *a, FabricTier::Leaf);
        const bool leafZ = isComputeSwitch(d, *z, FabricTier::Leaf);
        auto gpuServer = [&](const Node& n) {
            const CatalogItem* item = d.item(n.sku);
            return item && item->kind == ItemKind::Server && item->gpuCount() > 0;
        };
        if ((leafA && gpuServer(*z)) || (leafZ && gpuServer(*a)))
            ++b.nodeLeafLinks;
        else if ((leafA && isComputeSwitch(d, *z, FabricTier::Spine))
            || (leafZ && isComputeSwitch(d, *a, FabricTier::Spine)))
            ++b.leafSpineLinks;
    });
    return b;
}

QStringList PublishedDesignCheck::notes(
    const CatalogItem& server, const QString& switchSku, int requestedNodes, const Built& built)
{
    const QJsonObject table = server.json.value(QLatin1String("published_designs")).toObject();
    if (table.value(QLatin1String("switch")).toString() != switchSku)
        return {};
    const QString source = table.value(QLatin1String("source")).toString();
    for (const QJsonValue& v : table.value(QLatin1String("rows")).toArray()) {
        const QJsonObject row = v.toObject();
        const int nodes = row.value(QLatin1String("nodes")).toInt();
        if (nodes != requestedNodes)
            continue;
        const int units = row.value(QLatin1String("units")).toInt();
        QStringList out;
        const long long perNode = server.gpuCount();
        const long long publishedGpus = row.value(QLatin1String("gpus")).toInteger();
        if (publishedGpus != nodes * perNode)
            out << QStringLiteral("%1, %2-SU row: the published table contradicts itself: %3 GPUs as published, but "
                                  "%4 nodes x %5 GPUs = %6 (its cable columns agree with %6); this design has %7 GPUs")
                       .arg(source)
                       .arg(units)
                       .arg(number(publishedGpus), number(nodes))
                       .arg(perNode)
                       .arg(number(nodes * perNode), number(built.gpus));
        struct Column {
            const char* key;
            const char* what;
            int built;
        };
        const Column columns[] = {{"leaf", "leaf switches", built.leaves}, {"spine", "spine switches", built.spines},
            {"node_leaf", "node-leaf cables", built.nodeLeafLinks},
            {"leaf_spine", "leaf-spine cables", built.leafSpineLinks}};
        QStringList same;
        QStringList differ;
        for (const Column& c : columns) {
            if (!row.contains(QLatin1String(c.key)))
                continue;
            const int published = row.value(QLatin1String(c.key)).toInt();
            const QString text = QStringLiteral("%1 %2").arg(number(c.built), QLatin1String(c.what));
            if (published == c.built)
                same << text;
            else
                differ << QStringLiteral("%1 (published %2)").arg(text, number(published));
        }
        if (differ.isEmpty())
            out << QStringLiteral("matches %1, %2-SU row: %3")
                       .arg(source)
                       .arg(units)
                       .arg(same.join(QStringLiteral(", ")));
        else
            // The entry may say why its model counts differently ("differences"): the reason travels
            // with the figures.
            out << QStringLiteral("differs from %1, %2-SU row: %3%4%5")
                       .arg(source)
                       .arg(units)
                       .arg(differ.join(QStringLiteral(", ")))
                       .arg(built.nodes != nodes ? QStringLiteral(" (%1 of the row's %2 nodes built)")
                                                       .arg(number(built.nodes), number(nodes))
                                                 : QString())
                       .arg(table.contains(QLatin1String("differences"))
                               ? QStringLiteral("; why: ") + table.value(QLatin1String("differences")).toString()
                               : QString());
        return out;
    }
    return {};
}

} // namespace pw
