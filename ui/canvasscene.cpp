#include "canvasscene.h"

#include "banditem.h"

#include "designdocument.h"
#include "groupitem.h"
#include "itemstyle.h"
#include "linklayeritem.h"
#include "nodeitem.h"
#include "tieranchor.h"
#include "titlelayeritem.h"

#include "catalog/catalog.h"
#include "commands/addnodecommand.h"
#include "commands/groupcommand.h"
#include "model/design.h"
#include "model/networkchoice.h"
#include "model/racknaming.h"
#include "presentation/designpicture.h"

#include <QMimeData>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace pw::ui {

namespace {
constexpr double kGroupPad = 18.0;
constexpr double kGroupTitle = 24.0;
} // namespace

CanvasScene::CanvasScene(DesignDocument* document, QObject* parent) : QGraphicsScene(parent), mDocument(document)
{
    // Nodes and group boxes are few and compact; links never enter the index (one layer item).
    setItemIndexMethod(BspTreeIndex);
    setBspTreeDepth(8);
    setBackgroundBrush(QColor(0xfb, 0xfb, 0xfc));
    mLinkLayer = new LinkLayerItem(this);
    addItem(mLinkLayer);
    mTitleLayer = new TitleLayerItem(this);
    addItem(mTitleLayer);
    // A reset is always followed by changed(): the rebuild has synced the scene already, and a
    // second sync would walk every node and link of the design again (opening a large file).
    auto rebuilt = std::make_shared<bool>(false);
    connect(document, &DesignDocument::resetDone, this, [this, rebuilt] {
        rebuild();
        *rebuilt = true;
    });
    connect(document, &DesignDocument::changed, this, [this, rebuilt] {
        if (!std::exchange(*rebuilt, false))
            sync();
    });
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        if (!selectedItems().isEmpty()) {
            if (mLinkLayer->selectedBundle() >= 0)
                mLinkLayer->setSelectedBundle(-1);
            if (mSelectedGroup.isValid()) {
                const GroupId old = mSelectedGroup;
                mSelectedGroup = {};
                if (auto* g = mGroups.value(old))
                    g->update();
            }
        }
        Q_EMIT selectionStateChanged();
    });
    rebuild();
}

CanvasScene::~CanvasScene()
{
    // QGraphicsScene's destructor deselects items and would emit into half-destroyed listeners.
    blockSignals(true);
    // Hidden node items are out of the scene, so its destructor would not delete them.
    for (NodeItem* item : std::as_const(mNodes))
        if (!item->scene())
            delete item;
}

const Design& CanvasScene::design() const
{
    return mDocument->design();
}

void CanvasScene::rebuild()
{
    for (NodeItem* item : std::as_const(mNodes))
        delete item;
    for (GroupItem* item : std::as_const(mGroups))
        delete item;
    for (BandItem* item : std::as_const(mBands))
        delete item;
    mNodes.clear();
    mShownNodes.clear();
    mLinkClassesRevision.reset(); // another design, perhaps at the same revision
    mGroups.clear();
    mBands.clear();
    mCollapsed.clear();
    mAuto.clear();
    mOpened.clear();
    mBanded.clear();
    mAggregatedBands.clear();
    mSelectedGroup = {};
    mLinkLayer->setBundles({});
    mAnchors.clear();

    const Design& d = design();
    const size_t n = d.nodes().size();
    bool hasPods = false;
    d.groups().forEach([&](const Group& g) {
        if (g.kind == GroupKind::ScalableUnit && n > size_t(kCollapseUnitsAbove))
            mCollapsed.insert(g.id);
        if (g.kind == GroupKind::Pod)
            hasPods = true;
    });
    if (hasPods && n > size_t(kCollapsePodsAbove))
        d.groups().forEach([&](const Group& g) {
            if (g.kind == GroupKind::Pod)
                mCollapsed.insert(g.id);
        });
    mAuto = mCollapsed;
    // Large bands outside the pods: one box each while zoomed out.
    std::map<DesignLayout::Band, int> bandSize;
    d.nodes().forEach([&](const Node& node) {
        if (!node.unit.isValid())
            ++bandSize[DesignLayout::bandOf(node, d.item(node.sku))];
    });
    for (const auto& [band, count] : bandSize) {
        if (count <= kAggregateBandAbove || n <= size_t(kCollapseUnitsAbove))
            continue;
        auto* item = new BandItem(band);
        addItem(item);
        mBands.insert(int(band), item);
        mAggregatedBands.insert(int(band));
    }
    sync();
    fitWidthsToRows();
}

