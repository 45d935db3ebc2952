#include "floorview.h"

#include "designanalysis.h"
#include "designdocument.h"

#include "commands/editfloorcommand.h"
#include "facility/powerchain.h"
#include "model/design.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>
#include <iterator>
#include <unordered_map>

namespace pw::ui {

namespace {
constexpr double kMargin = 12; // pixels around the hall
constexpr double kLabelMargin = 36; // pixels left of the hall, for the labels of the leftmost rows
constexpr double kLoopMargin = 3; // pixels a loop's band reaches beyond its racks

// Loop colours, none of them the GPU racks' green, the blast radius's red and orange, or the
// aisles' blue and red tints; a loop with more neighbours than colours gets a lighter shade of one.
QColor loopColour(size_t index)
{
    static const QColor colours[] = {QColor(0, 150, 200), QColor(150, 90, 210), QColor(0, 160, 140),
        QColor(200, 60, 160), QColor(70, 90, 200), QColor(110, 120, 135)};
    constexpr size_t n = std::size(colours);
    return colours[index % n].lighter(100 + 25 * static_cast<int>(index / n));
}
} // namespace

FloorView::FloorView(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mAnalysis(analysis)
{
    setObjectName(QStringLiteral("floorView"));
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);
    setToolTip(tr("Drag a rack, or select it and use the arrow keys, to move it; ] and [ lengthen or "
                  "shorten its row. Cable lengths follow; Ctrl+Z undoes."));
    connect(mDocument, &DesignDocument::changed, this, &FloorView::refresh);
    if (mAnalysis)
        connect(mAnalysis, &DesignAnalysis::updated, this, &FloorView::refreshLoops);
    refresh();
}

void FloorView::refresh()
{
    const Design& d = mDocument->design();
    mFloor = FloorLayout::of(d);
    mGpuRacks.clear();
    if (mFloor)
        d.nodes().forEach([&](const Node& n) {
            if (const CatalogItem* item = d.itemOf(n.id); item && n.rack.isValid() && item->gpuCount() > 0)
                mGpuRacks.insert(n.rack.value());
        });
    if (mSelected.isValid() && (!mFloor || !mFloor->place(mSelected))) {
        mSelected = GroupId();
        Q_EMIT selectedRackChanged();
    }
    refreshLoops();
}

// The loops of the latest analysis (the power chain's one loop assignment), kept to the racks on
// the floor as it stands now: a stale analysis never draws a rack that has left the floor.
void FloorView::refreshLoops()
{
    mLoops.clear();
    mCduRacks.clear();
    if (mFloor && mAnalysis && mAnalysis->figures().power) {
        const Design& d = mDocument->design();
        for (const CoolantLoop& l : mAnalysis->figures().power->loops) {
            FloorLoop f;
            f.name = l.name;
            f.cduNames = l.cduNames;
            for (GroupId r : l.racks)
                if (mFloor->place(r))
                    f.racks.push_back(r);
            for (NodeId n : l.cduNodes)
                if (const Node* node = d.node(n); node && mFloor->place(node->rack)) {
                    f.cduRacks.push_back(node->rack);
                    mCduRacks.insert(node->rack.value());
                }
            if (f.racks.empty())
                continue;
            f.row = mFloor->place(f.racks.front())->row;
            mLoops.push_back(std::move(f));
        }
    }
    colourLoops();
    update();
}

void FloorView::colourLoops()
{
    // Two loops are neighbours when their spans, grown by a rack position along the row and half a
    // row pitch across it, meet: beside each other in a row, or in rows next to each other.
    std::vector<QRectF> grown;
    grown.reserve(mLoops.size());
    if (mFloor) {
        const double dx = mFloor->hall.rackWidthM;
        const double dy = mFloor->hall.rowPitchM() / 2;
        for (const FloorLoop& l : mLoops) {
            const std::optional<QRectF> span = loopSpan(l);
            grown.push_back(span ? span->adjusted(-dx, -dy, dx, dy) : QRectF());
        }
    }
    std::vector<size_t> index(mLoops.size(), 0);
    for (size_t i = 0; i < mLoops.size(); ++i) {
        std::vector<bool> taken;
        for (size_t j = 0; j < i; ++j)
            if (!grown[i].isNull() && !grown[j].isNull() && grown[i].intersects(grown[j])) {
                if (taken.size() <= index[j])
                    taken.resize(index[j] + 1, false);
                taken[index[j]] = true;
            }
        while (index[i] < taken.size() && taken[index[i]])
            ++index[i];
        mLoops[i].colour = loopColour(index[i]);
    }
}

std::optional<QRectF> FloorView::loopSpan(const FloorLoop& loop) const
{
    if (!mFloor || loop.row < 0 || loop.row >= static_cast<int>(mFloor->rows.size()))
        return std::nullopt;
    int first = FloorLayout::kMaxSlotsPerRow;
    int last = -1;
    auto cover = [&](GroupId rack) {
        if (const RackPlace* p = mFloor->place(rack); p && p->row == loop.row) {
            first = std::min(first, p->slot);
            last = std::max(last, p->slot);
        }
    };
    for (GroupId r : loop.racks)
        cover(r);
    for (GroupId r : loop.cduRacks)
        cover(r);
    if (last < 0)
        return std::nullopt;
    const FloorRow& row = mFloor->rows[static_cast<size_t>(loop.row)];
    return slotRect(row, first).united(slotRect(row, last));
}

QRectF FloorView::loopRect(const FloorLoop& loop) const
{
    const std::optional<QRectF> span = loopSpan(loop);
    return span ? toWidget().mapRect(*span).adjusted(-kLoopMargin, -kLoopMargin, kLoopMargin, kLoopMargin) : QRectF();
}
void FloorView::setBlastRadius(std::unordered_set<quint32> downRacks, std::unordered_set<quint32> affectedRacks)
{
    mDownRacks = std::move(downRacks);
    mAffectedRacks = std::move(affectedRacks);
    update();
}

void FloorView::selectRack(GroupId rack)
{
    if (rack == mSelected)
        return;
    mSelected = rack;
    Q_EMIT selectedRackChanged();
    update();
}

QRectF FloorView::slotRect(const FloorRow& row, int slot) const
{
    const HallParameters& h = mFloor->hall;
    return {row.xM + slot * h.rackWidthM, row.yM - h.rackDepthM / 2, h.rackWidthM, h.rackDepthM};
}

QTransform FloorView::toWidget() const
{
    if (!mFloor)
        return {};
    const QRectF hall = mFloor->extent();
    if (hall.isEmpty())
        return {};
    const double scale
        = std::min((width() - 2 * kMargin - kLabelMargin) / hall.width(), (height() - 2 * kMargin) / hall.height());
    QTransform t;
    t.translate(kMargin + kLabelMargin, kMargin);
    t.scale(scale, scale);
    t.translate(-hall.left(), -hall.top());
    return t;
}

QRectF FloorView::rackRect(GroupId rack) const
{
    if (!mFloor)
        return {};
    const RackPlace* p = mFloor->place(rack);
    if (!p)
        return {};
    return toWidget().mapRect(slotRect(mFloor->rows[static_cast<size_t>(p->row)], p->slot));
}

QRectF FloorView::positionRect(int row, int slot) const
{
    if (!mFloor || row < 0 || row >= static_cast<int>(mFloor->rows.size()))
        return {};
    return toWidget().mapRect(slotRect(mFloor->rows[static_cast<size_t>(row)], slot));
}

std::optional<RackPlace> FloorView::placeAt(QPointF point) const
{
    if (!mFloor)
        return std::nullopt;
    bool invertible = false;
    const QPointF m = toWidget().inverted(&invertible).map(point);
    if (!invertible)
        return std::nullopt;
    const HallParameters& h = mFloor->hall;
    for (size_t r = 0; r < mFloor->rows.size(); ++r) {
        const FloorRow& row = mFloor->rows[r];
        if (std::abs(m.y() - row.yM) > h.rackDepthM / 2)
            continue;
        const int slot = static_cast<int>(std::floor((m.x() - row.xM) / h.rackWidthM));
        if (slot >= 0 && slot < row.slots)
            return RackPlace{static_cast<int>(r), slot};
    }
    return std::nullopt;
}

void FloorView::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    mLastPainted = 0;
    if (!mFloor || mFloor->rows.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
            QStringLiteral("No floor plan: generate a design (File > New from Reference Design) to place its racks."));
        return;
    }
    const QTransform t = toWidget();
    const QRectF exposed = t.inverted().mapRect(QRectF(event->rect()));
    const HallParameters& h = mFloor->hall;
    const QColor cold(70, 130, 220, 40);
    const QColor hot(220, 80, 60, 40);
    p.setPen(Qt::NoPen);
    // Aisles: the strip in front of each row is cold, the one behind it hot.
    for (const FloorRow& row : mFloor->rows) {
        const double front = row.facesNorth ? row.yM - h.rackDepthM / 2 - h.coldAisleM / 2 : row.yM + h.rackDepthM / 2;
        const double back = row.facesNorth ? row.yM + h.rackDepthM / 2 : row.yM - h.rackDepthM / 2 - h.hotAisleM / 2;
        const double length = row.slots * h.rackWidthM;
        const QRectF coldStrip(row.xM, front, length, h.coldAisleM / 2);
        const QRectF hotStrip(row.xM, back, length, h.hotAisleM / 2);
        if (coldStrip.intersects(exposed))
            p.fillRect(t.mapRect(coldStrip), cold);
        if (hotStrip.intersects(exposed))
            p.fillRect(t.mapRect(hotStrip), hot);
    }
    // Empty positions as outlines, racks filled; the selected one highlighted.
    const QColor empty = palette().color(QPalette::Mid);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(empty, 0));
    for (const FloorRow& row : mFloor->rows) {
        const QRectF whole(row.xM, row.yM - h.rackDepthM / 2, row.slots * h.rackWidthM, h.rackDepthM);
        if (whole.intersects(exposed))
            p.drawRect(t.mapRect(whole));
    }
    // Coolant loops: a band in the loop's colour under its racks and CDUs.
    mLastPaintedLoops = 0;
    std::unordered_map<quint32, QColor> cduColour;
    std::vector<std::pair<QRectF, QColor>> outlines;
    for (size_t i = 0; i < mLoops.size(); ++i) {
        const std::optional<QRectF> span = loopSpan(mLoops[i]);
        if (!span || !span->intersects(exposed))
            continue;
        ++mLastPaintedLoops;
        const QRectF band = t.mapRect(*span).adjusted(-kLoopMargin, -kLoopMargin, kLoopMargin, kLoopMargin);
        QColor tint = mLoops[i].colour;
        tint.setAlpha(90);
        p.fillRect(band, tint);
        outlines.push_back({band, mLoops[i].colour});
        for (GroupId r : mLoops[i].cduRacks)
            cduColour[r.value()] = mLoops[i].colour.darker(115);
    }
    const Design& d = mDocument->design();
    const QColor rackFill = palette().color(QPalette::Button).darker(130);
    const QColor gpuFill(118, 185, 0); // racks that hold GPU servers
    const QColor downFill(205, 45, 45); // a failure's blast radius: down
    const QColor affectedFill(240, 150, 0); // and cut off or degraded
    p.setPen(QPen(palette().color(QPalette::Dark), 0));
    for (const auto& [id, place] : mFloor->racks) {
        const QRectF m = slotRect(mFloor->rows[static_cast<size_t>(place.row)], place.slot);
        if (!m.intersects(exposed))
            continue;
        ++mLastPainted;
        const bool gpus = mGpuRacks.contains(id);
        p.setBrush(GroupId(id) == mSelected   ? palette().color(QPalette::Highlight)
                : mDownRacks.contains(id)     ? downFill
                : mAffectedRacks.contains(id) ? affectedFill
                : gpus                        ? gpuFill
                : cduColour.contains(id)      ? cduColour.at(id)
                                              : rackFill);
        p.drawRect(t.mapRect(m));
    }
    // The loops' outlines over the racks, so a loop reads as one shape linking its CDUs to its racks.
    p.setBrush(Qt::NoBrush);
    for (const auto& [band, colour] : outlines) {
        p.setPen(QPen(colour, band.height() > 12 ? 2 : 1));
        p.drawRect(band);
    }
    paintRowLabels(p, t, exposed);
    if (mSelected.isValid())
        if (const Group* g = d.group(mSelected); g && mFloor->place(mSelected)) {
            const RackPlace* place = mFloor->place(mSelected);
            p.setPen(palette().color(QPalette::Text));
            p.drawText(rect().adjusted(6, 2, -6, -2), Qt::AlignTop | Qt::AlignLeft,
                QStringLiteral("%1: row %2, position %3")
                    .arg(g->name, mFloor->rows[static_cast<size_t>(place->row)].name)
                    .arg(place->slot + 1));
        }
}

