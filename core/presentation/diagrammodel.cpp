#include "presentation/diagrammodel.h"

#include "model/design.h"

#include <map>
#include <tuple>

namespace pw {

namespace {

DiagramModel::Kind kindOf(const CatalogItem* it)
{
    if (!it)
        return DiagramModel::Kind::Other;
    switch (it->kind) {
    case ItemKind::Server:
        return DiagramModel::Kind::Server;
    case ItemKind::Switch:
        return DiagramModel::Kind::Switch;
    case ItemKind::Storage:
        return DiagramModel::Kind::Storage;
    case ItemKind::Appliance:
        return DiagramModel::Kind::Appliance;
    default:
        return DiagramModel::Kind::Other;
    }
}

QString modelName(const CatalogItem* it, const QString& sku)
{
    return it && !it->model.isEmpty() ? it->model : sku;
}

} // namespace

QString DiagramModel::rowTitle(Row row)
{
    switch (row) {
    case Row::Core:
        return QStringLiteral("Core");
    case Row::Spine:
        return QStringLiteral("Spine");
    case Row::Leaf:
        return QStringLiteral("Leaf");
    case Row::Servers:
        return QStringLiteral("Servers");
    case Row::ServiceSwitches:
        return QStringLiteral("Storage and management switches");
    case Row::Storage:
        return QStringLiteral("Storage and appliances");
    }
    return {};
}

DiagramModel DiagramModel::of(const Design& d, int aggregateAbove)
{
    DiagramModel m;
    m.nodes = static_cast<int>(d.nodes().size());
    m.links = static_cast<int>(d.links().size());
    m.aggregated = m.nodes > aggregateAbove;

    // Which compute switches face servers (leaves) when the design leaves the tier unset.
    std::map<NodeId, bool> facesServer;
    d.links().forEach([&](const Link& l) {
        const CatalogItem* a = d.itemOf(l.a.node);
        const CatalogItem* b = d.itemOf(l.b.node);
        if (a && b && a->kind == ItemKind::Switch && b->kind == ItemKind::Server)
            facesServer[l.a.node] = true;
        if (a && b && b->kind == ItemKind::Switch && a->kind == ItemKind::Server)
            facesServer[l.b.node] = true;
    });

    // key: row, network, kind, sku-or-empty, group or node id
    using Key = std::tuple<int, int, int, QString, quint64>;
    std::map<Key, int> boxOf;
    std::vector<int> nodeBox(d.nodes().slotCount() + 1, -1);
    std::map<int, std::map<QString, int>> models; // box -> model -> count

    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* it = d.item(n.sku);
        const Kind kind = kindOf(it);
        Row row = Row::Storage;
        if (kind == Kind::Switch) {
            if (n.network == Network::Compute) {
                FabricTier t = n.tier;
                if (t == FabricTier::None)
                    t = facesServer.count(n.id) ? FabricTier::Leaf : FabricTier::Spine;
                row = t == FabricTier::Core ? Row::Core : t == FabricTier::Spine ? Row::Spine : Row::Leaf;
            } else {
                row = Row::ServiceSwitches;
            }
        } else if (kind == Kind::Server) {
            row = Row::Servers;
        }
        Key key{static_cast<int>(row), static_cast<int>(n.network), static_cast<int>(kind), QString(), n.id.value()};
        QString label = n.name;
        int unitOf = 0;
        if (m.aggregated) {
            if (row == Row::Servers || row == Row::Leaf) {
                const Group* g = n.unit.isValid() ? d.group(n.unit) : n.rack.isValid() ? d.group(n.rack) : nullptr;
                key = Key{static_cast<int>(row), static_cast<int>(n.network), static_cast<int>(kind), QString(),
                    g ? (quint64(1) << 40) + g->id.value() : 0};
                label = g ? g->name : QStringLiteral("Unassigned");
                unitOf = g && g->kind != GroupKind::Rack ? static_cast<int>(g->id.value()) : 0;
                if (row == Row::Leaf)
                    label += QStringLiteral(" leaves");
            } else if (row == Row::ServiceSwitches) {
                key = Key{static_cast<int>(row), static_cast<int>(n.network), static_cast<int>(kind), QString(), 0};
                label = n.network == Network::InBand  ? QStringLiteral("In-band switches")
                    : n.network == Network::OutOfBand ? QStringLiteral("Out-of-band switches")
                    : n.network == Network::Storage   ? QStringLiteral("Storage switches")
                                                      : QStringLiteral("Other switches");
            } else {
                key = Key{static_cast<int>(row), static_cast<int>(n.network), static_cast<int>(kind), n.sku, 0};
                label = row == Row::Spine ? QStringLiteral("Spine switches")
                    : row == Row::Core    ? QStringLiteral("Core switches")
                                          : modelName(it, n.sku);
            }
        }
        auto [pos, fresh] = boxOf.emplace(key, static_cast<int>(m.boxes.size()));
        if (fresh) {
            Box b;
            b.row = row;
            b.kind = kind;
            b.network = kind == Kind::Switch ? n.network : Network::None;
            b.label = label;
            b.unit = unitOf;
            m.boxes.push_back(b);
        }
        Box& b = m.boxes[static_cast<size_t>(pos->second)];
        b.count += 1;
        b.gpus += it ? it->gpuCount() : 0;
        models[pos->second][modelName(it, n.sku)] += 1;
        nodeBox[n.id.value()] = pos->second;
    });
    for (auto& [box, byModel] : models) {
        QStringList parts;
        for (const auto& [model, count] : byModel)
            parts << (m.aggregated || count > 1 ? QStringLiteral("%1 x %2").arg(count).arg(model) : model);
        m.boxes[static_cast<size_t>(box)].detail = parts.join(QStringLiteral(", "));
    }

    std::map<std::tuple<int, int, int>, int> bundleOf;
    d.links().forEach([&](const Link& l) {
        int a = nodeBox[l.a.node.value()];
        int b = nodeBox[l.b.node.value()];
        if (a < 0 || b < 0 || a == b)
            return;
        if (m.boxes[static_cast<size_t>(a)].row > m.boxes[static_cast<size_t>(b)].row
            || (m.boxes[static_cast<size_t>(a)].row == m.boxes[static_cast<size_t>(b)].row && a > b))
            std::swap(a, b);
        const Network net = d.linkNetwork(l);
        auto [pos, fresh]
            = bundleOf.emplace(std::make_tuple(a, b, static_cast<int>(net)), static_cast<int>(m.bundles.size()));
        if (fresh)
            m.bundles.push_back(Bundle{a, b, 0, 0, net});
        m.boxes[static_cast<size_t>(a)].links += 1;
        m.boxes[static_cast<size_t>(b)].links += 1;
        Bundle& bu = m.bundles[static_cast<size_t>(pos->second)];
        bu.links += 1;
        bu.gbps += d.linkSpeedGbps(l);
    });
    return m;
}

} // namespace pw