void CanvasScene::fitWidthsToRows()
{
    // Generated designs put nodes in rows at a fixed pitch; narrow the boxes of a row to it.
    std::vector<const Node*> nodes;
    nodes.reserve(design().nodes().size());
    design().nodes().forEach([&](const Node& n) { nodes.push_back(&n); });
    std::sort(nodes.begin(), nodes.end(), [](const Node* a, const Node* b) {
        return a->position.y() != b->position.y() ? a->position.y() < b->position.y()
                                                  : a->position.x() < b->position.x();
    });
    std::unordered_map<NodeId, double> width;
    for (size_t i = 1; i < nodes.size(); ++i) {
        const Node* a = nodes[i - 1];
        const Node* b = nodes[i];
        if (a->position.y() != b->position.y())
            continue;
        const double gap = b->position.x() - a->position.x() - 10;
        for (const Node* n : {a, b}) {
            auto [it, inserted] = width.try_emplace(n->id, gap);
            if (!inserted)
                it->second = std::min(it->second, gap);
        }
    }
    for (const auto& [id, w] : width)
        if (NodeItem* item = mNodes.value(id); item && w < 200)
            item->setMaxWidth(std::max(60.0, w));
    updateGroupBoxes();
    mLinkLayer->geometryChanged();
    mTitleLayer->linksChanged();
}

void CanvasScene::sync()
{
    const Design& d = design();
    mShownNodes.clear(); // updateVisibility below lists them again, without the deleted
    mLinkClassesRevision.reset(); // links may have changed network or speed (an undo swaps designs)
    // Nodes: drop items whose node is gone, add new ones, refresh the rest.
    for (auto it = mNodes.begin(); it != mNodes.end();) {
        if (!d.node(it.key())) {
            delete it.value();
            it = mNodes.erase(it);
        } else {
            ++it;
        }
    }
    d.nodes().forEach([&](const Node& node) {
        auto it = mNodes.find(node.id);
        if (it == mNodes.end()) {
            auto* item = new NodeItem(this, node.id); // updateVisibility adds it when shown
            mNodes.insert(node.id, item);
        } else {
            it.value()->syncFromModel();
        }
    });
    for (auto it = mGroups.begin(); it != mGroups.end();) {
        if (!d.group(it.key())) {
            if (mSelectedGroup == it.key())
                mSelectedGroup = {};
            mCollapsed.remove(it.key());
            delete it.value();
            it = mGroups.erase(it);
        } else {
            ++it;
        }
    }
    d.groups().forEach([&](const Group& g) {
        if (!mGroups.contains(g.id)) {
            auto* item = new GroupItem(this, g.id);
            addItem(item);
            mGroups.insert(g.id, item);
        }
    });
    mFramedRacks = DesignPicture::framedRacks(d);
    updateVisibility();
    updateGroupBoxes();
    rebuildBundles();
    Q_EMIT selectionStateChanged();
}

std::vector<GroupId> CanvasScene::logicalChain(const Node& node) const
{
    std::vector<GroupId> chain;
    const Design& d = design();
    GroupId g = node.unit;
    while (g.isValid() && chain.size() < 16) {
        chain.insert(chain.begin(), g);
        const Group* group = d.group(g);
        g = group ? group->parent : GroupId{};
    }
    return chain; // outermost first
}

BandItem* CanvasScene::bandOf(const Node& node) const
{
    if (node.unit.isValid() || mBands.isEmpty())
        return nullptr;
    return mBands.value(int(DesignLayout::bandOf(node, design().itemOf(node.id))));
}

QGraphicsItem* CanvasScene::shownItem(NodeId id) const
{
    const Node* node = design().node(id);
    return node ? representative(*node) : nullptr;
}

QGraphicsItem* CanvasScene::representative(const Node& node) const
{
    for (GroupId g : logicalChain(node))
        if (mCollapsed.contains(g))
            return mGroups.value(g);
    if (node.rack.isValid() && mCollapsed.contains(node.rack))
        return mGroups.value(node.rack);
    if (BandItem* band = bandOf(node); band && mAggregatedBands.contains(int(band->band())))
        return band;
    NodeItem* item = mNodes.value(node.id);
    if (node.network != Network::None && !isLayerVisible(node.network))
        return nullptr;
    return item;
}