// Each row's name left of its first position, where the gap to the row before it on that line (or
// the hall's margin) holds it and the row is tall enough to read: labels come with the zoom.
void FloorView::paintRowLabels(QPainter& p, const QTransform& t, const QRectF& exposed)
{
    mLastPaintedLabels = 0;
    const HallParameters& h = mFloor->hall;
    const double rowPx = t.mapRect(QRectF(0, 0, h.rackWidthM, h.rackDepthM)).height();
    if (rowPx < 8)
        return;
    QFont font = p.font();
    font.setPixelSize(static_cast<int>(std::min(13.0, std::max(8.0, rowPx * 0.7))));
    p.setFont(font);
    const QFontMetricsF metrics(font);
    p.setPen(palette().color(QPalette::Text));
    for (const FloorRow& row : mFloor->rows) {
        const QRectF whole(row.xM, row.yM - h.rackDepthM / 2, row.slots * h.rackWidthM, h.rackDepthM);
        if (!whole.intersects(exposed.adjusted(-10, 0, 0, 0)))
            continue;
        double left = t.mapRect(mFloor->extent()).left() - kLabelMargin;
        for (const FloorRow& other : mFloor->rows) {
            const double end = other.xM + other.slots * h.rackWidthM;
            if (&other != &row && std::abs(other.yM - row.yM) < h.rackDepthM && end <= row.xM + 1e-6)
                left = std::max(left, t.map(QPointF(end, 0)).x());
        }
        const QRectF box = t.mapRect(whole);
        const double room = box.left() - left - 4;
        if (metrics.horizontalAdvance(row.name) > room)
            continue;
        p.drawText(QRectF(left, box.top(), room, box.height()), Qt::AlignRight | Qt::AlignVCenter, row.name);
        ++mLastPaintedLabels;
    }
}

