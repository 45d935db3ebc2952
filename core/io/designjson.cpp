#include "io/designjson.h"

#include "catalog/catalog.h"
#include "floor/floorlayout.h"
#include "io/atomicfile.h"
#include "io/designassembler.h"
#include "model/design.h"
#include "util/errors.h"
#include "util/utf8.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <set>

namespace pw {

namespace {

QJsonArray portJson(PortRef p)
{
    return QJsonArray{static_cast<qint64>(p.node.value()), p.index};
}

// Strict field access: wrong types are errors, not defaults.
class Fields {
public:
    Fields(const QJsonObject& o, QString where) : mO(o), mWhere(std::move(where)) {}

    [[noreturn]] void fail(const QString& what) const { throw FormatError(QStringLiteral("%1: %2").arg(mWhere, what)); }
    QJsonValue get(const char* key, bool required) const
    {
        const QJsonValue v = mO.value(QLatin1String(key));
        if (required && v.isUndefined())
            fail(QStringLiteral("missing '%1'").arg(QLatin1String(key)));
        return v;
    }
    QString string(const char* key, bool required = true) const
    {
        const QJsonValue v = get(key, required);
        if (v.isUndefined() || v.isNull())
            return {};
        if (!v.isString())
            fail(QStringLiteral("'%1' must be a string").arg(QLatin1String(key)));
        return v.toString();
    }
    double number(const char* key, bool required = true, double fallback = 0) const
    {
        const QJsonValue v = get(key, required);
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isDouble())
            fail(QStringLiteral("'%1' must be a number").arg(QLatin1String(key)));
        return v.toDouble();
    }
    std::int64_t integer(const char* key, bool required = true, std::int64_t fallback = 0) const
    {
        const double d = number(key, required, static_cast<double>(fallback));
        if (d != static_cast<double>(static_cast<std::int64_t>(d)) || d < -1 || d > 4e9)
            fail(QStringLiteral("'%1' must be a whole number").arg(QLatin1String(key)));
        return static_cast<std::int64_t>(d);
    }
    template <typename Id>
    Id id(const char* key, bool required = true) const
    {
        const auto v = integer(key, required, 0);
        if (v < 0)
            fail(QStringLiteral("'%1' must be a positive id").arg(QLatin1String(key)));
        return Id(static_cast<std::uint32_t>(v));
    }
    PortRef port(const char* key) const
    {
        const QJsonValue v = get(key, true);
        const QJsonArray a = v.toArray();
        if (!v.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isDouble() || a[0].toDouble() < 1
            || a[0].toDouble() > 4e9 || a[1].toDouble() < 0 || a[1].toDouble() > 1e6)
            fail(QStringLiteral("'%1' must be [node id, port index]").arg(QLatin1String(key)));
        return PortRef{NodeId(static_cast<std::uint32_t>(a[0].toDouble())), static_cast<int>(a[1].toDouble())};
    }

private:
    const QJsonObject& mO;
    QString mWhere;
};

QJsonArray arrayField(const QJsonObject& root, const char* key)
{
    const QJsonValue v = root.value(QLatin1String(key));
    if (v.isUndefined())
        return {};
    if (!v.isArray())
        throw FormatError(QStringLiteral("'%1' must be an array").arg(QLatin1String(key)));
    return v.toArray();
}

QJsonObject objectAt(const QJsonArray& a, qsizetype i, const char* what)
{
    if (!a.at(i).isObject())
        throw FormatError(QStringLiteral("%1 %2 must be an object").arg(QLatin1String(what)).arg(i));
    return a.at(i).toObject();
}

QString tooLarge(qint64 bytes)
{
    return QStringLiteral(
        "%1 bytes is larger than the JSON of the largest design Podwright supports (%2 bytes, %3 GPUs; "
        "util/designlimits.h)")
        .arg(bytes)
        .arg(DesignJson::kMaxFileBytes)
        .arg(limits::kMaxGpus);
}

} // namespace

