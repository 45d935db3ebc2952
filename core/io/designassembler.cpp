#include "io/designassembler.h"

#include "catalog/catalogitemparser.h"
#include "floor/floorlayout.h"
#include "util/errors.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
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

// A lone surrogate (JSON's "\ud800") is not text: it cannot be written as UTF-8, so a save would
// change it silently. Refused with the place it was found.
void checkText(QStringView text, const QString& what)
{
    if (!text.isValidUtf16())
        throw FormatError(QStringLiteral("%1 is not valid Unicode text (it holds a lone UTF-16 surrogate); Podwright "
                                         "refuses it rather than change it silently")
                              .arg(what));
}

void checkJsonText(const QJsonValue& v, const QString& what)
{
    if (v.isString())
        checkText(v.toString(), what);
    else if (v.isArray())
        for (const QJsonValue& e : v.toArray())
            checkJsonText(e, what);
    else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            checkText(it.key(), what);
            checkJsonText(it.value(), what);
        }
    }
}

void checkName(const QString& name, const QString& what)
{
    checkText(name, what);
    if (name.size() > DesignAssembler::kMaxNameLength)
        throw FormatError(QStringLiteral("%1 is %2 characters long; names are limited to %3")
                              .arg(what)
                              .arg(name.size())
                              .arg(DesignAssembler::kMaxNameLength));
}

// A reference to a catalog item must name an item of the design's snapshot of the right kind: a
// server named as a cable would otherwise be costed as one with no finding. `entity` and `id` name
// the referrer ("link", 7) in the message, which is only built for a refusal (a 100,000-GPU design
// makes 700,000 references).
const CatalogItem* checkReference(const Design& d, const QString& sku, std::initializer_list<ItemKind> kinds,
    const char* entity, quint32 id, const char* role)
{
    const CatalogItem* item = d.item(sku);
    auto who = [&] { return QStringLiteral("%1 %2").arg(QLatin1String(entity)).arg(id); };
    if (!item)
        throw FormatError(QStringLiteral("%1 uses %2, which is not in the design's catalog").arg(who(), sku));
    if (std::find(kinds.begin(), kinds.end(), item->kind) == kinds.end())
        throw FormatError(QStringLiteral("%1 uses %2 as a %3, but %2 is a %4")
                              .arg(who(), sku, QLatin1String(role), toString(item->kind)));
    return item;
}

// The last sku a link named in one role that passed checkReference: millions of links share a
// handful of skus (one shared string each, io/sqlitestatement.h's TextCache), so a link naming the
// same string again needs no second look-up.
class CheckedSku {
public:
    CheckedSku(ItemKind kind, const char* role) : mKind(kind), mRole(role) {}
    void check(const Design& d, const QString& sku, quint32 linkId)
    {
        // The same characters in the same memory (which mLast keeps alive): the same sku.
        if (sku.isEmpty() || (sku.constData() == mLast.constData() && sku.size() == mLast.size()))
            return;
        checkReference(d, sku, {mKind}, "link", linkId, mRole);
        mLast = sku;
    }

private:
    ItemKind mKind;
    const char* mRole;
    QString mLast;
};

} // namespace

QString outOfMemoryWhileLoading(const QString& path, const std::exception& e)
{
    return QStringLiteral("out of memory while loading %1: the design needs more memory than this computer "
                          "gives Podwright (%2)")
        .arg(path, QString::fromLocal8Bit(e.what()));
}