bool FloorView::event(QEvent* event)
{
    // Over a coolant loop, the tooltip says which CDUs feed which racks.
    if (event->type() == QEvent::ToolTip) {
        const QPointF at = static_cast<QHelpEvent*>(event)->pos();
        for (const FloorLoop& loop : mLoops)
            if (loopRect(loop).contains(at)) {
                QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                    tr("%1: %n rack(s) fed by %2", nullptr, static_cast<int>(loop.racks.size()))
                        .arg(loop.name,
                            loop.cduNames.isEmpty() ? tr("no CDU placed") : loop.cduNames.join(QStringLiteral(", "))),
                    this);
                return true;
            }
    }
    return QWidget::event(event);
}

void FloorView::mousePressEvent(QMouseEvent* event)
{
    setFocus();
    mDragged = GroupId();
    if (const auto place = placeAt(event->position()))
        if (const GroupId rack = mFloor->rackAt(place->row, place->slot); rack.isValid()) {
            selectRack(rack);
            mDragged = rack;
        }
    update();
}

void FloorView::mouseReleaseEvent(QMouseEvent* event)
{
    const GroupId dragged = mDragged;
    mDragged = GroupId();
    if (!dragged.isValid() || !mFloor)
        return;
    const auto place = placeAt(event->position());
    const RackPlace* from = mFloor->place(dragged);
    if (!place || !from || *place == *from)
        return;
    QString why;
    apply(QStringLiteral("Move rack %1").arg(mDocument->design().group(dragged)->name),
        EditFloorCommand::withRackMoved(*mFloor, dragged, place->row, place->slot, &why), why);
}