QJsonObject DesignJson::toJson(const Design& design)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("podwright-design"));
    root.insert(QStringLiteral("version"), kFormatVersion);
    root.insert(QStringLiteral("name"), design.name());
    // The floor plan beside the properties, not in them (format 2): it is as large as the hall.
    QJsonObject properties = design.properties();
    properties.remove(QLatin1String(FloorLayout::kKey));
    const QJsonValue floor = FloorLayout::storedJson(design);
    root.insert(QStringLiteral("properties"), properties);
    if (!floor.isUndefined())
        root.insert(QLatin1String(FloorLayout::kKey), floor);

    QJsonArray items;
    for (const auto& [sku, item] : design.items())
        items.append(item.snapshotJson());
    root.insert(QStringLiteral("catalog"), items);

    QJsonArray nodes;
    design.nodes().forEach([&](const Node& n) {
        QJsonObject o{{QStringLiteral("id"), static_cast<qint64>(n.id.value())}, {QStringLiteral("sku"), n.sku},
            {QStringLiteral("name"), n.name}, {QStringLiteral("x"), n.position.x()},
            {QStringLiteral("y"), n.position.y()}};
        if (n.network != Network::None)
            o.insert(QStringLiteral("network"), toString(n.network));
        if (n.tier != FabricTier::None)
            o.insert(QStringLiteral("tier"), toString(n.tier));
        if (n.rail >= 0)
            o.insert(QStringLiteral("rail"), n.rail);
        if (n.rack.isValid())
            o.insert(QStringLiteral("rack"), static_cast<qint64>(n.rack.value()));
        if (n.rackUnit >= 0)
            o.insert(QStringLiteral("rack_unit"), n.rackUnit);
        if (n.unit.isValid())
            o.insert(QStringLiteral("unit"), static_cast<qint64>(n.unit.value()));
        if (n.priceOverride)
            o.insert(QStringLiteral("price_override"), *n.priceOverride);
        nodes.append(o);
    });
    root.insert(QStringLiteral("nodes"), nodes);

    QJsonArray links;
    design.links().forEach([&](const Link& l) {
        QJsonObject o{{QStringLiteral("id"), static_cast<qint64>(l.id.value())}, {QStringLiteral("a"), portJson(l.a)},
            {QStringLiteral("b"), portJson(l.b)}, {QStringLiteral("length_m"), l.lengthM}};
        if (!l.cableSku.isEmpty())
            o.insert(QStringLiteral("cable"), l.cableSku);
        if (!l.transceiverSku.isEmpty())
            o.insert(QStringLiteral("transceiver"), l.transceiverSku);
        links.append(o);
    });
    root.insert(QStringLiteral("links"), links);

    QJsonArray groups;
    design.groups().forEach([&](const Group& g) {
        QJsonObject o{{QStringLiteral("id"), static_cast<qint64>(g.id.value())},
            {QStringLiteral("kind"), toString(g.kind)}, {QStringLiteral("name"), g.name}};
        if (g.parent.isValid())
            o.insert(QStringLiteral("parent"), static_cast<qint64>(g.parent.value()));
        if (!g.sku.isEmpty())
            o.insert(QStringLiteral("sku"), g.sku);
        if (g.powerBudgetKw > 0)
            o.insert(QStringLiteral("power_budget_kw"), g.powerBudgetKw);
        if (g.liquidCooled)
            o.insert(QStringLiteral("liquid_cooled"), true);
        groups.append(o);
    });
    root.insert(QStringLiteral("groups"), groups);
    return root;
}

QByteArray DesignJson::toBytes(const Design& design)
{
    return QJsonDocument(toJson(design)).toJson(QJsonDocument::Indented);
}