void CanvasScene::updateVisibility()
{
    const Design& d = design();
    mShownNodes.clear();
    d.nodes().forEach([&](const Node& node) {
        NodeItem* item = mNodes.value(node.id);
        const bool visible = representative(node) == item;
        if (!visible && item->isSelected())
            item->setSelected(false);
        item->setVisible(visible);
        if (visible)
            mShownNodes.push_back(item);
        // Hidden nodes leave the scene: the index would hand every one of them to each frame
        // (29,000 at 100,000 GPUs, sorted by stacking order) only for the view to skip them.
        if (visible && !item->scene())
            addItem(item);
        else if (!visible && item->scene())
            removeItem(item);
    });
    // A group inside a collapsed group is hidden.
    d.groups().forEach([&](const Group& g) {
        bool hidden = false;
        for (GroupId p = g.parent; p.isValid() && !hidden;) {
            hidden = mCollapsed.contains(p);
            const Group* pg = d.group(p);
            p = pg ? pg->parent : GroupId{};
        }
        mGroups.value(g.id)->setVisible(!hidden);
    });
}

void CanvasScene::updateGroupBoxes()
{
    const Design& d = design();
    struct Acc {
        QRectF rect;
        int count = 0;
        int gpus = 0;
        int switches = 0;
        std::map<QString, int> models;
    };
    std::unordered_map<GroupId, Acc> acc;
    std::map<int, Acc> bands;
    auto add = [](Acc& a, const QRectF& r, const CatalogItem* ci) {
        a.rect = a.count ? a.rect.united(r) : r;
        ++a.count;
        a.gpus += ci ? ci->gpuCount() : 0;
        a.switches += ci && ci->kind == ItemKind::Switch ? 1 : 0;
    };
    d.nodes().forEach([&](const Node& node) {
        const NodeItem* item = mNodes.value(node.id);
        const QRectF r = item->mapRectToScene(item->boundingRect());
        const CatalogItem* ci = d.item(node.sku);
        std::vector<GroupId> groups = logicalChain(node);
        if (node.rack.isValid())
            groups.push_back(node.rack);
        for (GroupId g : groups)
            add(acc[g], r, ci);
        if (const BandItem* band = bandOf(node)) {
            Acc& t = bands[int(band->band())];
            add(t, r, ci);
            ++t.models[ci && !ci->model.isEmpty() ? ci->model : node.sku];
        }
    });
    for (auto it = mGroups.begin(); it != mGroups.end(); ++it) {
        const auto found = acc.find(it.key());
        if (found == acc.end()) {
            it.value()->setBox(QRectF(), mCollapsed.contains(it.key()), 0, 0);
            it.value()->setVisible(false);
            continue;
        }
        const Acc& a = found->second;
        const Group* g = d.group(it.key());
        const bool collapsed = mCollapsed.contains(it.key());
        // A rack whose box would cover other nodes (its switches sit with their tiers): no box.
        if (!collapsed && g && g->kind == GroupKind::Rack && !mFramedRacks.count(it.key())) {
            it.value()->setVisible(false);
            continue;
        }
        // Collapsed or not, the box covers the members' area, so the layout never jumps and a
        // collapsed pod is as large as the pod: room for a label that can be read.
        const double pad = kGroupPad
            + (g && g->kind == GroupKind::Pod         ? 14
                    : g && g->kind == GroupKind::Rack ? -10
                                                      : 0);
        it.value()->setBox(a.rect.adjusted(-pad, -pad - kGroupTitle, pad, pad), collapsed, a.count, a.gpus, a.switches);
    }
    QRectF titled;
    for (const GroupItem* item : std::as_const(mGroups))
        if (item->isVisible())
            titled = titled.united(item->sceneBoundingRect());
    mTitleLayer->setBounds(titled);
    for (auto it = mBands.begin(); it != mBands.end(); ++it) {
        const auto found = bands.find(it.key());
        const bool shown = found != bands.end() && mAggregatedBands.contains(it.key());
        it.value()->setVisible(shown);
        if (found == bands.end())
            continue;
        QStringList models;
        for (const auto& [model, count] : found->second.models)
            models << QStringLiteral("%L1 × %2").arg(count).arg(model);
        it.value()->setBox(found->second.rect.adjusted(-kGroupPad, -kGroupPad, kGroupPad, kGroupPad),
            found->second.count, models.join(QStringLiteral(", ")));
    }
}

