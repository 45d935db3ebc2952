#include "generate/designlayout.h"

#include "model/design.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <unordered_map>

namespace pw {

namespace {

constexpr double kPad = 40; // inside a group's block, around its members
constexpr double kTitle = 40; // above a group's members: room for its title
constexpr double kBandGap = 70; // between the bands of a block
constexpr double kCellGap = 60; // between the blocks of a grid
constexpr double kRackTitle = 30; // above a rack column: room for the rack's name
constexpr int kMaxRackColumn = 16; // taller racks are laid out as rows
constexpr int kNaturalColumns = 16; // a band of switches wraps after this many
constexpr int kMaxDepth = 8; // pods hold units; deeper nesting is a damaged file

using Band = DesignLayout::Band;

// A laid-out piece: placements relative to its top-left corner.
struct Block {
    std::vector<DesignLayout::Placement> placements;
    double width = 0;
    double height = 0;

    void add(const Block& child, QPointF at)
    {
        for (const DesignLayout::Placement& p : child.placements)
            placements.push_back({p.node, p.position + at});
    }
};

// Nodes in rows of as many as fit the width.
Block rowBand(const std::vector<const Node*>& nodes, double width)
{
    Block b;
    const size_t columns = std::max<size_t>(1, static_cast<size_t>(width / DesignLayout::kColumnPitch));
    for (size_t i = 0; i < nodes.size(); ++i)
        b.placements.push_back({nodes[i]->id,
            QPointF((static_cast<double>(i % columns) + 0.5) * DesignLayout::kColumnPitch,
                (static_cast<double>(i / columns) + 0.5) * DesignLayout::kRowPitch)});
    const size_t rows = (nodes.size() + columns - 1) / columns;
    b.width = static_cast<double>(std::min(nodes.size(), columns)) * DesignLayout::kColumnPitch;
    b.height = static_cast<double>(rows) * DesignLayout::kRowPitch;
    return b;
}

// Racked nodes: one column per rack, top of the rack first, so a rack reads as a rack; nodes
// without a rack, or racks too tall for a column, fall back to rows.
Block rackBand(const std::vector<const Node*>& nodes, double width)
{
    std::vector<GroupId> order;
    std::unordered_map<GroupId, std::vector<const Node*>> racks;
    for (const Node* n : nodes) {
        if (!n->rack.isValid())
            return rowBand(nodes, width);
        auto [it, fresh] = racks.try_emplace(n->rack);
        if (fresh)
            order.push_back(n->rack);
        it->second.push_back(n);
        if (it->second.size() > size_t(kMaxRackColumn))
            return rowBand(nodes, width);
    }
    size_t tallest = 0;
    for (auto& [rack, members] : racks) {
        std::stable_sort(
            members.begin(), members.end(), [](const Node* a, const Node* b) { return a->rackUnit > b->rackUnit; });
        tallest = std::max(tallest, members.size());
    }
    Block b;
    const size_t perLine = std::max<size_t>(1, static_cast<size_t>(width / DesignLayout::kRackPitch));
    const double lineHeight = kRackTitle + static_cast<double>(tallest) * DesignLayout::kRowPitch;
    for (size_t c = 0; c < order.size(); ++c) {
        const double x = (static_cast<double>(c % perLine) + 0.5) * DesignLayout::kRackPitch;
        const double y0 = static_cast<double>(c / perLine) * (lineHeight + kBandGap / 2) + kRackTitle;
        const auto& members = racks[order[c]];
        for (size_t i = 0; i < members.size(); ++i)
            b.placements.push_back(
                {members[i]->id, QPointF(x, y0 + (static_cast<double>(i) + 0.5) * DesignLayout::kRowPitch)});
    }
    const size_t lines = (order.size() + perLine - 1) / perLine;
    b.width = static_cast<double>(std::min(order.size(), perLine)) * DesignLayout::kRackPitch;
    b.height = static_cast<double>(lines) * lineHeight + static_cast<double>(lines - 1) * kBandGap / 2;
    return b;
}

class Layouter {
public:
    explicit Layouter(const Design& d) : mDesign(d)
    {
        d.groups().forEach([&](const Group& g) {
            if (g.kind == GroupKind::Rack)
                return;
            const Group* parent = d.group(g.parent);
            const bool nested = parent && parent->kind != GroupKind::Rack && g.parent != g.id;
            mChildren[nested ? g.parent : GroupId()].push_back(g.id);
        });
        d.nodes().forEach([&](const Node& n) {
            const Group* unit = d.group(n.unit);
            const bool grouped = unit && unit->kind != GroupKind::Rack;
            mOwn[grouped ? n.unit : GroupId()].push_back(&n);
        });
    }

