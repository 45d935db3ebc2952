#include "linklayeritem.h"

#include "canvasscene.h"
#include "itemstyle.h"
#include "networkpalette.h"
#include "nodeitem.h"

#include <QPainter>
#include <QStringList>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <array>
#include <cmath>

namespace pw::ui {

namespace {

// Liang-Barsky: clips the segment to the rectangle; false when nothing of it is inside.
bool clipLine(QLineF& line, const QRectF& r)
{
    const double x0 = line.x1(), y0 = line.y1();
    const double dx = line.x2() - x0, dy = line.y2() - y0;
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0 - r.left(), r.right() - x0, y0 - r.top(), r.bottom() - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    line = QLineF(x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy);
    return true;
}

// The screen's rectangles taken by labels and aggregate boxes, in cells of 48 px: a label looks only
// at the rectangles of the cells it covers (hundreds of bands at 100,000 GPUs, up to 15 spots each).
class SpotGrid {
public:
    explicit SpotGrid(const QRectF& area) : mArea(area)
    {
        mColumns = std::max(1, int(std::ceil(area.width() / kCell)));
        mRows = std::max(1, int(std::ceil(area.height() / kCell)));
        mCells.resize(size_t(mColumns) * size_t(mRows));
    }
    void take(const QRectF& r)
    {
        const size_t index = mRects.size();
        mRects.push_back(r);
        forCells(r, [&](std::vector<size_t>& cell) {
            cell.push_back(index);
            return false;
        });
    }
    [[nodiscard]] bool overlaps(const QRectF& r)
    {
        return forCells(r, [&](std::vector<size_t>& cell) {
            return std::any_of(cell.begin(), cell.end(), [&](size_t i) { return mRects[i].intersects(r); });
        });
    }

private:
    static constexpr double kCell = 48;
    template <typename Visit>
    bool forCells(const QRectF& r, Visit visit)
    {
        const int x0 = std::clamp(int((r.left() - mArea.left()) / kCell), 0, mColumns - 1);
        const int x1 = std::clamp(int((r.right() - mArea.left()) / kCell), 0, mColumns - 1);
        const int y0 = std::clamp(int((r.top() - mArea.top()) / kCell), 0, mRows - 1);
        const int y1 = std::clamp(int((r.bottom() - mArea.top()) / kCell), 0, mRows - 1);
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (visit(mCells[size_t(y) * size_t(mColumns) + size_t(x)]))
                    return true;
        return false;
    }
    QRectF mArea;
    int mColumns = 1;
    int mRows = 1;
    std::vector<std::vector<size_t>> mCells;
    std::vector<QRectF> mRects;
};

// Where a bundle's label (`size` on screen) may go, best first: the middle of the line, then along
// it outwards in steps of a twentieth, then beside it, clear of the line by one to `offsets`
// labels' extents across it. The first spot that covers no box and no other label wins.
std::vector<QPointF> labelSpots(const QLineF& line, QSizeF size, int offsets)
{
    std::vector<QPointF> spots;
    spots.reserve(size_t(19 + 2 * 7 * offsets));
    spots.push_back(line.pointAt(0.5));
    for (int step = 1; step <= 9; ++step)
        for (double side : {-1.0, 1.0})
            spots.push_back(line.pointAt(0.5 + side * step * 0.05));
    const QPointF normal = QPointF(-line.dy(), line.dx()) / line.length();
    // How far the label reaches across the line (its width beside an upright line, its height
    // beside a level one).
    const double across = std::abs(normal.x()) * size.width() + std::abs(normal.y()) * size.height();
    for (int k = 0; k < offsets; ++k)
        for (double t : {0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95})
            for (double side : {1.0, -1.0})
                spots.push_back(line.pointAt(t) + side * (across / 2 + 6 + k * across) * normal);
    return spots;
}

constexpr size_t kSmoothLinesBelow = 120;

} // namespace

LinkLayerItem::LinkLayerItem(CanvasScene* scene) : mCanvas(scene)
{
    setZValue(0);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect
}

void LinkLayerItem::setBundles(std::vector<LinkBundle> bundles)
{
    mBundles = std::move(bundles);
    mLabelWidths.clear();
    mSelected = -1;
    geometryChanged();
}

void LinkLayerItem::geometryChanged()
{
    QRectF r;
    bool first = true;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (const LinkBundle& b : mBundles) {
        for (const QGraphicsItem* it : {b.a, b.b}) {
            const QPointF p = it->pos();
            if (first) {
                x0 = x1 = p.x();
                y0 = y1 = p.y();
                first = false;
            } else {
                x0 = std::min(x0, p.x());
                x1 = std::max(x1, p.x());
                y0 = std::min(y0, p.y());
                y1 = std::max(y1, p.y());
            }
        }
    }
    if (!first)
        r = QRectF(QPointF(x0, y0), QPointF(x1, y1)).adjusted(-60, -20, 60, 20); // room for count labels
    if (r != mBounds) {
        prepareGeometryChange();
        mBounds = r;
    }
    update();
}

void LinkLayerItem::setSelectedBundle(int index)
{
    mSelected = index;
    update();
}

int LinkLayerItem::bundleAt(QPointF p, double tolerance) const
{
    int best = -1;
    double bestDist = tolerance;
    for (size_t i = 0; i < mBundles.size(); ++i) {
        const QPointF a = mBundles[i].a->pos();
        const QPointF b = mBundles[i].b->pos();
        const QPointF ab = b - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
        const QPointF d = p - (a + t * ab);
        const double dist = std::hypot(d.x(), d.y());
        if (dist < bestDist) {
            bestDist = dist;
            best = int(i);
        }
    }
    return best;
}

void LinkLayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    if (mBundles.empty())
        return;
    // The clip must not leak into the items painted after this one.
    painter->save();
    paintBundles(painter, option);
    painter->restore();
}