bool CanvasScene::isBanded(const QGraphicsItem* item) const
{
    if (item->type() == TierAnchor::Type) // a row of two or three draws its lines one by one
        return rowsDrawBands(mScale) && static_cast<const TierAnchor*>(item)->memberCount() >= kRowBandFrom;
    if (item->type() != GroupItem::Type)
        return false;
    const GroupId id = static_cast<const GroupItem*>(item)->groupId();
    const Group* g = design().group(id);
    if (g && g->kind == GroupKind::Rack)
        return rowsDrawBands(mScale) && !mOpened.contains(id);
    return mBanded.contains(id) && !mOpened.contains(id);
}

bool CanvasScene::drawsBands(GroupId id) const
{
    const GroupItem* item = mGroups.value(id);
    return item && item->isVisible() && !item->isCollapsed() && isBanded(item);
}

CanvasScene::BandPath CanvasScene::bandPath(const Node& node, QGraphicsItem* nodeItem,
    std::vector<std::unique_ptr<TierAnchor>>& anchors, AnchorIndex& anchorOf) const
{
    BandPath path;
    bool opened = false; // inside a group the user opened: every link of it is drawn
    for (GroupId g : logicalChain(node)) {
        opened = opened || mOpened.contains(g);
        if (GroupItem* item = mGroups.value(g); item && item->isVisible() && path.size < 3)
            path.items[path.size++] = item;
    }
    if (opened) {
        path.size = 0; // nothing banded
    } else if (GroupItem* frame = mBanded.contains(node.unit) ? nullptr : mGroups.value(node.rack);
               frame && frame->isVisible()) {
        path.items[path.size++] = frame; // a framed rack
    } else {
        // A row: the unit's leaves, the spine tier; a rack's servers in their column unless the
        // unit is drawn as bands, where its rows (servers, leaves) are what matter.
        const DesignLayout::Band band = DesignLayout::bandOf(node, design().itemOf(node.id));
        const bool column = band == DesignLayout::Band::Hosts || band == DesignLayout::Band::Storage;
        const GroupId rack = column && !mBanded.contains(node.unit) ? node.rack : GroupId();
        const auto [slot, fresh] = anchorOf.try_emplace({node.unit, int(band), rack}, anchors.size());
        if (fresh)
            anchors.push_back(std::make_unique<TierAnchor>(node.unit, band, rack));
        TierAnchor* anchor = anchors[slot->second].get();
        anchor->addMember(nodeItem);
        path.items[path.size++] = anchor;
    }
    path.items[path.size++] = nodeItem;
    return path;
}

const std::vector<CanvasScene::LinkClass>& CanvasScene::linkClasses()
{
    const Design& d = design();
    if (mLinkClassesRevision == d.revision())
        return mLinkClasses;
    mLinkClasses.assign(d.links().slotCount() + 1, LinkClass{});
    d.links().forEach([&](const Link& link) {
        mLinkClasses[link.id.value()] = {d.linkNetwork(link), d.linkSpeedGbps(link)};
    });
    mLinkClassesRevision = d.revision();
    return mLinkClasses;
}

