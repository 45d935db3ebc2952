#include "pdfpageflow.h"

#include "reportstyle.h"

#include <QFontMetricsF>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextLayout>
#include <QTextOption>

#include <algorithm>

namespace pw {

using namespace reportstyle;

PdfPageFlow::PdfPageFlow(
    QPdfWriter& writer, const ReportData& data, int totalPages, std::map<ReportSection, int> sectionPages)
    : mWriter(writer), mData(data), mTotal(totalPages), mSectionPages(std::move(sectionPages))
{
    const QSizeF page = writer.pageLayout().fullRectPoints().size();
    mBody = QRectF(48, 62, page.width() - 96, page.height() - 62 - 58);
}

bool PdfPageFlow::begin()
{
    return mPainter.begin(&mWriter);
}

void PdfPageFlow::end()
{
    if (mPageNo == 0)
        newPage();
    decorate();
    mPainter.end();
}

QPaintDevice* PdfPageFlow::device() const
{
    return &mWriter;
}

void PdfPageFlow::newPage(bool cover)
{
    if (mPageNo > 0) {
        decorate();
        mWriter.newPage();
    }
    ++mPageNo;
    mCover = cover;
    y = mBody.top();
}

void PdfPageFlow::decorate()
{
    if (mPageNo == 0)
        return;
    QPainter& p = mPainter;
    p.save();
    p.setPen(QPen(kRule, 0.6));
    const double top = mBody.top() - 22;
    const double bottom = mBody.bottom() + 24;
    if (!mCover) {
        p.drawLine(QPointF(mBody.left(), top + 6), QPointF(mBody.right(), top + 6));
        p.setFont(font(7.5, true));
        p.setPen(kInk);
        // Name left, customer right, each elided to its own part of the line so that long
        // ones never print over each other.
        p.drawText(QRectF(mBody.left(), top - 10, mBody.width() * 0.6, 14), Qt::AlignLeft | Qt::AlignVCenter,
            elided(mData.designName, font(7.5, true), mBody.width() * 0.6));
        p.setFont(font(7.5));
        p.setPen(kMuted);
        const QString right = !mData.headerTitle.isEmpty() ? mData.headerTitle
            : mData.options.customer.isEmpty()             ? QStringLiteral("Cluster design proposal")
                                               : QStringLiteral("Proposal for %1").arg(mData.options.customer);
        p.drawText(QRectF(mBody.left() + mBody.width() * 0.62, top - 10, mBody.width() * 0.38, 14),
            Qt::AlignRight | Qt::AlignVCenter, elided(right, font(7.5), mBody.width() * 0.38));
    }
    p.setPen(QPen(kRule, 0.6));
    p.drawLine(QPointF(mBody.left(), bottom - 8), QPointF(mBody.right(), bottom - 8));
    p.setFont(font(7.5));
    p.setPen(kMuted);
    const QString left = QStringLiteral("Version %1 \u00b7 %2 \u00b7 prepared with Podwright %3")
                             .arg(mData.documentVersion, mData.date.toString(Qt::ISODate), QStringLiteral(PW_VERSION));
    p.drawText(QRectF(mBody.left(), bottom - 4, mBody.width() * 0.75, 14), Qt::AlignLeft | Qt::AlignVCenter,
        elided(left, font(7.5), mBody.width() * 0.75));
    const QString pg = mTotal > 0 ? QStringLiteral("Page %1 of %2").arg(mPageNo).arg(mTotal)
                                  : QStringLiteral("Page %1").arg(mPageNo);
    p.drawText(QRectF(mBody.left() + mBody.width() * 0.5, bottom - 4, mBody.width() * 0.5, 14),
        Qt::AlignRight | Qt::AlignVCenter, pg);
    p.restore();
}

void PdfPageFlow::ensure(double h)
{
    if (h > room())
        newPage();
}

int PdfPageFlow::wrap(const QString& text, const QFont& f, double width) const
{
    const QFontMetricsF fm(f, device());
    if (fm.horizontalAdvance(text) <= width)
        return Qt::TextWordWrap;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    for (const QString& word : text.split(space, Qt::SkipEmptyParts))
        if (fm.horizontalAdvance(word) > width)
            return Qt::TextWordWrap | Qt::TextWrapAnywhere;
    return Qt::TextWordWrap;
}

double PdfPageFlow::textHeight(const QString& text, const QFont& f, double width) const
{
    if (text.isEmpty())
        return 0;
    const QFontMetricsF fm(f, device());
    return fm.boundingRect(QRectF(0, 0, width, 1e6), wrap(text, f, width), text).height();
}

QString PdfPageFlow::wrapped(const QString& text, const QFont& f, double width, int maxLines) const
{
    QTextLayout layout(text, f, device());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (lines.size() == maxLines - 1) {
            lines << elided(text.mid(line.textStart()).simplified(), f, width);
            break;
        }
        lines << text.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    return lines.join(QLatin1Char('\n'));
}

QString PdfPageFlow::elided(const QString& text, const QFont& f, double width) const
{
    return QFontMetricsF(f, device()).elidedText(text, Qt::ElideRight, width);
}

void PdfPageFlow::section(ReportSection s, bool ownPage)
{
    // Sections follow each other on a page with room left, so a short one leaves no page nearly
    // empty; the cover stands alone, and a section that needs a whole page gets one, unless this
    // page is still under a third full (a table's last lines ran onto it): then the section takes
    // the two thirds left rather than leave the page nearly empty.
    const bool underAThirdFull = y - mBody.top() < mBody.height() / 3;
    if ((ownPage && !underAThirdFull) || mPageNo == 0 || mCover || room() < kMinSectionRoom * mBody.height())
        newPage();
    else
        y += 22;
    markSection(s);
    QPainter& p = mPainter;
    p.setFont(font(17, true));
    p.setPen(kInk);
    p.drawText(QRectF(mBody.left(), y, mBody.width(), 26), Qt::AlignLeft | Qt::AlignVCenter, mData.options.heading(s));
    y += 28;
    p.setPen(QPen(kAccent, 1.6));
    p.drawLine(QPointF(mBody.left(), y), QPointF(mBody.left() + 60, y));
    y += 14;
}

void PdfPageFlow::subheading(const QString& text)
{
    ensure(60);
    y += 6;
    mPainter.setFont(font(11, true));
    mPainter.setPen(kInk);
    mPainter.drawText(QRectF(mBody.left(), y, mBody.width(), 16), Qt::AlignLeft | Qt::AlignVCenter, text);
    y += 20;
}

void PdfPageFlow::paragraph(const QString& text, double pt, const QColor& color, bool italic)
{
    const QFont f = font(pt, false, italic);
    const double h = textHeight(text, f, mBody.width());
    ensure(h);
    mPainter.setFont(f);
    mPainter.setPen(color);
    mPainter.drawText(
        QRectF(mBody.left(), y, mBody.width(), h + 2), wrap(text, f, mBody.width()) | Qt::AlignLeft, text);
    y += h + pt * 0.8;
}

void PdfPageFlow::tiles(const std::vector<std::pair<QString, QString>>& items, int perRow)
{
    QPainter& p = mPainter;
    const double gap = 8;
    const double tw = (mBody.width() - gap * (perRow - 1)) / perRow;
    const double th = 46;
    const int rows = static_cast<int>((items.size() + perRow - 1) / perRow);
    ensure(rows * (th + gap));
    for (size_t i = 0; i < items.size(); ++i) {
        const int r = static_cast<int>(i) / perRow;
        const int c = static_cast<int>(i) % perRow;
        const QRectF box(mBody.left() + c * (tw + gap), y + r * (th + gap), tw, th);
        p.setPen(Qt::NoPen);
        p.setBrush(kZebra);
        p.drawRoundedRect(box, 4, 4);
        p.setBrush(kAccent);
        p.drawRect(QRectF(box.left(), box.top() + 6, 2.5, th - 12));
        p.setFont(font(7.5));
        p.setPen(kMuted);
        p.drawText(
            box.adjusted(10, 6, -6, -th / 2), Qt::AlignLeft | Qt::AlignTop, elided(items[i].first, font(7.5), tw - 16));
        QFont vf = font(12.5, true);
        const QFontMetricsF fm(vf, device());
        if (fm.horizontalAdvance(items[i].second) > tw - 16)
            vf.setPointSizeF(std::max(9.0, 12.5 * (tw - 16) / fm.horizontalAdvance(items[i].second)));
        p.setFont(vf);
        p.setPen(kInk);
        p.drawText(box.adjusted(10, th / 2 - 4, -6, -4), Qt::AlignLeft | Qt::AlignVCenter,
            elided(items[i].second, vf, tw - 16));
    }
    y += rows * (th + gap) + 4;
}

} // namespace pw