void LinkLayerItem::paintBundles(QPainter* painter, const QStyleOptionGraphicsItem* option)
{
    painter->setClipRect(option->exposedRect);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());

    // One batch per network and thickness class, drawn with drawLines.
    constexpr std::array<Network, 5> nets{
        Network::None, Network::OutOfBand, Network::InBand, Network::Storage, Network::Compute};
    std::array<std::vector<QLineF>, 5> thin, thick;
    size_t inView = 0;
    const QRectF clip = option->exposedRect;
    for (const LinkBundle& b : mBundles) {
        QLineF line(b.a->pos(), b.b->pos());
        // Cut every line to the exposed area first: the raster engine then strokes (and dashes)
        // only what is seen, instead of the whole length of a line across a huge scene.
        if (!clipLine(line, clip))
            continue;
        const size_t k = size_t(std::find(nets.begin(), nets.end(), b.network) - nets.begin());
        (b.links.size() > 1 ? thick : thin)[k].push_back(line);
        ++inView;
    }
    // Antialiased only while few lines are in view: stroking a few hundred long antialiased lines
    // was a fifth of a wheel step at 100,000 GPUs; aliased 1-px lines take the raster engine's
    // fast path (canvas-notes.md).
    const bool smooth = inView < kSmoothLinesBelow;
    painter->setRenderHint(QPainter::Antialiasing, smooth);
    for (size_t k = 0; k < nets.size(); ++k) {
        QPen pen(NetworkPalette::color(nets[k]), smooth ? 1.3 : 1,
            lod > 0.3 ? ItemStyle::linkStyle(nets[k]) : Qt::SolidLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        if (!thin[k].empty())
            painter->drawLines(thin[k].data(), int(thin[k].size()));
        pen.setWidthF(lod > 0.3 ? 3.0 : smooth ? 1.6 : 2.0);
        painter->setPen(pen);
        if (!thick[k].empty())
            painter->drawLines(thick[k].data(), int(thick[k].size()));
    }
    if (mSelected >= 0 && mSelected < int(mBundles.size())) {
        const LinkBundle& b = mBundles[size_t(mSelected)];
        QPen pen(ItemStyle::selectionColor(), 4);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLine(b.a->pos(), b.b->pos());
    }
    // Labels of bundles between two nodes under the nodes, as the lines are; the bands' above
    // them (the title layer draws those).
    mDrawnLabels.clear();
    paintLabels(painter, clip, false);
}