void CanvasScene::rebuildBundles()
{
    const Design& d = design();
    // Resolve every node's visible endpoint once; links then only look it up.
    std::vector<QGraphicsItem*> rep(d.nodes().slotCount() + 1, nullptr);
    // A shown node's links to an aggregate (a collapsed pod, a band) leave from its unit's box:
    // one line per unit and aggregate instead of one per node.
    std::vector<QGraphicsItem*> lift(d.nodes().slotCount() + 1, nullptr);
    // A shown node's groups, outermost first: a link is drawn between the first groups where the
    // two ends' paths part that draw bands (small on screen), else between the nodes.
    std::vector<BandPath> paths(d.nodes().slotCount() + 1);
    std::vector<std::unique_ptr<TierAnchor>> anchors;
    AnchorIndex anchorOf;
    d.nodes().forEach([&](const Node& n) {
        QGraphicsItem* r = representative(n);
        rep[n.id.value()] = r;
        if (r && r->type() == NodeItem::Type) {
            paths[n.id.value()] = bandPath(n, r, anchors, anchorOf);
            if (n.unit.isValid())
                if (GroupItem* unit = mGroups.value(n.unit); unit && unit->isVisible())
                    lift[n.id.value()] = unit;
        }
    });
    for (const auto& anchor : anchors)
        anchor->follow();
    // The item a link end is drawn from, given the other end's path.
    auto bandEnd = [&](const BandPath& own, const BandPath& other) -> QGraphicsItem* {
        size_t common = 0;
        while (common < own.size && common < other.size && own.items[common] == other.items[common])
            ++common;
        for (size_t i = common; i + 1 < own.size; ++i)
            if (isBanded(own.items[i]))
                return own.items[i];
        return own.items[own.size - 1];
    };
    struct KeyHash {
        size_t operator()(const std::tuple<QGraphicsItem*, QGraphicsItem*, int>& k) const noexcept
        {
            const size_t a = std::hash<const void*>{}(std::get<0>(k));
            const size_t b = std::hash<const void*>{}(std::get<1>(k));
            return a ^ (b * 0x9e3779b97f4a7c15ULL) ^ size_t(std::get<2>(k));
        }
    };
    std::unordered_map<std::tuple<QGraphicsItem*, QGraphicsItem*, int>, size_t, KeyHash> index;
    index.reserve(d.links().size() / 2 + 16);
    std::vector<LinkBundle> bundles;
    std::array<bool, 5> visible{};
    for (int n = 0; n < 5; ++n)
        visible[size_t(n)] = isLayerVisible(Network(n));
    const std::vector<LinkClass>& classes = linkClasses();
    d.links().forEach([&](const Link& link) {
        const LinkClass& linkClass = classes[link.id.value()];
        const Network net = linkClass.network;
        if (!visible[size_t(net)])
            return;
        const size_t ia = link.a.node.value();
        const size_t ib = link.b.node.value();
        if (ia >= rep.size() || ib >= rep.size())
            return;
        QGraphicsItem* a = rep[ia];
        QGraphicsItem* b = rep[ib];
        if (!a || !b || a == b)
            return;
        const bool aggregateA = a->type() != NodeItem::Type;
        const bool aggregateB = b->type() != NodeItem::Type;
        if (!aggregateA && !aggregateB) {
            a = bandEnd(paths[ia], paths[ib]);
            b = bandEnd(paths[ib], paths[ia]);
        } else if (aggregateA && !aggregateB) {
            QGraphicsItem* banded = bandEnd(paths[ib], {});
            b = banded != rep[ib] ? banded : lift[ib] ? lift[ib] : b;
        } else if (aggregateB && !aggregateA) {
            QGraphicsItem* banded = bandEnd(paths[ia], {});
            a = banded != rep[ia] ? banded : lift[ia] ? lift[ia] : a;
        }
        if (a == b)
            return;
        if (b < a)
            std::swap(a, b);
        auto [it, inserted] = index.try_emplace(std::make_tuple(a, b, int(net)), bundles.size());
        if (inserted) {
            LinkBundle bundle;
            bundle.a = a;
            bundle.b = b;
            bundle.network = net;
            bundle.speedGbps = linkClass.speedGbps;
            bundles.push_back(std::move(bundle));
        }
        LinkBundle& bundle = bundles[it->second];
        bundle.links.push_back(link.id);
        const int speed = linkClass.speedGbps;
        auto s
            = std::find_if(bundle.speeds.begin(), bundle.speeds.end(), [&](const auto& e) { return e.first == speed; });
        if (s == bundle.speeds.end())
            bundle.speeds.emplace_back(speed, 1);
        else
            ++s->second;
    });
    for (LinkBundle& bundle : bundles)
        if (bundle.speeds.size() > 1)
            std::sort(bundle.speeds.begin(), bundle.speeds.end(), std::greater<>());
    // Keep the selected bundle selected when it survives (same first link).
    LinkId selectedFirst;
    if (int s = mLinkLayer->selectedBundle(); s >= 0 && s < int(mLinkLayer->bundles().size()))
        selectedFirst = mLinkLayer->bundles()[size_t(s)].links.front();
    mLinkLayer->setBundles(std::move(bundles));
    mTitleLayer->linksChanged();
    // The old bundles are gone: their row ends may go too.
    mAnchors = std::move(anchors);
    if (selectedFirst.isValid()) {
        const auto& b = mLinkLayer->bundles();
        for (size_t i = 0; i < b.size(); ++i)
            if (std::find(b[i].links.begin(), b[i].links.end(), selectedFirst) != b[i].links.end())
                mLinkLayer->setSelectedBundle(int(i));
    }
}

