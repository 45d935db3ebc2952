#include "rackelevationview.h"

#include "designanalysis.h"
#include "designdocument.h"

#include "catalog/rackheight.h"
#include "commands/editnodecommand.h"
#include "presentation/slotlabel.h"

#include <QApplication>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace pw::ui {

// The scrolled content: paints the racks that intersect the exposed rectangle.
class RackCanvas : public QWidget {
public:
    explicit RackCanvas(RackElevationView* owner) : QWidget(owner), mOwner(owner)
    {
        setObjectName(QStringLiteral("rackCanvas"));
        setAutoFillBackground(true);
        QPalette p = palette();
        p.setColor(QPalette::Window, QColor(0xf4, 0xf5, 0xf7));
        setPalette(p);
    }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override
    {
        mDrag = {};
        const QPoint point = event->position().toPoint();
        const int i = mOwner->rackAt(point);
        if (i < 0 || event->button() != Qt::LeftButton)
            return;
        for (const auto& s : mOwner->mModel.racks[size_t(i)].slots)
            if (mOwner->slotRect(i, s).contains(point)) {
                // Where in the node it was taken: a drop keeps that U under the cursor.
                mDrag = {s.node, point, mOwner->unitAt(i, point.y()) - s.firstU, s.heightU};
                Q_EMIT mOwner->nodeActivated(s.node);
                return;
            }
    }
    void mouseMoveEvent(QMouseEvent* event) override
    {
        if (!mDrag.node.isValid())
            return;
        mDropRect = dropRect(event->position().toPoint());
        update();
    }
    void mouseReleaseEvent(QMouseEvent* event) override
    {
        const Drag drag = mDrag;
        mDrag = {};
        mDropRect = {};
        update();
        const QPoint point = event->position().toPoint();
        if (!drag.node.isValid() || (point - drag.from).manhattanLength() < QApplication::startDragDistance())
            return;
        const int i = mOwner->rackAt(point);
        if (i >= 0)
            (void)mOwner->moveNode(drag.node, i, mOwner->unitAt(i, point.y()) - drag.grabU);
    }

private:
    struct Drag {
        NodeId node;
        QPoint from;
        int grabU = 0; // the U taken, counted from the node's lowest
        int heightU = 1;
    };
    // The outline of where the dragged node would land, for the drop indicator.
    [[nodiscard]] QRect dropRect(QPoint point) const
    {
        const int i = mOwner->rackAt(point);
        if (i < 0)
            return {};
        RackElevationModel::Slot slot;
        slot.heightU = mDrag.heightU;
        slot.firstU = std::clamp(mOwner->unitAt(i, point.y()) - mDrag.grabU, 1,
            std::max(1, mOwner->mModel.racks[size_t(i)].heightU - mDrag.heightU + 1));
        return mOwner->slotRect(i, slot);
    }

    RackElevationView* mOwner;
    Drag mDrag;
    QRect mDropRect;
};