void LinkLayerItem::paintLabels(QPainter* painter, const QRectF& exposed, bool bands, const std::vector<QRectF>& titles)
{
    // Count labels at a screen size: on every band of two or more links (a bundle with a group or
    // a row at one end, which stands for links the eye cannot follow), and when zoomed in on
    // bundles long enough on screen to carry one. Never over a collapsed pod or tier, whose own
    // label is there.
    if (mBundles.empty())
        return;
    const QTransform world = painter->worldTransform();
    const double lod = std::sqrt(std::abs(world.determinant()));
    if (!bands && lod < 0.35)
        return;
    std::vector<size_t> order;
    for (size_t i = 0; i < mBundles.size(); ++i)
        if (isBand(mBundles[i]) == bands && mBundles[i].links.size() > 1)
            order.push_back(i);
    if (order.empty())
        return;
    const QRectF seen = world.mapRect(exposed);
    SpotGrid taken(seen); // labels never overprint each other, an aggregate box or a node's box
    for (const QRectF& box : mCanvas->aggregateBoxes())
        taken.take(world.mapRect(box));
    for (const QRectF& box : mCanvas->nodeBoxesIn(exposed))
        taken.take(world.mapRect(box));
    for (const QRectF& title : titles)
        taken.take(title);
    painter->save();
    painter->resetTransform();
    QFont f = painter->font();
    f.setPixelSize(11);
    f.setBold(true);
    painter->setFont(f);
    const QFontMetricsF fm(f);
    if (mLabelWidths.size() != mBundles.size())
        mLabelWidths.assign(mBundles.size(), -1);
    painter->setRenderHint(QPainter::Antialiasing, true);
    int drawn = 0;
    for (size_t i : order) {
        if (drawn >= 400)
            break; // a screen holds no more labels than this anyway
        const LinkBundle& b = mBundles[i];
        const QLineF onScreen(world.map(b.a->pos()), world.map(b.b->pos()));
        QLineF inView = onScreen;
        if (onScreen.length() < 24 || !clipLine(inView, seen))
            continue;
        // Text and width once per bundle: a static view draws the same labels every frame.
        double& width = mLabelWidths[i];
        if (width < 0)
            width = fm.horizontalAdvance(label(b)) + 8;
        const double w = width;
        if (!isBand(b) && onScreen.length() < w + 40)
            continue;
        // A band's label may stand off its line by up to four labels (a band must say what it
        // carries); a single bundle's only beside it, or not at all, when zoomed in.
        for (const QPointF& at : labelSpots(onScreen, QSizeF(w, 16), bands ? 4 : 1)) {
            const QRectF box(at.x() - w / 2, at.y() - 8, w, 16);
            const QRectF room = box.adjusted(-2, -2, 2, 2);
            if (!seen.contains(box) || taken.overlaps(room))
                continue;
            taken.take(room);
            const QString text = label(b);
            painter->setPen(QPen(NetworkPalette::color(b.network), 1));
            painter->setBrush(Qt::white);
            painter->drawRoundedRect(box, 7, 7);
            painter->setPen(NetworkPalette::color(b.network).darker(140));
            painter->drawText(box, Qt::AlignCenter, text);
            mDrawnLabels.push_back({int(i), text, box});
            ++drawn;
            break;
        }
    }
    painter->restore();
}

bool LinkLayerItem::isBand(const LinkBundle& bundle)
{
    return bundle.a->type() != NodeItem::Type || bundle.b->type() != NodeItem::Type;
}

QString LinkLayerItem::label(const LinkBundle& bundle)
{
    if (bundle.speeds.size() <= 1) {
        QString text = QStringLiteral("%L1×").arg(bundle.links.size());
        if (bundle.speedGbps > 0)
            text += QStringLiteral(" %1G").arg(bundle.speedGbps);
        return text;
    }
    // Uplinks and ports of another speed in one band: each speed with its count.
    QStringList parts;
    for (const auto& [speed, count] : bundle.speeds)
        parts << QStringLiteral("%L1× %2G").arg(count).arg(speed);
    return parts.join(QStringLiteral(" · "));
}

} // namespace pw::ui
