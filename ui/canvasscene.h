#pragma once

#include "commands/command.h"
#include "generate/designlayout.h"
#include "linkbundle.h"
#include "model/node.h"
#include "util/strongid.h"

#include <QGraphicsScene>
#include <QHash>
#include <QSet>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_set>
#include <vector>

class QMimeData;

namespace pw {
class Design;
struct CatalogItem;
} // namespace pw

namespace pw::ui {

class DesignDocument;
class GroupItem;
class LinkLayerItem;
class NodeItem;
class TitleLayerItem;
class BandItem;
class TierAnchor;

// The canvas: a view of the document's design, never the document. One NodeItem per node and
// one GroupItem per group, in hashes by id; all links drawn by one LinkLayerItem as bundles.
// Rebuilds on a document reset and syncs by id on every change. Collapse state, hidden layers
// and selection are view state: they never touch the undo stack.
class CanvasScene : public QGraphicsScene {
    Q_OBJECT
public:
    static constexpr const char* kSkuMimeType = "application/x-podwright-sku";
    // Above this many nodes scalable units open collapsed; above kCollapsePodsAbove, pods too.
    static constexpr int kCollapseUnitsAbove
        = 1400; // a 4,096-GPU (512 DGX) design opens expanded: its fit-all frame is faster expanded (docs/benchmarks.md)
    static constexpr int kCollapsePodsAbove = 6000;
    // A band outside the pods (a switch tier, the management switches, the PDUs) with more nodes
    // than this is drawn as one box when zoomed out.
    static constexpr int kAggregateBandAbove = 64;
    // Level of detail: a group the size policy collapsed opens once it is this wide on screen; a
    // band once the view is at kOpenBandScale or closer.
    static constexpr double kOpenGroupPixels = 600;
    static constexpr double kOpenBandScale = 0.3;
    // Bands of links: a scalable unit or pod narrower than this on screen draws its links to
    // another group as one band, labelled with count and speed...
    static constexpr double kBandGroupPixels = 500;
    // ...and racks and rows of four or more switches or hosts do so while the view is farther out
    // than this (a node box under about 75 px wide). Between the two a 1,024-GPU design shows one
    // management fan per rack. Decided by what is on screen, never by the design's size: one rule
    // for 1,000 and 100,000 GPUs.
    static constexpr double kSingleLinksScale = 0.45;
    static constexpr int kRowBandFrom = 4;

    explicit CanvasScene(DesignDocument* document, QObject* parent = nullptr);
    ~CanvasScene() override;

    [[nodiscard]] DesignDocument* document() const { return mDocument; }
    [[nodiscard]] const Design& design() const;

    [[nodiscard]] NodeItem* nodeItem(NodeId id) const { return mNodes.value(id); }
    [[nodiscard]] GroupItem* groupItem(GroupId id) const { return mGroups.value(id); }
    [[nodiscard]] int nodeItemCount() const { return int(mNodes.size()); }
    [[nodiscard]] int visibleNodeItemCount() const;
    [[nodiscard]] int groupItemCount() const { return int(mGroups.size()); }
    [[nodiscard]] QList<GroupItem*> groupItems() const { return mGroups.values(); }
    [[nodiscard]] LinkLayerItem* linkLayer() const { return mLinkLayer; }
    [[nodiscard]] int linkBundleCount() const;
    [[nodiscard]] const std::vector<LinkBundle>& linkBundles() const;
    // The scene rectangles of the collapsed groups and aggregated bands in view (band labels keep
    // off them).
    [[nodiscard]] std::vector<QRectF> aggregateBoxes() const;
    // The screen rectangles of the aggregate titles drawn so far in this frame (a frame starts
    // with the background), so that no title is drawn over another.
    [[nodiscard]] std::vector<QRectF>& titlesThisFrame() { return mTitlesThisFrame; }
    // The boxes of the visible nodes that meet the scene rectangle (link labels keep off them).
    [[nodiscard]] std::vector<QRectF> nodeBoxesIn(const QRectF& sceneRect) const;

    // Collapse (view state).
    [[nodiscard]] bool isCollapsed(GroupId id) const { return mCollapsed.contains(id); }
    void setCollapsed(GroupId id, bool collapsed);
    void toggleCollapsed(GroupId id) { setCollapsed(id, !isCollapsed(id)); }
    void collapseAll(bool collapsed);

    // Bands outside the pods (view state, like collapse).
    [[nodiscard]] BandItem* bandItem(DesignLayout::Band band) const { return mBands.value(int(band)); }
    [[nodiscard]] bool isBandAggregated(DesignLayout::Band band) const { return mAggregatedBands.contains(int(band)); }
    void setBandAggregated(DesignLayout::Band band, bool aggregated);

    // Level of detail by zoom: the groups and tiers that the size policy collapsed open while the
    // view is close enough to tell their members apart and they are on screen, and close again
    // when zoomed out or scrolled away. A group the user collapsed or expanded by hand stays so.
    // Returns whether anything opened or closed.
    bool updateDetail(const QRectF& visibleSceneRect, double scale);
    [[nodiscard]] bool isAutoDetail(GroupId id) const { return mAuto.contains(id); }
    // Whether the group draws its links as bands at the view's last scale (see kBandGroupPixels).
    [[nodiscard]] bool drawsBands(GroupId id) const;
    // Whether racks and switch rows draw bands at this scale (kSingleLinksScale).
    [[nodiscard]] static bool rowsDrawBands(double scale) { return scale > 0 && scale < kSingleLinksScale; }
    // Whether a pod or unit that wide on screen draws bands (kBandGroupPixels).
    [[nodiscard]] static bool groupDrawsBands(double widthOnScreen) { return widthOnScreen < kBandGroupPixels; }