std::vector<QRectF> CanvasScene::aggregateBoxes() const
{
    std::vector<QRectF> boxes;
    for (const GroupItem* g : mGroups)
        if (g->isVisible() && g->isCollapsed())
            boxes.push_back(g->sceneBoundingRect());
    for (const BandItem* b : mBands)
        if (b->isVisible())
            boxes.push_back(b->sceneBoundingRect());
    return boxes;
}

void CanvasScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    mTitlesThisFrame.clear(); // a new frame (of the view, or of a picture of the scene)
    QGraphicsScene::drawBackground(painter, rect);
}

std::vector<QRectF> CanvasScene::nodeBoxesIn(const QRectF& sceneRect) const
{
    // The shown nodes only: a fitted 100,000-GPU view shows a handful of its 33,000 (looking at
    // every item for each frame's labels was an eighth of a zoom step).
    std::vector<QRectF> boxes;
    for (const NodeItem* n : mShownNodes)
        if (const QRectF box = n->sceneBox(); box.intersects(sceneRect))
            boxes.push_back(box);
    return boxes;
}

int CanvasScene::linkBundleCount() const
{
    return int(mLinkLayer->bundles().size());
}

const std::vector<LinkBundle>& CanvasScene::linkBundles() const
{
    return mLinkLayer->bundles();
}

int CanvasScene::visibleNodeItemCount() const
{
    int n = 0;
    for (const NodeItem* item : mNodes)
        n += item->isVisible() ? 1 : 0;
    return n;
}

void CanvasScene::setCollapsed(GroupId id, bool collapsed)
{
    if (!mGroups.contains(id))
        return;
    mAuto.remove(id); // the user decides from now on
    if (collapsed)
        mOpened.remove(id);
    else
        mOpened.insert(id);
    if (isCollapsed(id) == collapsed) {
        rebuildBundles(); // an expanded group opened by hand shows its links one by one
        return;
    }
    if (collapsed)
        mCollapsed.insert(id);
    else
        mCollapsed.remove(id);
    updateVisibility();
    updateGroupBoxes();
    rebuildBundles();
    Q_EMIT selectionStateChanged();
}

void CanvasScene::collapseAll(bool collapsed)
{
    mCollapsed.clear();
    mAuto.clear();
    mOpened.clear();
    mAggregatedBands.clear();
    if (collapsed)
        for (auto it = mBands.begin(); it != mBands.end(); ++it)
            mAggregatedBands.insert(it.key());
    if (collapsed)
        for (auto it = mGroups.begin(); it != mGroups.end(); ++it)
            if (const Group* g = design().group(it.key()); g && g->kind != GroupKind::Rack)
                mCollapsed.insert(it.key());
    refreshAggregates();
}

void CanvasScene::refreshAggregates()
{
    updateVisibility();
    updateGroupBoxes();
    rebuildBundles();
    Q_EMIT detailChanged();
}

void CanvasScene::setBandAggregated(DesignLayout::Band band, bool aggregated)
{
    if (!mBands.contains(int(band)) || isBandAggregated(band) == aggregated)
        return;
    if (aggregated)
        mAggregatedBands.insert(int(band));
    else
        mAggregatedBands.remove(int(band));
    refreshAggregates();
}

bool CanvasScene::updateDetail(const QRectF& visible, double scale)
{
    bool changed = false;
    for (GroupId id : std::as_const(mAuto)) {
        const GroupItem* item = mGroups.value(id);
        if (!item)
            continue;
        const QRectF box = item->sceneBoundingRect();
        const bool open = box.width() * scale >= kOpenGroupPixels && box.intersects(visible);
        if (open == mCollapsed.contains(id)) {
            if (open)
                mCollapsed.remove(id);
            else
                mCollapsed.insert(id);
            changed = true;
        }
    }
    for (auto it = mBands.begin(); it != mBands.end(); ++it) {
        const bool open = scale >= kOpenBandScale && it.value()->box().intersects(visible);
        if (open == mAggregatedBands.contains(it.key())) {
            if (open)
                mAggregatedBands.remove(it.key());
            else
                mAggregatedBands.insert(it.key());
            changed = true;
        }
    }
    if (changed) {
        updateVisibility();
        updateGroupBoxes();
    }
    const bool banding = updateBanding(scale);
    if (changed || banding) {
        rebuildBundles();
        Q_EMIT detailChanged();
    }
    return changed || banding;
}