void RackCanvas::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    const auto& racks = mOwner->mModel.racks;
    if (racks.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
            tr("No racks in this design. Select nodes and group them into a rack (Ctrl+G), "
               "or start from a reference design (Ctrl+Shift+N)."));
        mOwner->mLastPainted = {0, 0};
        return;
    }
    const int pitch = RackElevationView::kRackWidth + RackElevationView::kGap;
    const QRect exposed = event->rect();
    const int first = std::max(0, (exposed.left() - RackElevationView::kGap) / pitch);
    const int last = std::min(int(racks.size()) - 1, exposed.right() / pitch);
    mOwner->mLastPainted = {first, std::max(0, last - first + 1)};
    const int uh = mOwner->unitHeight();
    const QFont small = mOwner->slotFont();
    QFont bold = font();
    bold.setBold(true);
    for (int i = first; i <= last; ++i) {
        const RackElevationModel::Rack& r = racks[size_t(i)];
        const QRect frame = mOwner->rackRect(i);
        // Header: name, model, power against budget.
        p.setFont(bold);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(frame.left(), 2, frame.width(), 18), Qt::AlignLeft | Qt::AlignVCenter,
            p.fontMetrics().elidedText(r.name, Qt::ElideRight, frame.width()));
        p.setFont(small);
        const bool over = r.budgetKw > 0 && r.powerKw > r.budgetKw + 1e-9;
        const QString power = r.budgetKw > 0
            ? QStringLiteral("%1 / %2 kW").arg(r.powerKw, 0, 'f', 1).arg(r.budgetKw, 0, 'f', 1)
            : QStringLiteral("%1 kW (no budget)").arg(r.powerKw, 0, 'f', 1);
        p.setPen(over ? QColor(0xc6, 0x28, 0x28) : palette().color(QPalette::WindowText));
        p.drawText(QRect(frame.left(), 20, frame.width(), 16), Qt::AlignLeft | Qt::AlignVCenter,
            p.fontMetrics().elidedText(QStringLiteral("%1%2 · %3U")
                                           .arg(power, over ? QStringLiteral(" over budget") : QString())
                                           .arg(r.heightU),
                Qt::ElideRight, frame.width()));
        if (r.budgetKw > 0) { // a thin load bar under the header
            const double share = std::min(1.0, r.powerKw / r.budgetKw);
            const QRect bar(frame.left(), 37, frame.width(), 4);
            p.fillRect(bar, QColor(0xdd, 0xdd, 0xdd));
            p.fillRect(QRect(bar.left(), bar.top(), int(bar.width() * share), bar.height()),
                over               ? QColor(0xc6, 0x28, 0x28)
                    : share > 0.85 ? QColor(0xf5, 0x7c, 0x00)
                                   : QColor(0x43, 0xa0, 0x47));
        }
        // The rack: a frame with a U ruler on the left.
        p.fillRect(frame, QColor(0x37, 0x3b, 0x41));
        p.setPen(QColor(0x55, 0x5a, 0x62));
        for (int u = 1; u <= r.heightU; ++u) {
            const int y = frame.bottom() - u * uh;
            p.drawLine(frame.left() + 22, y, frame.right() - 2, y);
            if (uh >= 9 && (u == 1 || u % 5 == 0)) {
                p.setPen(QColor(0xb0, 0xb4, 0xba));
                p.drawText(QRect(frame.left(), y + 1, 20, uh), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
                p.setPen(QColor(0x55, 0x5a, 0x62));
            }
        }
        for (const RackElevationModel::Slot& s : r.slots) {
            const QRect box = mOwner->slotRect(i, s);
            p.setPen(QColor(0x1e, 0x3a, 0x5f));
            p.setBrush(QColor(0xd7, 0xe6, 0xf7));
            p.drawRect(box.adjusted(0, 0, -1, -1));
            if (box.height() >= 8) {
                p.setPen(QColor(0x10, 0x20, 0x30));
                p.drawText(box.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                    RackElevationView::slotText(
                        s, p.fontMetrics(), box.width() - 8, box.height() >= 2 * uh && uh >= 9));
            }
        }
        if (!r.unplaced.empty() || !r.misplaced.empty()) {
            QStringList names;
            for (const auto& s : r.unplaced)
                names << s.name;
            QStringList misplaced; // not drawn: above the rack or over another node (RACK-HEIGHT, RACK-OVERLAP)
            for (const auto& s : r.misplaced)
                misplaced << QStringLiteral("%1 (U%2)").arg(s.name).arg(s.firstU);
            QStringList parts;
            if (!names.isEmpty())
                parts << tr("Not in a U slot: %1").arg(names.join(QStringLiteral(", ")));
            if (!misplaced.isEmpty())
                parts << tr("Misplaced: %1").arg(misplaced.join(QStringLiteral(", ")));
            p.setPen(misplaced.isEmpty() ? palette().color(QPalette::WindowText) : QColor(0xc6, 0x28, 0x28));
            p.drawText(QRect(frame.left(), frame.bottom() + 2, frame.width(), 30),
                Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                p.fontMetrics().elidedText(parts.join(QStringLiteral(" · ")), Qt::ElideRight, frame.width() * 2));
        }
    }
    if (!mDropRect.isNull()) { // where a dragged node would land
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0xf5, 0x7c, 0x00), 2, Qt::DashLine));
        p.drawRect(mDropRect.adjusted(1, 1, -1, -1));
    }
}

QFont RackElevationView::slotFont() const
{
    QFont f = canvas()->font();
    f.setPointSizeF(std::max(6.5, std::min(9.0, unitHeight() * 0.55)));
    return f;
}

