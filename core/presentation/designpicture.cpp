#include "presentation/designpicture.h"

#include "model/design.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace pw {

// A rack "A-01" reads "Rack A-01"; a name that already starts with its kind ("Rack 7") keeps it.
QString DesignPicture::groupTitle(const Group& g)
{
    const QString kind = g.kind == GroupKind::Rack ? QStringLiteral("Rack")
        : g.kind == GroupKind::Pod                 ? QStringLiteral("Pod")
                                                   : QStringLiteral("SU");
    return g.name.startsWith(kind, Qt::CaseInsensitive) ? g.name : QStringLiteral("%1 %2").arg(kind, g.name);
}

QSizeF DesignPicture::nodeSize(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Server:
        return {170, 60};
    case ItemKind::Switch:
        return {170, 46};
    case ItemKind::Storage:
        return {170, 60};
    case ItemKind::Pdu:
        return {130, 40};
    default:
        return {160, 46};
    }
}

std::unordered_set<GroupId> DesignPicture::framedRacks(const Design& d)
{
    std::unordered_map<GroupId, QRectF> outline;
    struct Centre {
        QPointF at;
        GroupId rack;
    };
    std::vector<Centre> centres;
    centres.reserve(d.nodes().size());
    d.nodes().forEach([&](const Node& n) {
        centres.push_back({n.position, n.rack});
        if (!n.rack.isValid())
            return;
        const CatalogItem* it = d.item(n.sku);
        const QSizeF s = nodeSize(it ? it->kind : ItemKind::Appliance);
        const QRectF box(n.position.x() - s.width() / 2, n.position.y() - s.height() / 2, s.width(), s.height());
        auto [found, fresh] = outline.try_emplace(n.rack, box);
        if (!fresh)
            found->second = found->second.united(box);
    });
    // Centres by x: each outline looks only at the nodes in its columns.
    std::sort(centres.begin(), centres.end(), [](const Centre& a, const Centre& b) { return a.at.x() < b.at.x(); });
    std::unordered_set<GroupId> framed;
    for (const auto& [rack, rect] : outline) {
        auto it = std::lower_bound(
            centres.begin(), centres.end(), rect.left(), [](const Centre& c, double x) { return c.at.x() < x; });
        bool alone = true;
        for (; alone && it != centres.end() && it->at.x() <= rect.right(); ++it)
            alone = it->rack == rack || !rect.contains(it->at);
        if (alone)
            framed.insert(rack);
    }
    return framed;
}

DesignPicture DesignPicture::of(const Design& d)
{
    DesignPicture pic;
    struct Members {
        QRectF rect;
        int count = 0;
    };
    std::unordered_map<GroupId, Members> groups;
    auto add = [](Members& m, const QRectF& r) {
        m.rect = m.count ? m.rect.united(r) : r;
        ++m.count;
    };
    std::unordered_map<NodeId, QPointF> centres;
    pic.boxes.reserve(d.nodes().size());
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* it = d.item(n.sku);
        const ItemKind kind = it ? it->kind : ItemKind::Appliance;
        const QSizeF s = nodeSize(kind);
        Box b;
        b.node = n.id;
        b.rect = QRectF(n.position.x() - s.width() / 2, n.position.y() - s.height() / 2, s.width(), s.height());
        b.name = n.name;
        b.detail = it ? it->model : n.sku;
        if (it && it->gpuCount() > 0)
            b.detail = QStringLiteral("%1 \u00b7 %2 GPU").arg(b.detail).arg(it->gpuCount());
        b.kind = kind;
        b.network = n.network;
        centres.emplace(n.id, n.position);
        // The unit chain (unit, its pod) and the rack, as the canvas groups them.
        GroupId g = n.unit;
        for (int depth = 0; g.isValid() && depth < 16; ++depth) {
            add(groups[g], b.rect);
            const Group* group = d.group(g);
            g = group ? group->parent : GroupId{};
        }
        if (n.rack.isValid())
            add(groups[n.rack], b.rect);
        pic.bounds = pic.bounds.isNull() ? b.rect : pic.bounds.united(b.rect);
        pic.boxes.push_back(std::move(b));
    });

    const std::unordered_set<GroupId> framed = framedRacks(d);
    d.groups().forEach([&](const Group& g) {
        const auto found = groups.find(g.id);
        if (found == groups.end())
            return;
        const Members& m = found->second;
        if (g.kind == GroupKind::Rack && !framed.count(g.id))
            return;
        const double pad = kGroupPad + (g.kind == GroupKind::Pod ? 14 : g.kind == GroupKind::Rack ? -10 : 0);
        const QRectF r = m.rect.adjusted(-pad, -pad - kGroupTitle, pad, pad);
        pic.outlines.push_back({r, groupTitle(g), g.kind});
        pic.bounds = pic.bounds.united(r);
    });
    std::stable_sort(pic.outlines.begin(), pic.outlines.end(), [](const Outline& a, const Outline& b) {
        auto rank = [](GroupKind k) { return k == GroupKind::Pod ? 0 : k == GroupKind::ScalableUnit ? 1 : 2; };
        return rank(a.kind) < rank(b.kind);
    });

    // One line per pair of nodes and network: parallel links draw as one, with their count.
    std::map<std::tuple<quint64, quint64, int>, size_t> lineOf;
    d.links().forEach([&](const Link& l) {
        quint64 a = l.a.node.value();
        quint64 b = l.b.node.value();
        if (a == b || !centres.count(l.a.node) || !centres.count(l.b.node))
            return;
        const Network net = d.linkNetwork(l);
        const bool swap = a > b;
        if (swap)
            std::swap(a, b);
        const auto [pos, fresh] = lineOf.emplace(std::make_tuple(a, b, static_cast<int>(net)), pic.lines.size());
        if (fresh)
            pic.lines.push_back({centres[swap ? l.b.node : l.a.node], centres[swap ? l.a.node : l.b.node], net, 0});
        pic.lines[pos->second].links += 1;
    });
    if (!pic.bounds.isNull())
        pic.bounds = pic.bounds.adjusted(-20, -20, 20, 20);
    return pic;
}

} // namespace pw
