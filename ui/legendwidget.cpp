#include "legendwidget.h"

#include "itemstyle.h"
#include "networkpalette.h"
#include "verificationoverlayitem.h"

#include <QPainter>

namespace pw::ui {

namespace {
constexpr int kRow = 18;
} // namespace

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    resize(sizeHint());
}

QSize LegendWidget::sizeHint() const
{
    return {190, 12 + kRow * (mVerification ? 9 : 5) + 4};
}

namespace {
constexpr DifferenceKind kDrawnKinds[]
    = {DifferenceKind::Missing, DifferenceKind::Miscabled, DifferenceKind::Unexpected, DifferenceKind::Degraded};
} // namespace

void LegendWidget::setVerificationKey(bool shown)
{
    if (mVerification == shown)
        return;
    mVerification = shown;
    const int bottom = geometry().bottom();
    resize(sizeHint());
    move(x(), bottom - height() + 1);
    update();
}

void LegendWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(0xcc, 0xcc, 0xcc));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 6, 6);
    QFont f = font();
    f.setPointSizeF(8.5);
    p.setFont(f);
    int y = 8;
    for (Network n : NetworkPalette::legendNetworks()) {
        QPen pen(NetworkPalette::color(n), 2.5, ItemStyle::linkStyle(n));
        p.setPen(pen);
        p.drawLine(10, y + kRow / 2, 44, y + kRow / 2);
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(QRect(52, y, width() - 56, kRow), Qt::AlignVCenter | Qt::AlignLeft, NetworkPalette::label(n));
        y += kRow;
    }
    const QRect pill(10, y + 2, 34, kRow - 4);
    p.setPen(QColor(0x1f, 0x6f, 0xc5));
    p.setBrush(Qt::white);
    p.drawRoundedRect(pill, 6, 6);
    p.drawText(pill, Qt::AlignCenter, QStringLiteral("8×"));
    p.setPen(QColor(0x22, 0x22, 0x22));
    p.drawText(QRect(52, y, width() - 56, kRow), Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("bundle of 8 links"));
    if (!mVerification)
        return;
    for (DifferenceKind kind : kDrawnKinds) {
        y += kRow;
        p.setPen(QPen(VerificationOverlayItem::color(kind), 3, VerificationOverlayItem::dash(kind)));
        p.drawLine(10, y + kRow / 2, 44, y + kRow / 2);
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(QRect(52, y, width() - 56, kRow), Qt::AlignVCenter | Qt::AlignLeft,
            VerificationOverlayItem::legendText(kind));
    }
}

} // namespace pw::ui