QString RackElevationView::slotText(
    const RackElevationModel::Slot& s, const QFontMetrics& metrics, int width, bool twoLines)
{
    const auto fits = [&](const QString& t) { return metrics.horizontalAdvance(t) <= width; };
    if (twoLines)
        return metrics.elidedText(s.name, Qt::ElideRight, width) + QLatin1Char('\n')
            + metrics.elidedText(SlotLabel::choose({s.model, s.sku}, fits), Qt::ElideRight, width);
    return metrics.elidedText(
        SlotLabel::choose(SlotLabel::candidates(s.name, s.model, s.sku), fits), Qt::ElideRight, width);
}

RackElevationView::RackElevationView(DesignDocument* document, DesignAnalysis* analysis, QWidget* parent)
    : QScrollArea(parent), mDocument(document), mAnalysis(analysis)
{
    setWidget(new RackCanvas(this));
    setWidgetResizable(false);
    connect(analysis, &DesignAnalysis::updated, this, &RackElevationView::refresh);
    refresh();
}

int RackElevationView::rackAt(QPoint point) const
{
    const int pitch = kRackWidth + kGap;
    if (point.x() < kGap / 2)
        return -1;
    const int i = (point.x() - kGap / 2) / pitch;
    return i < int(mModel.racks.size()) ? i : -1;
}

int RackElevationView::unitAt(int rackIndex, int y) const
{
    // U k spans the unit-height pixels above frame.bottom() - (k - 1) * uh (slotRect's rows).
    const int fromBottom = rackRect(rackIndex).bottom() - 1 - y;
    return fromBottom < 0 ? 0 : fromBottom / unitHeight() + 1;
}

bool RackElevationView::moveNode(NodeId node, int rackIndex, int firstU)
{
    const Node* n = mDocument->design().node(node);
    if (!n || rackIndex < 0 || rackIndex >= int(mModel.racks.size()))
        return false;
    const RackElevationModel::Rack& rack = mModel.racks[size_t(rackIndex)];
    const CatalogItem* item = mDocument->design().itemOf(node);
    const int heightU = item ? std::max(1, rackHeightU(*item)) : 1;
    firstU = std::clamp(firstU, 1, std::max(1, rack.heightU - heightU + 1));
    if (n->rack == rack.id && n->rackUnit == firstU)
        return false;
    Node moved = *n;
    moved.rack = rack.id;
    moved.rackUnit = firstU;
    return mDocument
        ->execute(std::make_unique<EditNodesCommand>(
            tr("Move %1 to %2 U%3").arg(n->name, rack.name).arg(firstU), std::vector<Node>{moved}))
        .ok;
}

int RackElevationView::unitHeight() const
{
    const int available = viewport()->height() - kHeader - 36;
    return std::clamp(available / std::max(1, mMaxHeightU), 6, 18);
}

QRect RackElevationView::rackRect(int rackIndex) const
{
    const int x = kGap / 2 + rackIndex * (kRackWidth + kGap);
    const int uh = unitHeight();
    const int height = mModel.racks[size_t(rackIndex)].heightU * uh;
    return {x, kHeader, kRackWidth, height + 1};
}

QRect RackElevationView::slotRect(int rackIndex, const RackElevationModel::Slot& slot) const
{
    const QRect frame = rackRect(rackIndex);
    const int uh = unitHeight();
    const int top = frame.bottom() - slot.lastU() * uh;
    return {frame.left() + 24, top, frame.width() - 28, slot.heightU * uh};
}

void RackElevationView::refresh()
{
    // The analysis's power figures when it has them (one computation of rack power), else the
    // design's own (an analysis that failed).
    const auto& cost = mAnalysis->cost();
    mModel
        = cost ? RackElevationModel::of(mDocument->design(), cost->power) : RackElevationModel::of(mDocument->design());
    mMaxHeightU = 1;
    for (const auto& r : mModel.racks)
        mMaxHeightU = std::max(mMaxHeightU, r.heightU);
    updateCanvasSize();
    widget()->update();
}

void RackElevationView::updateCanvasSize()
{
    const int n = std::max(1, int(mModel.racks.size()));
    const int width = n * (kRackWidth + kGap);
    const int height = kHeader + mMaxHeightU * unitHeight() + 40;
    widget()->resize(std::max(width, viewport()->width()), std::max(height, viewport()->height()));
}

void RackElevationView::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    updateCanvasSize();
}

} // namespace pw::ui
