#include "floorview.h"

#include "designdocument.h"

#include "commands/editfloorcommand.h"
#include "model/design.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace pw::ui {

namespace {
constexpr double kMargin = 12; // pixels around the hall
} // namespace

FloorView::FloorView(DesignDocument* document, QWidget* parent) : QWidget(parent), mDocument(document)
{
    setObjectName(QStringLiteral("floorView"));
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 150);
    setToolTip(tr("Drag a rack, or select it and use the arrow keys, to move it; ] and [ lengthen or "
                  "shorten its row. Cable lengths follow; Ctrl+Z undoes."));
    connect(mDocument, &DesignDocument::changed, this, &FloorView::refresh);
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
    update();
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
    const double scale = std::min((width() - 2 * kMargin) / hall.width(), (height() - 2 * kMargin) / hall.height());
    QTransform t;
    t.translate(kMargin, kMargin);
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
                                              : rackFill);
        p.drawRect(t.mapRect(m));
    }
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