bool CanvasScene::updateBanding(double scale)
{
    QSet<GroupId> banded;
    for (auto it = mGroups.begin(); it != mGroups.end(); ++it) {
        const Group* g = design().group(it.key());
        if (!g || g->kind == GroupKind::Rack || mOpened.contains(it.key()) || !it.value()->isVisible())
            continue;
        if (groupDrawsBands(it.value()->sceneBoundingRect().width() * scale))
            banded.insert(it.key());
    }
    const bool changed = banded != mBanded || rowsDrawBands(scale) != rowsDrawBands(mScale);
    mBanded = std::move(banded);
    mScale = scale;
    return changed;
}

std::vector<NodeId> CanvasScene::find(const QString& text) const
{
    std::vector<NodeId> found;
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return found;
    const Design& d = design();
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        const Group* rack = d.group(n.rack);
        if (n.name.contains(needle, Qt::CaseInsensitive) || n.sku.contains(needle, Qt::CaseInsensitive)
            || (item && item->model.contains(needle, Qt::CaseInsensitive))
            || (rack && rack->name.contains(needle, Qt::CaseInsensitive)))
            found.push_back(n.id);
    });
    std::sort(found.begin(), found.end());
    return found;
}

void CanvasScene::reveal(NodeId id)
{
    const Node* n = design().node(id);
    if (!n)
        return;
    bool changed = false;
    std::vector<GroupId> chain = logicalChain(*n);
    if (n->rack.isValid())
        chain.push_back(n->rack);
    for (GroupId g : chain)
        changed = mCollapsed.remove(g) || changed;
    if (const BandItem* band = bandOf(*n))
        changed = mAggregatedBands.remove(int(band->band())) || changed;
    if (changed)
        refreshAggregates();
}

void CanvasScene::setLayerVisible(Network network, bool visible)
{
    if (visible)
        mHiddenLayers.remove(int(network));
    else
        mHiddenLayers.insert(int(network));
    updateVisibility();
    updateGroupBoxes();
    rebuildBundles();
}

std::vector<NodeId> CanvasScene::selectedNodeIds() const
{
    std::vector<NodeId> ids;
    for (QGraphicsItem* item : selectedItems())
        if (item->type() == NodeItem::Type)
            ids.push_back(static_cast<NodeItem*>(item)->nodeId());
    std::sort(ids.begin(), ids.end());
    return ids;
}

void CanvasScene::selectNodes(const std::vector<NodeId>& ids)
{
    {
        const QSignalBlocker block(this);
        clearSelection();
        for (NodeId id : ids)
            if (NodeItem* item = mNodes.value(id); item && item->isVisible())
                item->setSelected(true);
    }
    mLinkLayer->setSelectedBundle(-1);
    if (auto* g = mGroups.value(mSelectedGroup))
        g->update();
    mSelectedGroup = {};
    Q_EMIT selectionStateChanged();
}

void CanvasScene::selectBundle(int index)
{
    {
        const QSignalBlocker block(this);
        clearSelection();
    }
    if (auto* g = mGroups.value(mSelectedGroup))
        g->update();
    mSelectedGroup = {};
    mLinkLayer->setSelectedBundle(index);
    Q_EMIT selectionStateChanged();
}

int CanvasScene::selectedBundle() const
{
    return mLinkLayer->selectedBundle();
}

std::vector<LinkId> CanvasScene::selectedLinks() const
{
    const int s = mLinkLayer->selectedBundle();
    if (s < 0 || s >= int(mLinkLayer->bundles().size()))
        return {};
    return mLinkLayer->bundles()[size_t(s)].links;
}

void CanvasScene::selectGroup(GroupId id)
{
    {
        const QSignalBlocker block(this);
        clearSelection();
    }
    mLinkLayer->setSelectedBundle(-1);
    const GroupId old = mSelectedGroup;
    mSelectedGroup = id;
    for (GroupId g : {old, id})
        if (auto* item = mGroups.value(g))
            item->update();
    Q_EMIT selectionStateChanged();
}

void CanvasScene::clearAllSelection()
{
    selectNodes({});
}