Design DesignJson::fromJson(const QJsonObject& root, const Catalog* fill)
{
    if (root.value(QLatin1String("format")).toString() != QLatin1String("podwright-design"))
        throw FormatError(QStringLiteral("not a Podwright design (expected \"format\": \"podwright-design\")"));
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!version.isDouble())
        throw FormatError(QStringLiteral("'version' must be a number"));
    // As a double: toInt() would turn 1e10 into 0 and report the wrong version.
    const double v = version.toDouble();
    const QString shown = QString::number(v, 'g', 12);
    if (v > kFormatVersion)
        throw NewerFormatError(QStringLiteral("this design uses JSON format version %1, newer than this Podwright "
                                              "reads (%2); update Podwright to open it")
                                   .arg(shown)
                                   .arg(kFormatVersion));
    if (!(v >= 1) || v != static_cast<int>(v))
        throw FormatError(QStringLiteral("unknown JSON format version %1").arg(shown));

    DesignRecords r;
    const Fields top(root, QStringLiteral("design"));
    r.name = top.string("name", false);
    const QJsonValue props = root.value(QLatin1String("properties"));
    if (!props.isUndefined() && !props.isObject())
        throw FormatError(QStringLiteral("'properties' must be an object"));
    r.properties = props.toObject();
    if (const QJsonValue floor = root.value(QLatin1String(FloorLayout::kKey)); !floor.isUndefined())
        r.floor = floor;

    const QJsonArray items = arrayField(root, "catalog");
    for (qsizetype i = 0; i < items.size(); ++i)
        r.items.push_back(objectAt(items, i, "catalog item"));

    const QJsonArray nodes = arrayField(root, "nodes");
    r.nodes.reserve(static_cast<size_t>(nodes.size()));
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QJsonObject o = objectAt(nodes, i, "node");
        const Fields f(o, QStringLiteral("node %1").arg(i));
        Node n;
        n.id = f.id<NodeId>("id");
        n.sku = f.string("sku");
        n.name = f.string("name", false);
        n.position = QPointF(f.number("x", false), f.number("y", false));
        const QString network = f.string("network", false);
        const auto net = network.isEmpty() ? std::optional(Network::None) : networkFromString(network);
        if (!net)
            f.fail(QStringLiteral("unknown network '%1'").arg(network));
        n.network = *net;
        const QString tier = f.string("tier", false);
        const auto t = tier.isEmpty() ? std::optional(FabricTier::None) : fabricTierFromString(tier);
        if (!t)
            f.fail(QStringLiteral("unknown tier '%1'").arg(tier));
        n.tier = *t;
        n.rail = static_cast<int>(f.integer("rail", false, -1));
        n.rack = f.id<GroupId>("rack", false);
        n.rackUnit = static_cast<int>(f.integer("rack_unit", false, -1));
        n.unit = f.id<GroupId>("unit", false);
        if (o.contains(QLatin1String("price_override")))
            n.priceOverride = f.number("price_override");
        r.nodes.push_back(std::move(n));
    }

    const QJsonArray links = arrayField(root, "links");
    r.links.reserve(static_cast<size_t>(links.size()));
    for (qsizetype i = 0; i < links.size(); ++i) {
        const QJsonObject o = objectAt(links, i, "link");
        const Fields f(o, QStringLiteral("link %1").arg(i));
        Link l;
        l.id = f.id<LinkId>("id");
        l.a = f.port("a");
        l.b = f.port("b");
        l.cableSku = f.string("cable", false);
        l.transceiverSku = f.string("transceiver", false);
        l.lengthM = f.number("length_m", false);
        r.links.push_back(std::move(l));
    }

    const QJsonArray groups = arrayField(root, "groups");
    for (qsizetype i = 0; i < groups.size(); ++i) {
        const QJsonObject o = objectAt(groups, i, "group");
        const Fields f(o, QStringLiteral("group %1").arg(i));
        Group g;
        g.id = f.id<GroupId>("id");
        const auto kind = groupKindFromString(f.string("kind"));
        if (!kind)
            f.fail(QStringLiteral("unknown group kind '%1'").arg(o.value(QLatin1String("kind")).toString()));
        g.kind = *kind;
        g.name = f.string("name", false);
        g.parent = f.id<GroupId>("parent", false);
        g.sku = f.string("sku", false);
        g.powerBudgetKw = f.number("power_budget_kw", false);
        const QJsonValue liquid = o.value(QLatin1String("liquid_cooled"));
        if (!liquid.isUndefined() && !liquid.isBool())
            f.fail(QStringLiteral("'liquid_cooled' must be true or false"));
        g.liquidCooled = liquid.toBool();
        r.groups.push_back(std::move(g));
    }
    if (fill) {
        std::set<QString> carried;
        for (const QJsonObject& item : r.items)
            carried.insert(item.value(QLatin1String("sku")).toString());
        auto need = [&](const QString& sku) {
            if (sku.isEmpty() || carried.count(sku))
                return;
            if (const CatalogItem* item = fill->item(sku)) {
                r.items.push_back(item->snapshotJson());
                carried.insert(sku);
            }
        };
        for (const Node& n : r.nodes)
            need(n.sku);
        for (const Link& l : r.links) {
            need(l.cableSku);
            need(l.transceiverSku);
        }
        for (const Group& g : r.groups)
            need(g.sku);
    }
    return DesignAssembler::assemble(std::move(r));
}

Design DesignJson::fromBytes(const QByteArray& bytes, const Catalog* fill)
{
    if (bytes.size() > kMaxFileBytes)
        throw FormatError(tooLarge(bytes.size()));
    // Qt's parser would keep some invalid bytes as U+FFFD: the bytes are checked first, and a
    // damaged name is refused rather than saved changed (docs/file-format.md).
    if (const qsizetype bad = utf8::firstInvalid(bytes); bad >= 0)
        throw FormatError(QStringLiteral("not valid UTF-8 text at byte %1 (a damaged or hand-edited file); Podwright "
                                         "refuses it rather than change it silently")
                              .arg(bad));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (doc.isNull())
        throw FormatError(QStringLiteral("not valid JSON (offset %1: %2)").arg(error.offset).arg(error.errorString()));
    if (!doc.isObject())
        throw FormatError(QStringLiteral("a design must be a JSON object"));
    return fromJson(doc.object(), fill);
}

Design DesignJson::readFile(const QString& path, const Catalog* fill)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError(QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
    // From the file's size before anything is read, and again while reading: a pipe has no size.
    if (f.size() > kMaxFileBytes)
        throw FormatError(QStringLiteral("%1: %2").arg(path, tooLarge(f.size())));
    try {
        QByteArray bytes;
        if (!f.isSequential()) {
            bytes = f.readAll();
        } else {
            for (QByteArray chunk = f.read(1 << 20); !chunk.isEmpty(); chunk = f.read(1 << 20)) {
                bytes += chunk;
                if (bytes.size() > kMaxFileBytes)
                    break;
            }
        }
        if (bytes.size() > kMaxFileBytes)
            throw FormatError(tooLarge(bytes.size()));
        return fromBytes(bytes, fill);
    } catch (const std::bad_alloc& e) {
        throw Error(outOfMemoryWhileLoading(path, e));
    } catch (const NewerFormatError& e) {
        throw NewerFormatError(QStringLiteral("%1: %2").arg(path, e.message()));
    } catch (const FormatError& e) {
        throw FormatError(QStringLiteral("%1: %2").arg(path, e.message()));
    }
}

void DesignJson::writeFile(const Design& design, const QString& path)
{
    AtomicFile::writeBytes(path, toBytes(design));
}

} // namespace pw