Design DesignAssembler::assemble(DesignRecords r)
{
    if (r.nodes.size() > kMaxNodes || r.links.size() > kMaxLinks || r.groups.size() > kMaxGroups)
        throw FormatError(QStringLiteral("the design is larger than Podwright supports (%1 nodes, %2 links, %3 groups)")
                              .arg(r.nodes.size())
                              .arg(r.links.size())
                              .arg(r.groups.size()));
    if (r.items.size() > kMaxItems)
        throw FormatError(QStringLiteral("the design carries %1 catalog items; at most %2 are supported")
                              .arg(r.items.size())
                              .arg(kMaxItems));
    checkName(r.name, QStringLiteral("the design name"));
    // Format 1 kept the floor plan in the properties; it is bounded with the other records, not
    // with the properties.
    if (r.properties.contains(QLatin1String(FloorLayout::kKey))) {
        if (r.floor)
            throw FormatError(QStringLiteral("the floor plan is damaged: it is stored twice (in the properties and "
                                             "on its own)"));
        r.floor = r.properties.take(QLatin1String(FloorLayout::kKey));
    }
    if (const qsizetype bytes = QJsonDocument(r.properties).toJson(QJsonDocument::Compact).size();
        bytes > kMaxPropertiesBytes)
        throw FormatError(QStringLiteral("the design properties take %1 bytes; at most %2 are supported")
                              .arg(bytes)
                              .arg(kMaxPropertiesBytes));
    checkJsonText(r.properties, QStringLiteral("the design properties"));
    Design d;
    d.setName(r.name);
    d.setProperties(r.properties);
    for (const QJsonObject& json : r.items) {
        if (const qsizetype bytes = QJsonDocument(json).toJson(QJsonDocument::Compact).size(); bytes > kMaxItemBytes)
            throw FormatError(QStringLiteral("catalog item %1 stored in the design takes %2 bytes; at most %3 are "
                                             "supported")
                                  .arg(json.value(QLatin1String("sku")).toString().left(kMaxSkuLength))
                                  .arg(bytes)
                                  .arg(kMaxItemBytes));
        checkJsonText(json,
            QStringLiteral("catalog item %1 stored in the design")
                .arg(json.value(QLatin1String("sku")).toString().left(kMaxSkuLength)));
        auto parsed = CatalogItemParser::parse(json);
        if (auto* err = std::get_if<QString>(&parsed))
            throw FormatError(QStringLiteral("catalog item %1 stored in the design is invalid: %2")
                                  .arg(json.value(QLatin1String("sku")).toString(), *err));
        const CatalogItem& item = std::get<CatalogItem>(parsed);
        if (d.item(item.sku))
            throw FormatError(QStringLiteral("catalog item %1 is stored twice").arg(item.sku));
        d.recordItem(item);
    }
    // Every node allocates its ports on insert: bound the total before anything is allocated.
    qint64 ports = 0;
    for (const Node& n : r.nodes) {
        const CatalogItem* item = d.item(n.sku);
        ports += item ? item->portCount() : 0;
        if (ports > kMaxPorts)
            throw FormatError(QStringLiteral("the design's nodes have more than %1 ports together; Podwright supports "
                                             "at most %1")
                                  .arg(kMaxPorts));
    }
    d.reserve(r.nodes.size(), r.links.size());

    for (const Group& g : r.groups) {
        checkId(g.id, r.groups.size(), "group");
        checkName(g.name, QStringLiteral("the name of group %1").arg(g.id.value()));
        if (!g.sku.isEmpty())
            checkReference(d, g.sku, {ItemKind::Rack}, "group", g.id.value(), "rack");
        if (d.group(g.id))
            throw FormatError(QStringLiteral("group id %1 is used twice").arg(g.id.value()));
        if (!finite(g.powerBudgetKw) || g.powerBudgetKw < 0)
            throw FormatError(QStringLiteral("group %1 has an invalid power budget").arg(g.id.value()));
        d.insertGroup(g);
    }
    // Only a scalable unit sits inside a pod, and a pod sits in nothing: parent chains are one step
    // long, so they cannot form a cycle (two pods that were each other's parent hung the studio).
    for (const Group& g : r.groups) {
        if (!g.parent.isValid())
            continue;
        if (g.kind != GroupKind::ScalableUnit)
            throw FormatError(QStringLiteral("group %1 is a %2 with parent %3; only a scalable unit can sit inside "
                                             "a pod (parent chains must be acyclic)")
                                  .arg(g.id.value())
                                  .arg(toString(g.kind))
                                  .arg(g.parent.value()));
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
        checkName(n.name, QStringLiteral("the name of node %1").arg(n.id.value()));
        checkReference(d, n.sku,
            {ItemKind::Server, ItemKind::Switch, ItemKind::Storage, ItemKind::Pdu, ItemKind::Appliance}, "node",
            n.id.value(), "node");
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

    CheckedSku cable(ItemKind::Cable, "cable");
    CheckedSku transceiver(ItemKind::Transceiver, "transceiver");
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
        cable.check(d, l.cableSku, l.id.value());
        transceiver.check(d, l.transceiverSku, l.id.value());
        d.insertLink(std::move(l));
    }
    // The floor plan (racks' rows and positions) is checked against the racks just read; a file
    // without one (format 1 before floor plans) loads without it and gets one when regenerated.
    if (r.floor) {
        QString why;
        std::optional<FloorLayout> floor;
        // Both formats are held to the same rules: hall figures present (a .podwright file refuses
        // rows or racks without meta floor_hall) and no place for a rack the design does not have.
        if (r.floor->isObject() && !r.floor->toObject().value(QLatin1String("hall")).isObject())
            throw FormatError(QStringLiteral("the floor plan is damaged: it has no hall figures (\"hall\")"));
        if (!r.floor->isObject()
            || !(floor = FloorLayout::fromJson(r.floor->toObject(), d, &why, FloorLayout::MissingRacks::Refuse)))
            throw FormatError(why.isEmpty() ? QStringLiteral("the floor plan is damaged: it is not an object") : why);
        checkJsonText(r.floor->toObject(), QStringLiteral("the floor plan"));
        // Kept as read.
        d.setProperties(floor->storedIn(d.properties()));
    }
    return d;
}

} // namespace pw