NodeItem* CanvasScene::nodeAt(QPointF scenePos) const
{
    for (QGraphicsItem* item : items(scenePos, Qt::IntersectsItemBoundingRect, Qt::DescendingOrder))
        if (item->type() == NodeItem::Type && item->isVisible())
            return static_cast<NodeItem*>(item);
    return nullptr;
}

GroupItem* CanvasScene::groupHandleAt(QPointF scenePos) const
{
    for (QGraphicsItem* item : items(scenePos, Qt::IntersectsItemBoundingRect, Qt::DescendingOrder))
        if (item->type() == GroupItem::Type && item->isVisible() && static_cast<GroupItem*>(item)->hitsHandle(scenePos))
            return static_cast<GroupItem*>(item);
    return nullptr;
}

CommandResult CanvasScene::dropMime(const QMimeData* mime, QPointF scenePos)
{
    if (!mime || !mime->hasFormat(QLatin1String(kSkuMimeType)))
        return CommandResult::refused(QStringLiteral("nothing to place"));
    return placeItem(QString::fromUtf8(mime->data(QLatin1String(kSkuMimeType))), scenePos);
}

CommandResult CanvasScene::placeItem(const QString& sku, QPointF scenePos)
{
    const CatalogItem* item = design().item(sku);
    if (!item && mDocument->catalog())
        item = mDocument->catalog()->item(sku);
    if (!item) {
        const auto r = CommandResult::refused(QStringLiteral("%1 is not in the catalog").arg(sku));
        Q_EMIT mDocument->commandRefused(r.reason);
        return r;
    }
    if (item->kind == ItemKind::Rack) {
        // A rack from the palette racks the selected nodes.
        std::vector<NodeId> members = selectedNodeIds();
        if (members.empty()) {
            const auto r
                = CommandResult::refused(QStringLiteral("select the nodes to put in the rack, then drop the rack"));
            Q_EMIT mDocument->commandRefused(r.reason);
            return r;
        }
        Group g;
        g.kind = GroupKind::Rack;
        g.name = nextHandRackName(design());
        return mDocument->execute(std::make_unique<GroupCommand>(g, members, *item));
    }
    Node node;
    node.position = freeSpot(scenePos, ItemStyle::nodeSize(item->kind));
    if (const std::vector<Network> choices = NetworkChoice::choicesFor(*item); choices.size() > 1) {
        const std::optional<Network> chosen = mNetworkPrompt ? mNetworkPrompt(*item, choices) : choices.front();
        if (!chosen)
            return CommandResult::refused(QStringLiteral("placing %1 was cancelled").arg(item->model));
        node.network = *chosen;
    }
    // A co-packaged-optics switch's laser-source modules are bought with it.
    std::vector<CatalogItem> boughtWith;
    if (item->laserSources && mDocument->catalog())
        if (const CatalogItem* part = mDocument->catalog()->item(item->laserSources->sku))
            boughtWith.push_back(*part);
    auto cmd = std::make_unique<AddNodeCommand>(*item, node, std::move(boughtWith));
    AddNodeCommand* raw = cmd.get();
    const CommandResult r = mDocument->execute(std::move(cmd));
    if (r.ok)
        selectNodes({raw->nodeId()});
    return r;
}

QPointF CanvasScene::freeSpot(QPointF wanted, QSizeF size) const
{
    constexpr int kMostTries = 500; // a row of 500 nodes in the way: give up and place on top
    QPointF p = ItemStyle::snap(wanted); // a node's position is its centre
    for (int i = 0; i < kMostTries; ++i) {
        double right = 0;
        bool blocked = false;
        const QRectF box(p.x() - size.width() / 2, p.y() - size.height() / 2, size.width(), size.height());
        for (QGraphicsItem* other : items(box, Qt::IntersectsItemBoundingRect))
            if (other->type() == NodeItem::Type && other->isVisible()) {
                right = blocked ? std::max(right, other->sceneBoundingRect().right())
                                : other->sceneBoundingRect().right();
                blocked = true;
            }
        if (!blocked)
            return p;
        // One grid step clear of the rightmost node in the way, at least.
        p = ItemStyle::snap(QPointF(right + 2 * ItemStyle::kGrid + size.width() / 2, p.y()));
    }
    return p;
}

void CanvasScene::itemsMoved()
{
    for (const auto& anchor : mAnchors)
        anchor->follow();
    updateGroupBoxes();
    mLinkLayer->geometryChanged();
    mTitleLayer->linksChanged();
}

} // namespace pw::ui