    // Find: the nodes whose name, SKU, model or rack name contains the text (any case), by id.
    [[nodiscard]] std::vector<NodeId> find(const QString& text) const;
    // Opens whatever hides the node (its pod, unit, rack or band) so that it can be shown.
    void reveal(NodeId id);
    // The item that shows the node now: its own, or the collapsed group or band that holds it;
    // null when its network's layer is hidden.
    [[nodiscard]] QGraphicsItem* shownItem(NodeId id) const;

    // Layers by network (view state).
    [[nodiscard]] bool isLayerVisible(Network network) const { return !mHiddenLayers.contains(int(network)); }
    void setLayerVisible(Network network, bool visible);

    // Selection.
    [[nodiscard]] std::vector<NodeId> selectedNodeIds() const;
    void selectNodes(const std::vector<NodeId>& ids);
    void selectBundle(int index);
    [[nodiscard]] int selectedBundle() const;
    [[nodiscard]] std::vector<LinkId> selectedLinks() const;
    void selectGroup(GroupId id);
    [[nodiscard]] GroupId selectedGroup() const { return mSelectedGroup; }
    void clearAllSelection();

    // Topmost visible node item at the scene point, or null.
    [[nodiscard]] NodeItem* nodeAt(QPointF scenePos) const;
    [[nodiscard]] GroupItem* groupHandleAt(QPointF scenePos) const;

    // Places a catalog item (palette drop): mime data carries the sku. Snaps to the grid. A switch
    // takes its catalog's usual network; when the catalog lists several, the network prompt asks
    // (a cancelled prompt places nothing). A rack racks the selected nodes. A node never lands on
    // another: it moves right of the nodes in its way (Ctrl+Return twice puts the second beside).
    CommandResult dropMime(const QMimeData* mime, QPointF scenePos);
    CommandResult placeItem(const QString& sku, QPointF scenePos);
    using NetworkPrompt
        = std::function<std::optional<Network>(const CatalogItem& item, const std::vector<Network>& choices)>;
    void setNetworkPrompt(NetworkPrompt prompt) { mNetworkPrompt = std::move(prompt); }

    // After items were moved by a tool without a command (drag preview).
    void itemsMoved();
    // Full rebuild from the design (after a reset). Applies the collapse-by-size policy.
    void rebuild();

Q_SIGNALS:
    // Groups or tiers opened or closed (the overview redraws).
    void detailChanged();
    // Node, link bundle or group selection changed.
    void selectionStateChanged();

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    [[nodiscard]] QPointF freeSpot(QPointF wanted, QSizeF size) const;
    void sync();
    void refreshAggregates();
    [[nodiscard]] BandItem* bandOf(const Node& node) const;
    void updateVisibility();
    void fitWidthsToRows();
    void updateGroupBoxes();
    void rebuildBundles();
    [[nodiscard]] QGraphicsItem* representative(const Node& node) const;
    [[nodiscard]] std::vector<GroupId> logicalChain(const Node& node) const;
    // Recomputes which groups draw bands for this scale; true when that changed.
    bool updateBanding(double scale);
    // The groups a shown node's links may be banded onto, outermost first, then the node's item:
    // its pod and unit, then its rack (a framed rack column) or its row (of switches, or of a
    // rack's servers).
    struct BandPath {
        std::array<QGraphicsItem*, 5> items{};
        size_t size = 0;
    };
    // Row ends by unit, band and rack (a rack's servers in their column).
    using AnchorIndex = std::map<std::tuple<GroupId, int, GroupId>, size_t>; // index into the anchors
    [[nodiscard]] BandPath bandPath(const Node& node, QGraphicsItem* nodeItem,
        std::vector<std::unique_ptr<TierAnchor>>& anchors, AnchorIndex& anchorOf) const;
    [[nodiscard]] bool isBanded(const QGraphicsItem* item) const;

    DesignDocument* mDocument;
    QHash<NodeId, NodeItem*> mNodes;
    QHash<GroupId, GroupItem*> mGroups;
    LinkLayerItem* mLinkLayer = nullptr;
    TitleLayerItem* mTitleLayer = nullptr;
    QSet<GroupId> mCollapsed;
    QSet<GroupId> mAuto; // collapsed by the size policy: level of detail opens and closes them
    QSet<GroupId> mOpened; // expanded by the user: their links are drawn one by one
    QSet<GroupId> mBanded; // pods and units drawing bands at mScale
    double mScale = 0; // the view's last scale (0: no view yet, every link drawn)
    std::unordered_set<GroupId> mFramedRacks;
    std::vector<std::unique_ptr<TierAnchor>> mAnchors; // the bundles' row ends
    QHash<int, BandItem*> mBands; // by DesignLayout::Band
    QSet<int> mAggregatedBands;
    QSet<int> mHiddenLayers;
    GroupId mSelectedGroup;
    NetworkPrompt mNetworkPrompt;
    std::vector<QRectF> mTitlesThisFrame;
    std::vector<NodeItem*> mShownNodes; // the visible node items, as updateVisibility left them
    // Every link's network and speed by link id, read again after every change of the document: a
    // zoom step that opens a pod regroups all links (376,879 at 100,000 GPUs), and reading both
    // through the ports' groups for each link was most of that.
    struct LinkClass {
        Network network = Network::None;
        int speedGbps = 0;
    };
    [[nodiscard]] const std::vector<LinkClass>& linkClasses();
    std::vector<LinkClass> mLinkClasses;
    std::optional<quint64> mLinkClassesRevision;
};

} // namespace pw::ui
