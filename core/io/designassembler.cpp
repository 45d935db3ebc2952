#include "io/designassembler.h"

#include "catalog/catalogitemparser.h"
#include "util/errors.h"

#include <cmath>

namespace pw {

namespace {

// Ids index slot tables, so a sparse id set must not make the table huge.
template <typename Id>
void checkId(Id id, size_t count, const char* what)
{
    const std::uint64_t limit = 4ull * count + 1'000'000ull;
    if (!id.isValid() || id.value() > limit)
        throw FormatError(QStringLiteral("%1 id %2 is out of range").arg(QLatin1String(what)).arg(id.value()));
}

bool finite(double v)
{
    return std::isfinite(v) && std::abs(v) < 1e12;
}

} // namespace

Design DesignAssembler::assemble(DesignRecords r)
{
    if (r.nodes.size() > kMaxNodes || r.links.size() > kMaxLinks || r.groups.size() > kMaxGroups)
        throw FormatError(QStringLiteral("the design is larger than Podwright supports (%1 nodes, %2 links, %3 groups)")
                              .arg(r.nodes.size())
                              .arg(r.links.size())
                              .arg(r.groups.size()));
    Design d;
    d.setName(r.name);
    d.setProperties(r.properties);
    for (const QJsonObject& json : r.items) {
        auto parsed = CatalogItemParser::parse(json);
        if (auto* err = std::get_if<QString>(&parsed))
            throw FormatError(QStringLiteral("catalog item %1 stored in the design is invalid: %2")
                                  .arg(json.value(QLatin1String("sku")).toString(), *err));
        const CatalogItem& item = std::get<CatalogItem>(parsed);
        if (d.item(item.sku))
            throw FormatError(QStringLiteral("catalog item %1 is stored twice").arg(item.sku));
        d.recordItem(item);
    }
    d.reserve(r.nodes.size(), r.links.size());

    for (const Group& g : r.groups) {
        checkId(g.id, r.groups.size(), "group");
        if (d.group(g.id))
            throw FormatError(QStringLiteral("group id %1 is used twice").arg(g.id.value()));
        if (!finite(g.powerBudgetKw) || g.powerBudgetKw < 0)
            throw FormatError(QStringLiteral("group %1 has an invalid power budget").arg(g.id.value()));
        d.insertGroup(g);
    }
    for (const Group& g : r.groups) {
        if (!g.parent.isValid())
            continue;
        const Group* parent = d.group(g.parent);
        if (!parent || parent->kind != GroupKind::Pod || g.parent == g.id)
            throw FormatError(QStringLiteral("group %1 names parent %2, which is not a pod of this design")
                                  .arg(g.id.value())
                                  .arg(g.parent.value()));
    }

    for (Node& n : r.nodes) {
        checkId(n.id, r.nodes.size(), "node");
        if (d.node(n.id))
            throw FormatError(QStringLiteral("node id %1 is used twice").arg(n.id.value()));
        if (!d.item(n.sku))
            throw FormatError(
                QStringLiteral("node %1 uses %2, which is not in the design's catalog").arg(n.id.value()).arg(n.sku));
        if (!finite(n.position.x()) || !finite(n.position.y()))
            throw FormatError(QStringLiteral("node %1 has an invalid position").arg(n.id.value()));
        if (n.rack.isValid() && (!d.group(n.rack) || d.group(n.rack)->kind != GroupKind::Rack))
            throw FormatError(
                QStringLiteral("node %1 names rack %2, which does not exist").arg(n.id.value()).arg(n.rack.value()));
        if (n.unit.isValid() && (!d.group(n.unit) || d.group(n.unit)->kind == GroupKind::Rack))
            throw FormatError(
                QStringLiteral("node %1 names unit %2, which does not exist").arg(n.id.value()).arg(n.unit.value()));
        if (n.rackUnit < -1 || n.rackUnit > 60 || n.rail < -1 || n.rail > 4096)
            throw FormatError(QStringLiteral("node %1 has an invalid rack unit or rail").arg(n.id.value()));
        if (n.priceOverride && (!finite(*n.priceOverride) || *n.priceOverride < 0))
            throw FormatError(QStringLiteral("node %1 has an invalid price override").arg(n.id.value()));
        d.insertNode(std::move(n));
    }

    for (Link& l : r.links) {
        checkId(l.id, r.links.size(), "link");
        if (d.link(l.id))
            throw FormatError(QStringLiteral("link id %1 is used twice").arg(l.id.value()));
        if (!d.node(l.a.node) || !d.node(l.b.node))
            throw FormatError(QStringLiteral("link %1 names a node that does not exist").arg(l.id.value()));
        if (l.a.index < 0 || l.a.index >= d.portCount(l.a.node) || l.b.index < 0 || l.b.index >= d.portCount(l.b.node))
            throw FormatError(QStringLiteral("link %1 names a port that does not exist").arg(l.id.value()));
        if (auto why = d.whyCannotConnect(l.a, l.b))
            throw FormatError(QStringLiteral("link %1 is invalid: %2").arg(l.id.value()).arg(*why));
        if (!finite(l.lengthM) || l.lengthM < 0)
            throw FormatError(QStringLiteral("link %1 has an invalid length").arg(l.id.value()));
        for (const QString& sku : {l.cableSku, l.transceiverSku})
            if (!sku.isEmpty() && !d.item(sku))
                throw FormatError(
                    QStringLiteral("link %1 uses %2, which is not in the design's catalog").arg(l.id.value()).arg(sku));
        d.insertLink(std::move(l));
    }
    return d;
}

} // namespace pw
