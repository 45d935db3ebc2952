#include "generate/publisheddesigncheck.h"

#include "catalog/catalogitem.h"
#include "model/design.h"

#include <QLocale>

#include <vector>

namespace pw {

namespace {

QString number(long long n)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // thousands separated, the same on every machine
    return c.toString(n);
}

// What a node counts as in the published table's columns.
enum class Role : unsigned char { Other, GpuServer, Leaf, Spine };

Role roleOf(const Node& n, const CatalogItem* item)
{
    if (!item)
        return Role::Other;
    if (item->kind == ItemKind::Server && item->gpuCount() > 0)
        return Role::GpuServer;
    if (n.network == Network::Compute && item->kind == ItemKind::Switch) {
        if (n.tier == FabricTier::Leaf)
            return Role::Leaf;
        if (n.tier == FabricTier::Spine)
            return Role::Spine;
    }
    return Role::Other;
}

} // namespace

PublishedDesignCheck::Built PublishedDesignCheck::countsOf(const Design& d)
{
    Built b;
    // Each node's role once, by slot: the links then only look it up.
    std::vector<Role> roles(d.nodes().slotCount() + 1, Role::Other);
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.itemOf(n.id);
        const Role role = roleOf(n, item);
        roles[n.id.value()] = role;
        if (role == Role::GpuServer) {
            ++b.nodes;
            b.gpus += item->gpuCount();
        }
        b.leaves += role == Role::Leaf;
        b.spines += role == Role::Spine;
    });
    auto roleAt = [&](NodeId id) { return id.value() < roles.size() ? roles[id.value()] : Role::Other; };
    d.links().forEach([&](const Link& l) {
        const Role a = roleAt(l.a.node);
        const Role z = roleAt(l.b.node);
        if ((a == Role::Leaf && z == Role::GpuServer) || (z == Role::Leaf && a == Role::GpuServer))
            ++b.nodeLeafLinks;
        else if ((a == Role::Leaf && z == Role::Spine) || (z == Role::Leaf && a == Role::Spine))
            ++b.leafSpineLinks;
    });
    return b;
}

QString PublishedDesignCheck::publishedSwitch(const CatalogItem& server)
{
    return server.publishedDesigns ? server.publishedDesigns->switchSku : QString();
}

QStringList PublishedDesignCheck::notes(
    const CatalogItem& server, const QString& switchSku, int requestedNodes, const Built& built)
{
    if (!server.publishedDesigns || server.publishedDesigns->switchSku != switchSku)
        return {};
    const PublishedDesigns& table = *server.publishedDesigns;
    const QString& source = table.source;
    for (const PublishedDesignRow& row : table.rows) {
        const int nodes = row.nodes;
        if (nodes != requestedNodes)
            continue;
        const int units = row.units;
        QStringList out;
        const long long perNode = server.gpuCount();
        const long long publishedGpus = row.gpus;
        if (publishedGpus != nodes * perNode)
            out << QStringLiteral("%1, %2-SU row: the published table contradicts itself: %3 GPUs as published, but "
                                  "%4 nodes x %5 GPUs = %6 (its cable columns agree with %6); this design has %7 GPUs")
                       .arg(source)
                       .arg(units)
                       .arg(number(publishedGpus), number(nodes))
                       .arg(perNode)
                       .arg(number(nodes * perNode), number(built.gpus));
        struct Column {
            std::optional<int> published;
            const char* what;
            int built;
        };
        const Column columns[] = {{row.leaf, "leaf switches", built.leaves},
            {row.spine, "spine switches", built.spines}, {row.nodeLeaf, "node-leaf cables", built.nodeLeafLinks},
            {row.leafSpine, "leaf-spine cables", built.leafSpineLinks}};
        QStringList same;
        QStringList differ;
        for (const Column& c : columns) {
            if (!c.published)
                continue;
            const int published = *c.published;
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
                       .arg(!table.differences.isEmpty() ? QStringLiteral("; why: ") + table.differences : QString());
        return out;
    }
    return {};
}

} // namespace pw