bool FloorView::nudgeSelected(int rows, int slots)
{
    if (!mFloor || !mSelected.isValid())
        return false;
    QString why;
    return apply(QStringLiteral("Move rack %1").arg(mDocument->design().group(mSelected)->name),
        EditFloorCommand::withRackNudged(*mFloor, mSelected, rows, slots, &why), why);
}

bool FloorView::resizeSelectedRow(int positions)
{
    if (!mFloor || !mSelected.isValid())
        return false;
    const RackPlace* p = mFloor->place(mSelected);
    FloorLayout after = *mFloor;
    FloorRow& row = after.rows[static_cast<size_t>(p->row)];
    row.slots += positions;
    const QString name = row.name;
    if (row.slots < 1 || row.slots > FloorLayout::kMaxSlotsPerRow) {
        Q_EMIT mDocument->commandRefused(QStringLiteral("row %1 cannot have %2 positions").arg(name).arg(row.slots));
        return false;
    }
    return apply(QStringLiteral("Resize row %1").arg(name), after, {});
}

bool FloorView::apply(const QString& text, const std::optional<FloorLayout>& after, const QString& why)
{
    if (!after) {
        Q_EMIT mDocument->commandRefused(why);
        return false;
    }
    return mDocument->execute(std::make_unique<EditFloorCommand>(text, *after, mDocument->catalog())).ok;
}

void FloorView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Left:
        nudgeSelected(0, -1);
        break;
    case Qt::Key_Right:
        nudgeSelected(0, 1);
        break;
    case Qt::Key_Up:
        nudgeSelected(-1, 0);
        break;
    case Qt::Key_Down:
        nudgeSelected(1, 0);
        break;
    case Qt::Key_BracketRight:
        resizeSelectedRow(1);
        break;
    case Qt::Key_BracketLeft:
        resizeSelectedRow(-1);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

} // namespace pw::ui