    // The block of a group (or of the whole design for an invalid id).
    Block block(GroupId g, int depth)
    {
        const bool top = !g.isValid();
        std::array<std::vector<const Node*>, size_t(Band::Count)> bands;
        for (const Node* n : mOwn[g])
            bands[size_t(DesignLayout::bandOf(*n, mDesign.itemOf(n->id)))].push_back(n);

        std::vector<Block> children;
        if (depth < kMaxDepth)
            for (GroupId c : mChildren[g])
                children.push_back(block(c, depth + 1));
        const Block grid = childGrid(children);

        // Wide enough for the grid, a band of switches, a row of racks, or a squarish field of hosts.
        size_t own = 0;
        size_t widestSwitchBand = 0;
        for (Band s : {Band::Core, Band::Spine, Band::Leaf})
            widestSwitchBand = std::max(widestSwitchBand, bands[size_t(s)].size());
        for (const auto& band : bands)
            own += band.size();
        std::unordered_map<GroupId, int> racks;
        for (const Node* n : bands[size_t(Band::Hosts)])
            if (n->rack.isValid())
                ++racks[n->rack];
        const double square = std::ceil(std::sqrt(static_cast<double>(own) * DesignLayout::kAspect
                                  * DesignLayout::kRowPitch / DesignLayout::kColumnPitch))
            * DesignLayout::kColumnPitch;
        const double width = std::max({grid.width,
            static_cast<double>(std::min<size_t>(widestSwitchBand, kNaturalColumns)) * DesignLayout::kColumnPitch,
            static_cast<double>(std::min<size_t>(racks.size(), kNaturalColumns)) * DesignLayout::kRackPitch, square,
            DesignLayout::kColumnPitch});

        Block b;
        const double x0 = top ? 0 : kPad;
        double y = top ? 0 : kPad + kTitle;
        bool first = true;
        for (size_t k = 0; k < size_t(Band::Count); ++k) {
            const Band band = Band(k);
            Block piece;
            if (band == Band::Children)
                piece = grid;
            else if (band == Band::Hosts || band == Band::Storage)
                piece = rackBand(bands[k], width);
            else
                piece = rowBand(bands[k], width);
            if (piece.placements.empty())
                continue;
            if (!first)
                y += kBandGap;
            first = false;
            b.add(piece, QPointF(x0 + (width - piece.width) / 2, y));
            y += piece.height;
        }
        b.width = width + 2 * x0;
        b.height = y + (top ? 0 : kPad);
        return b;
    }

private:
    // Equal cells in rows, about kAspect times as wide as the grid is high.
    static Block childGrid(const std::vector<Block>& children)
    {
        Block grid;
        if (children.empty())
            return grid;
        double cellW = 0;
        double cellH = 0;
        for (const Block& c : children) {
            cellW = std::max(cellW, c.width + kCellGap);
            cellH = std::max(cellH, c.height + kCellGap);
        }
        const double n = static_cast<double>(children.size());
        const size_t columns = std::clamp<size_t>(
            static_cast<size_t>(std::ceil(std::sqrt(n * DesignLayout::kAspect * cellH / cellW))), 1, children.size());
        for (size_t i = 0; i < children.size(); ++i)
            grid.add(children[i],
                QPointF(static_cast<double>(i % columns) * cellW + (cellW - children[i].width) / 2,
                    static_cast<double>(i / columns) * cellH));
        const size_t rows = (children.size() + columns - 1) / columns;
        grid.width = static_cast<double>(columns) * cellW - kCellGap;
        grid.height = static_cast<double>(rows) * cellH - kCellGap;
        return grid;
    }

    const Design& mDesign;
    std::map<GroupId, std::vector<GroupId>> mChildren;
    std::map<GroupId, std::vector<const Node*>> mOwn;
};

} // namespace

DesignLayout::Band DesignLayout::bandOf(const Node& n, const CatalogItem* item)
{
    const ItemKind kind = item ? item->kind : ItemKind::Appliance;
    switch (kind) {
    case ItemKind::Switch:
        switch (n.network) {
        case Network::Compute:
            return n.tier == FabricTier::Core ? Band::Core : n.tier == FabricTier::Spine ? Band::Spine : Band::Leaf;
        case Network::Storage:
            return Band::StorageSwitches;
        case Network::InBand:
            return Band::InBand;
        case Network::OutOfBand:
            return Band::OutOfBand;
        case Network::None:
            return Band::Other;
        }
        return Band::Other;
    case ItemKind::Server:
    case ItemKind::Appliance:
        return Band::Hosts;
    case ItemKind::Storage:
        return Band::Storage;
    case ItemKind::Pdu:
        return Band::Pdus;
    default:
        return Band::Other;
    }
}

QString DesignLayout::bandName(Band band)
{
    switch (band) {
    case Band::Core:
        return QStringLiteral("Core tier");
    case Band::Spine:
        return QStringLiteral("Spine tier");
    case Band::Leaf:
        return QStringLiteral("Leaf tier");
    case Band::Children:
        return QStringLiteral("Pods and units");
    case Band::Hosts:
        return QStringLiteral("Servers and appliances");
    case Band::Storage:
        return QStringLiteral("Storage systems");
    case Band::StorageSwitches:
        return QStringLiteral("Storage switches");
    case Band::InBand:
        return QStringLiteral("In-band management switches");
    case Band::OutOfBand:
        return QStringLiteral("Out-of-band management switches");
    case Band::Other:
        return QStringLiteral("Other equipment");
    case Band::Pdus:
        return QStringLiteral("PDUs");
    case Band::Count:
        break;
    }
    return {};
}

std::vector<DesignLayout::Placement> DesignLayout::compute(const Design& design)
{
    Layouter layouter(design);
    Block all = layouter.block(GroupId(), 0);
    std::sort(all.placements.begin(), all.placements.end(),
        [](const Placement& a, const Placement& b) { return a.node < b.node; });
    return std::move(all.placements);
}

void DesignLayout::apply(Design& design)
{
    for (const Placement& p : compute(design)) {
        Node n = *design.node(p.node);
        if (n.position != p.position) {
            n.position = p.position;
            design.replaceNode(n);
        }
    }
}

} // namespace pw
