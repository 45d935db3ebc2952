#include "pdfreportwriter.h"

#include "diagramrenderer.h"
#include "io/atomicfile.h"
#include "util/errors.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QImageReader>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTextLayout>
#include <QTextOption>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace pw {

namespace {

const QColor kInk(0x1d, 0x23, 0x2b);
const QColor kMuted(0x5f, 0x6b, 0x78);
const QColor kAccent(0x1f, 0x5f, 0xbf);
const QColor kRule(0xc9, 0xd1, 0xda);
const QColor kZebra(0xf4, 0xf6, 0xf9);
const QColor kError(0xc0, 0x2b, 0x2b);
const QColor kWarning(0xc7, 0x7c, 0x00);
const QColor kInfo(0x2b, 0x6c, 0xb0);
const QColor kOk(0x2e, 0x8b, 0x57);

QFont font(double pt, bool bold = false, bool italic = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pt);
    f.setBold(bold);
    f.setItalic(italic);
    return f;
}

struct Cell {
    QString text = {};
    QString note = {}; // smaller second line(s), grey
    bool bold = false;
    QColor color = kInk;
};

struct Column {
    QString title;
    double share; // of the table width
    Qt::Alignment align = Qt::AlignLeft;
    double pt = 0; // font size of this column's cells; 0: the table's
};

// One pass over the document. Pass 1 measures (pages, section starts); pass 2 writes with the
// total page count and the contents known.
class Doc {
public:
    Doc(QPdfWriter& writer, const ReportData& data, int totalPages, std::map<ReportSection, int> sectionPages)
        : w(writer), d(data), mTotal(totalPages), mSectionPages(std::move(sectionPages))
    {
        const QSizeF page = writer.pageLayout().fullRectPoints().size();
        mPage = QRectF(QPointF(0, 0), page);
        mBody = QRectF(48, 62, page.width() - 96, page.height() - 62 - 58);
    }

    bool begin() { return p.begin(&w); }
    void end()
    {
        decorate();
        p.end();
    }
    int pages() const { return mPageNo; }
    const std::map<ReportSection, int>& sectionStarts() const { return mStarts; }

    void run();

private:
    QPdfWriter& w;
    const ReportData& d;
    QPainter p;
    int mTotal = 0;
    std::map<ReportSection, int> mSectionPages;
    std::map<ReportSection, int> mStarts;
    QRectF mPage;
    QRectF mBody;
    double y = 0;
    int mPageNo = 0;
    bool mCover = false;

    // Page handling.
    void newPage(bool cover = false)
    {
        if (mPageNo > 0) {
            decorate();
            w.newPage();
        }
        ++mPageNo;
        mCover = cover;
        y = mBody.top();
    }
    void decorate()
    {
        if (mPageNo == 0)
            return;
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
                QFontMetricsF(font(7.5, true), &w).elidedText(d.designName, Qt::ElideRight, mBody.width() * 0.6));
            p.setFont(font(7.5));
            p.setPen(kMuted);
            const QString right = d.options.customer.isEmpty()
                ? QStringLiteral("Cluster design proposal")
                : QStringLiteral("Proposal for %1").arg(d.options.customer);
            p.drawText(QRectF(mBody.left() + mBody.width() * 0.62, top - 10, mBody.width() * 0.38, 14),
                Qt::AlignRight | Qt::AlignVCenter,
                QFontMetricsF(font(7.5), &w).elidedText(right, Qt::ElideRight, mBody.width() * 0.38));
        }
        p.setPen(QPen(kRule, 0.6));
        p.drawLine(QPointF(mBody.left(), bottom - 8), QPointF(mBody.right(), bottom - 8));
        p.setFont(font(7.5));
        p.setPen(kMuted);
        const QString left = QStringLiteral("Version %1 \u00b7 %2 \u00b7 prepared with Podwright %3")
                                 .arg(d.documentVersion, d.date.toString(Qt::ISODate), QStringLiteral(PW_VERSION));
        p.drawText(QRectF(mBody.left(), bottom - 4, mBody.width() * 0.75, 14), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(font(7.5), &w).elidedText(left, Qt::ElideRight, mBody.width() * 0.75));
        const QString pg = mTotal > 0 ? QStringLiteral("Page %1 of %2").arg(mPageNo).arg(mTotal)
                                      : QStringLiteral("Page %1").arg(mPageNo);
        p.drawText(QRectF(mBody.left() + mBody.width() * 0.5, bottom - 4, mBody.width() * 0.5, 14),
            Qt::AlignRight | Qt::AlignVCenter, pg);
        p.restore();
    }
    double room() const { return mBody.bottom() - y; }
    void ensure(double h)
    {
        if (h > room())
            newPage();
    }

    // Text.
    // Word wrap, and wrap anywhere when one word (a 256-character name without spaces) is wider
    // than the line, so that it wraps instead of running off the page or into the next column.
    int wrap(const QString& text, const QFont& f, double width) const
    {
        const QFontMetricsF fm(f, &w);
        if (fm.horizontalAdvance(text) <= width)
            return Qt::TextWordWrap;
        static const QRegularExpression space(QStringLiteral("\\s+"));
        for (const QString& word : text.split(space, Qt::SkipEmptyParts))
            if (fm.horizontalAdvance(word) > width)
                return Qt::TextWordWrap | Qt::TextWrapAnywhere;
        return Qt::TextWordWrap;
    }
    double textHeight(const QString& text, const QFont& f, double width) const
    {
        if (text.isEmpty())
            return 0;
        const QFontMetricsF fm(f, &w);
        return fm.boundingRect(QRectF(0, 0, width, 1e6), wrap(text, f, width), text).height();
    }
    // At most `maxLines` lines of `text` in `width`, broken at words (or anywhere inside a word
    // longer than a line), the last one elided: a 256-character name without spaces must not run
    // off the page or fill the cover.
    QString wrapped(const QString& text, const QFont& f, double width, int maxLines) const
    {
        QTextLayout layout(text, f, &w);
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        QStringList lines;
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            if (lines.size() == maxLines - 1) {
                lines << QFontMetricsF(f, &w).elidedText(
                    text.mid(line.textStart()).simplified(), Qt::ElideRight, width);
                break;
            }
            lines << text.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
        return lines.join(QLatin1Char('\n'));
    }
    void section(ReportSection s)
    {
        newPage();
        mStarts[s] = mPageNo;
        const QString title = ReportOptions::sectionTitle(s);
        p.setFont(font(17, true));
        p.setPen(kInk);
        p.drawText(QRectF(mBody.left(), y, mBody.width(), 26), Qt::AlignLeft | Qt::AlignVCenter, title);
        y += 28;
        p.setPen(QPen(kAccent, 1.6));
        p.drawLine(QPointF(mBody.left(), y), QPointF(mBody.left() + 60, y));
        y += 14;
    }
    void subheading(const QString& text)
    {
        ensure(60);
        y += 6;
        p.setFont(font(11, true));
        p.setPen(kInk);
        p.drawText(QRectF(mBody.left(), y, mBody.width(), 16), Qt::AlignLeft | Qt::AlignVCenter, text);
        y += 20;
    }
    void paragraph(const QString& text, double pt = 9.5, const QColor& color = kInk, bool italic = false)
    {
        const QFont f = font(pt, false, italic);
        const double h = textHeight(text, f, mBody.width());
        ensure(h);
        p.setFont(f);
        p.setPen(color);
        p.drawText(QRectF(mBody.left(), y, mBody.width(), h + 2), wrap(text, f, mBody.width()) | Qt::AlignLeft, text);
        y += h + pt * 0.8;
    }

    // Key figure tiles: label above a large value.
    void tiles(const std::vector<std::pair<QString, QString>>& items, int perRow = 3)
    {
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
            p.drawText(box.adjusted(10, 6, -6, -th / 2), Qt::AlignLeft | Qt::AlignTop, items[i].first);
            QFont vf = font(12.5, true);
            const QFontMetricsF fm(vf, &w);
            if (fm.horizontalAdvance(items[i].second) > tw - 16)
                vf.setPointSizeF(std::max(9.0, 12.5 * (tw - 16) / fm.horizontalAdvance(items[i].second)));
            p.setFont(vf);
            p.setPen(kInk);
            p.drawText(box.adjusted(10, th / 2 - 4, -6, -4), Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(vf, &w).elidedText(items[i].second, Qt::ElideRight, tw - 16));
        }
        y += rows * (th + gap) + 4;
    }

    // Tables: wrapped cells, zebra rows, the header repeated on each page.
    void table(const std::vector<Column>& cols, const std::vector<std::vector<Cell>>& rows, double pt = 8,
        const std::vector<int>& boldRows = {})
    {
        const QFont body = font(pt);
        const QFont bold = font(pt, true);
        const QFont note = font(pt - 1.2);
        const QFont head = font(pt - 0.5, true);
        const double pad = 3;
        std::vector<double> widths;
        for (const Column& c : cols)
            widths.push_back(c.share * mBody.width());
        auto header = [&] {
            const double h = pt + 2 * pad + 4;
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0xe4, 0xea, 0xf2));
            p.drawRect(QRectF(mBody.left(), y, mBody.width(), h));
            p.setFont(head);
            p.setPen(kInk);
            double x = mBody.left();
            for (size_t i = 0; i < cols.size(); ++i) {
                p.drawText(QRectF(x + pad, y, widths[i] - 2 * pad, h), cols[i].align | Qt::AlignVCenter, cols[i].title);
                x += widths[i];
            }
            y += h;
        };
        ensure(60);
        header();
        for (size_t r = 0; r < rows.size(); ++r) {
            const bool isBold = std::find(boldRows.begin(), boldRows.end(), static_cast<int>(r)) != boldRows.end();
            double h = 0;
            for (size_t i = 0; i < cols.size() && i < rows[r].size(); ++i) {
                const Cell& c = rows[r][i];
                const double cw = widths[i] - 2 * pad;
                const QFont cf = cols[i].pt > 0 ? font(cols[i].pt, c.bold || isBold) : (c.bold || isBold ? bold : body);
                double ch = textHeight(c.text, cf, cw);
                if (!c.note.isEmpty())
                    ch += 1.5 + textHeight(c.note, note, cw);
                h = std::max(h, ch);
            }
            h += 2 * pad;
            if (h > room()) {
                newPage();
                header();
            }
            if (r % 2 == 1 || isBold) {
                p.setPen(Qt::NoPen);
                p.setBrush(isBold ? QColor(0xe9, 0xee, 0xf5) : kZebra);
                p.drawRect(QRectF(mBody.left(), y, mBody.width(), h));
            }
            double x = mBody.left();
            for (size_t i = 0; i < cols.size() && i < rows[r].size(); ++i) {
                const Cell& c = rows[r][i];
                const double cw = widths[i] - 2 * pad;
                const QFont f = cols[i].pt > 0 ? font(cols[i].pt, c.bold || isBold) : (c.bold || isBold ? bold : body);
                const double th = textHeight(c.text, f, cw);
                p.setFont(f);
                p.setPen(c.color);
                p.drawText(QRectF(x + pad, y + pad, cw, th + 1), cols[i].align | wrap(c.text, f, cw), c.text);
                if (!c.note.isEmpty()) {
                    p.setFont(note);
                    p.setPen(kMuted);
                    p.drawText(
                        QRectF(x + pad, y + pad + th + 1.5, cw, h), cols[i].align | wrap(c.note, note, cw), c.note);
                }
                x += widths[i];
            }
            y += h;
        }
        p.setPen(QPen(kRule, 0.6));
        p.drawLine(QPointF(mBody.left(), y), QPointF(mBody.right(), y));
        y += 10;
    }

    // Sections.
    void cover();
    void summary();
    void stack();
    void topology();
    void racks();
    void bom();
    void cabling();
    void validation();
    void cost();
    void sources();

    // Charts (vector).
    // `format` writes each bar's value (a count, an amount): the caller knows what the bars measure.
    void barChart(const QRectF& area, const std::vector<std::pair<QString, double>>& values, const QString& title,
        const std::function<QString(double)>& format);
    void tierChart(const QRectF& area);
    void tcoChart(const QRectF& area);
    void chartTitle(const QRectF& area, const QString& title)
    {
        p.setFont(font(9, true));
        p.setPen(kInk);
        p.drawText(QRectF(area.left(), area.top(), area.width(), 14), Qt::AlignLeft | Qt::AlignVCenter, title);
    }
    QString shortMoney(double usd) const { return d.roundedMoney(usd); }
};

void Doc::run()
{
    for (ReportSection s : d.options.sections) {
        switch (s) {
        case ReportSection::Cover:
            cover();
            break;
        case ReportSection::Summary:
            summary();
            break;
        case ReportSection::Stack:
            stack();
            break;
        case ReportSection::Topology:
            topology();
            break;
        case ReportSection::Racks:
            racks();
            break;
        case ReportSection::Bom:
            bom();
            break;
        case ReportSection::Cabling:
            cabling();
            break;
        case ReportSection::Validation:
            validation();
            break;
        case ReportSection::Cost:
            cost();
            break;
        case ReportSection::Sources:
            sources();
            break;
        }
    }
    if (mPageNo == 0)
        newPage();
}

void Doc::cover()
{
    newPage(true);
    mStarts[ReportSection::Cover] = mPageNo;
    double top = mBody.top();
    const QSizeF logoBox(170, 64);
    QSvgRenderer svg;
    if (d.options.logoPath.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) && svg.load(d.options.logoPath)
        && svg.isValid()) {
        // SVG logos stay vectors in the PDF.
        const QSizeF s = QSizeF(svg.defaultSize()).scaled(logoBox, Qt::KeepAspectRatio);
        svg.render(&p, QRectF(mBody.left(), top, s.width(), s.height()));
        top += logoBox.height() + 10;
    } else if (!d.options.logoPath.isEmpty()) {
        QImageReader reader(d.options.logoPath);
        reader.setAutoTransform(true);
        QSize sz = reader.size();
        if (sz.isValid() && (sz.width() > 1200 || sz.height() > 600))
            reader.setScaledSize(sz.scaled(1200, 600, Qt::KeepAspectRatio));
        const QImage logo = reader.read();
        if (!logo.isNull()) {
            const QSizeF s = QSizeF(logo.size()).scaled(logoBox, Qt::KeepAspectRatio);
            p.drawImage(QRectF(mBody.left(), top, s.width(), s.height()), logo);
            top += logoBox.height() + 10;
        }
    }
    y = top + 90;
    p.setPen(QPen(kAccent, 3));
    p.drawLine(QPointF(mBody.left(), y), QPointF(mBody.left() + 80, y));
    y += 16;
    p.setFont(font(12, true));
    p.setPen(kAccent);
    p.drawText(
        QRectF(mBody.left(), y, mBody.width(), 18), Qt::AlignLeft, ReportOptions::sectionTitle(ReportSection::Cover));
    y += 26;
    const QFont titleFont = font(25, true);
    const QString designTitle = wrapped(d.designName, titleFont, mBody.width(), 3);
    const double th = textHeight(designTitle, titleFont, mBody.width());
    p.setFont(titleFont);
    p.setPen(kInk);
    p.drawText(QRectF(mBody.left(), y, mBody.width(), th + 4), Qt::AlignLeft, designTitle);
    y += th + 18;
    std::vector<std::pair<QString, QString>> meta;
    if (!d.options.customer.isEmpty())
        meta.emplace_back(QStringLiteral("Prepared for"), d.options.customer);
    if (!d.options.preparedBy.isEmpty())
        meta.emplace_back(QStringLiteral("Prepared by"), d.options.preparedBy);
    meta.emplace_back(QStringLiteral("Date"),
        QLocale(QLocale::English, QLocale::UnitedStates).toString(d.date, QStringLiteral("MMMM d, yyyy")));
    meta.emplace_back(QStringLiteral("Version"), d.documentVersion);
    for (const auto& [k, v] : meta) {
        p.setFont(font(10));
        p.setPen(kMuted);
        p.drawText(QRectF(mBody.left(), y, 100, 16), Qt::AlignLeft | Qt::AlignVCenter, k);
        p.setFont(font(10, true));
        p.setPen(kInk);
        p.drawText(QRectF(mBody.left() + 100, y, mBody.width() - 100, 16), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(font(10, true), &w).elidedText(v, Qt::ElideRight, mBody.width() - 100));
        y += 18;
    }
    y += 24;
    const CostReport& c = d.cost;
    tiles({{QStringLiteral("GPUs"), ReportData::number(d.summary.gpus)},
        {QStringLiteral("Capital cost (%1-%2)").arg(shortMoney(c.capexBand.low), shortMoney(c.capexBand.high)),
            d.money(c.capex, 0)},
        {QStringLiteral("Bisection bandwidth"),
            d.fabric.bisectionComputed ? ReportData::number(d.fabric.bisectionGbps) + QStringLiteral(" Gb/s")
                                       : QStringLiteral("not computed")}});
    // Contents with page numbers (known from the first pass).
    y += 18;
    p.setFont(font(11, true));
    p.setPen(kInk);
    p.drawText(QRectF(mBody.left(), y, mBody.width(), 16), Qt::AlignLeft, QStringLiteral("Contents"));
    y += 22;
    for (ReportSection s : d.options.sections) {
        if (s == ReportSection::Cover)
            continue;
        p.setFont(font(9.5));
        p.setPen(kInk);
        const QString title = ReportOptions::sectionTitle(s);
        p.drawText(QRectF(mBody.left(), y, mBody.width() - 40, 14), Qt::AlignLeft | Qt::AlignVCenter, title);
        const auto it = mSectionPages.find(s);
        const QString page = it == mSectionPages.end() ? QString() : QString::number(it->second);
        p.drawText(QRectF(mBody.right() - 40, y, 40, 14), Qt::AlignRight | Qt::AlignVCenter, page);
        p.setPen(QPen(kRule, 0.5, Qt::DotLine));
        const double tw = QFontMetricsF(font(9.5), &w).horizontalAdvance(title);
        p.drawLine(QPointF(mBody.left() + tw + 6, y + 10), QPointF(mBody.right() - 24, y + 10));
        y += 17;
    }
}

void Doc::summary()
{
    section(ReportSection::Summary);
    const CostReport& c = d.cost;
    const FabricReport& f = d.fabric;
    tiles({{QStringLiteral("GPUs"), ReportData::number(d.summary.gpus)},
        {QStringLiteral("Tier (cluster type: %1)").arg(d.clusterType), c.tier ? c.tier->name : QStringLiteral("-")},
        {QStringLiteral("Bisection bandwidth"),
            f.bisectionComputed ? QStringLiteral("%1 Gb/s").arg(ReportData::number(f.bisectionGbps))
                                : QStringLiteral("not computed")},
        {QStringLiteral("IT power (maximum)"), QStringLiteral("%1 kW").arg(ReportData::number(c.itPowerKw, 1))},
        {QStringLiteral("Capital cost (%1-%2)").arg(shortMoney(c.capexBand.low), shortMoney(c.capexBand.high)),
            d.money(c.capex)},
        {QStringLiteral("TCO over %1 years (%2-%3)")
                .arg(ReportData::number(c.assumptions.years.value), shortMoney(c.tcoBand.low),
                    shortMoney(c.tcoBand.high)),
            d.money(c.tco)}});
    y += 4;
    for (const QString& para : d.summaryText)
        paragraph(para, 9.5);
    subheading(QStringLiteral("Key figures"));
    std::vector<std::vector<Cell>> rows;
    auto row = [&](const QString& k, const QString& v, const QString& how = QString()) {
        rows.push_back({Cell{k}, Cell{v, how}});
    };
    row(QStringLiteral("GPUs / servers"),
        QStringLiteral("%1 GPUs in %2 servers")
            .arg(ReportData::number(d.summary.gpus), ReportData::number(d.summary.servers)));
    row(QStringLiteral("Cluster type"), d.clusterType, d.clusterTypeAndStack.typeNeeds);
    {
        const ClusterStackBlock& b = d.clusterTypeAndStack;
        if (b.users)
            row(QStringLiteral("Users or teams"), ReportData::number(*b.users));
        if (b.inferenceShare)
            row(QStringLiteral("Reserved for inference"),
                QStringLiteral("%1% of the GPUs (%2 GPUs)")
                    .arg(ReportData::number(*b.inferenceShare * 100, 0),
                        ReportData::number(b.inferenceGpus.value_or(0))));
        if (!b.nodes.empty())
            row(QStringLiteral("Management nodes"),
                QStringLiteral("%1 nodes, %2 kW maximum, %3")
                    .arg(ReportData::number(static_cast<double>(b.nodes.size())),
                        ReportData::number(b.powerMaxW / 1000.0, 1), d.money(b.priceUsd)),
                QStringLiteral("head, control-plane, monitoring and fabric-manager nodes; counts are estimates"));
    }
    if (c.tier)
        row(QStringLiteral("Tier"), c.tier->name,
            QStringLiteral("all-in %1 to %2 (capital cost and the support bought with it) %3 the tier's typical range")
                .arg(d.money(c.allInBand.low, 0), d.money(c.allInBand.high, 0),
                    c.withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside")));
    row(QStringLiteral("Switches"),
        QStringLiteral("%1 leaf, %2 spine, %3 core (compute fabric); %4 in all")
            .arg(f.leafSwitches)
            .arg(f.spineSwitches)
            .arg(f.coreSwitches)
            .arg(d.summary.switches));
    if (f.bisectionComputed)
        row(QStringLiteral("Bisection bandwidth"),
            QStringLiteral("%1 Gb/s (ratio %2 of full)")
                .arg(ReportData::number(f.bisectionGbps), ReportData::number(f.bisectionRatio, 3)),
            QStringLiteral("%1; worst split: %2").arg(f.bisectionMethod, f.worstSplit));
    for (const auto& [tierName, t] : f.oversubscription)
        row(QStringLiteral("Oversubscription (%1)").arg(tierName), t.text());
    if (f.oneSpineLostRatio)
        row(QStringLiteral("One spine lost"),
            QStringLiteral("bisection ratio %1").arg(ReportData::number(*f.oneSpineLostRatio, 3)));
    if (f.oneLeafLostRatio)
        row(QStringLiteral("One leaf lost"),
            QStringLiteral("bisection ratio %1").arg(ReportData::number(*f.oneLeafLostRatio, 3)));
    row(QStringLiteral("Power"),
        QStringLiteral("%1 kW IT maximum, %2 kW typical, %3 kW facility (PUE %4)")
            .arg(ReportData::number(c.itPowerKw, 1), ReportData::number(c.itTypicalPowerKw, 1),
                ReportData::number(c.facilityPowerKw, 1), ReportData::number(c.assumptions.pue.value, 2)));
    row(QStringLiteral("Racks, cables, optics"),
        QStringLiteral("%1 rack(s), %2 cables, %3 transceivers")
            .arg(ReportData::number(d.rackCount), ReportData::number(f.cables), ReportData::number(f.transceivers)));
    row(QStringLiteral("Capital cost"), d.money(c.capex),
        QStringLiteral("%1 per GPU; band %2 to %3 (every estimate at the low or high end of its price band)")
            .arg(d.money(c.costPerGpu), d.money(c.capexBand.low, 0), d.money(c.capexBand.high, 0)));
    row(QStringLiteral("Operating cost per year"), d.money(c.opexPerYear),
        QStringLiteral("energy %1, support %2, facility %3, staff %4")
            .arg(d.money(c.energyCostPerYear), d.money(c.supportPerYear), d.money(c.facilityPerYear),
                d.money(c.staffPerYear)));
    row(QStringLiteral("Total cost of ownership"), d.money(c.tco),
        QStringLiteral("over %1 years; band %2 to %3")
            .arg(ReportData::number(c.assumptions.years.value), d.money(c.tcoBand.low, 0), d.money(c.tcoBand.high, 0)));
    row(QStringLiteral("Cost per GPU-hour"), d.money(c.costPerGpuHour),
        QStringLiteral("at %1% utilization; band %2 to %3")
            .arg(ReportData::number(c.assumptions.utilization.value * 100, 0), d.money(c.costPerGpuHourBand.low),
                d.money(c.costPerGpuHourBand.high)));
    row(QStringLiteral("Cloud comparison"),
        QStringLiteral("%1 per GPU-hour; owning breaks even %2")
            .arg(d.money(c.assumptions.cloudPricePerGpuHour.value), c.breakEvenText()));
    table({{QStringLiteral("Figure"), 0.28}, {QStringLiteral("Value"), 0.72}}, rows, 8);
}

void Doc::stack()
{
    section(ReportSection::Stack);
    const ClusterStackBlock& b = d.clusterTypeAndStack;
    const bool stated = b.type != ClusterType::Unspecified;
    const QString share = b.inferenceShare
        ? QStringLiteral("%1% (%2 GPUs)")
              .arg(ReportData::number(*b.inferenceShare * 100, 0), ReportData::number(b.inferenceGpus.value_or(0)))
        : QStringLiteral("-");
    tiles({{QStringLiteral("Cluster type"), b.typeText},
              {QStringLiteral("Users or teams"), b.users ? ReportData::number(*b.users) : QStringLiteral("not stated")},
              {b.type == ClusterType::Mixed ? QStringLiteral("Reserved for inference") : QStringLiteral("GPUs"),
                  b.type == ClusterType::Mixed ? share : ReportData::number(b.gpus)},
              {QStringLiteral("Management nodes"),
                  QStringLiteral("%1 (%2 kW)")
                      .arg(ReportData::number(static_cast<double>(b.nodes.size())),
                          ReportData::number(b.powerMaxW / 1000.0, 1))}},
        4);
    if (stated) {
        paragraph(QStringLiteral("Cluster type: %1. %2").arg(b.typeText, b.typeNeeds), 9.5);
    } else {
        paragraph(QStringLiteral("Cluster type not stated. The design does not say whether it is for training, "
                                 "inference, both (mixed) or development, "
                                 "so the checks that depend on the type stay silent; state it in the design intent "
                                 "(podwright-cli intent)."),
            9.5);
    }
    QStringList who;
    if (b.users)
        who << QStringLiteral("Shared by %1 user%2 or team%2.")
                   .arg(ReportData::number(*b.users), *b.users == 1 ? QString() : QStringLiteral("s"));
    if (b.type == ClusterType::Mixed) {
        if (b.inferenceShare)
            who << QStringLiteral(
                "%1% of the %2 GPUs (%3 GPUs) are reserved for inference serving; the rest run training, "
                "partitioned by priority queues and reservations.")
                       .arg(ReportData::number(*b.inferenceShare * 100, 0), ReportData::number(b.gpus),
                           ReportData::number(b.inferenceGpus.value_or(0)));
        else
            who << QStringLiteral("The share of GPUs reserved for inference is not stated.");
    }
    if (!who.isEmpty())
        paragraph(who.join(QLatin1Char(' ')), 9.5);

    subheading(QStringLiteral("Software stack"));
    if (b.layers.empty()) {
        paragraph(QStringLiteral("The design names no software stack."), 9.5, kMuted);
    } else {
        paragraph(b.stackStored ? QStringLiteral("The stack stored with the design.")
                                : QStringLiteral("The design stores no stack: this is the default for %1.")
                                      .arg(stated ? QStringLiteral("a %1 cluster").arg(b.typeText)
                                                  : QStringLiteral("an unstated cluster type (as training)")),
            8.5, kMuted);
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::Layer& l : b.layers) // one row per layer, one line per component
            rows.push_back({Cell{l.name, QString(), true}, Cell{l.components.join(QLatin1Char('\n'))}});
        table({{QStringLiteral("Layer"), 0.32}, {QStringLiteral("Component"), 0.68}}, rows, 8.5);
    }

    if (!b.neededRoles.empty()) {
        subheading(QStringLiteral("Management servers the stack needs"));
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::Role& r : b.neededRoles)
            rows.push_back({Cell{r.id}, Cell{ReportData::number(r.count)}, Cell{r.prefix}, Cell{r.reason}});
        table({{QStringLiteral("Role"), 0.25}, {QStringLiteral("Count"), 0.08, Qt::AlignRight},
                  {QStringLiteral("Name prefix"), 0.15}, {QStringLiteral("Why"), 0.52}},
            rows, 8);
    }

    subheading(QStringLiteral("Management nodes in the design"));
    if (b.nodes.empty()) {
        paragraph(
            QStringLiteral(
                "The design places no management node (head, control-plane, monitoring server or UFM appliance)."),
            9.5, kMuted);
    } else {
        std::vector<std::vector<Cell>> rows;
        for (const ClusterStackBlock::ManagementNode& n : b.nodes)
            rows.push_back({Cell{n.name}, Cell{n.role}, Cell{n.sku},
                Cell{ReportData::number(n.powerMaxW) + QStringLiteral(" W")}, Cell{d.money(n.priceUsd)}});
        std::vector<int> bold{static_cast<int>(rows.size())};
        rows.push_back({Cell{QStringLiteral("Total (%1 nodes)").arg(b.nodes.size())}, Cell{}, Cell{},
            Cell{ReportData::number(b.powerMaxW) + QStringLiteral(" W")}, Cell{d.money(b.priceUsd)}});
        table({{QStringLiteral("Name"), 0.2}, {QStringLiteral("Role"), 0.24}, {QStringLiteral("SKU"), 0.22},
                  {QStringLiteral("Max power"), 0.14, Qt::AlignRight}, {QStringLiteral("Price"), 0.2, Qt::AlignRight}},
            rows, 8, bold);
    }
    paragraph(QStringLiteral("Note: ") + b.footnote + QLatin1Char('.'), 7.5, kMuted, true);
}

void Doc::topology()
{
    section(ReportSection::Topology);
    const DiagramModel& m = d.diagram;
    paragraph(m.aggregated
            ? QStringLiteral("%1 nodes and %2 links, aggregated: servers and leaves by scalable unit (or rack), other "
                             "switches by network and tier. "
                             "Each line is a bundle of links; its label gives the number of links.")
                  .arg(ReportData::number(m.nodes), ReportData::number(m.links))
            : QStringLiteral(
                "%1 nodes and %2 links, one box per node. Lines with a number are bundles of that many links.")
                  .arg(ReportData::number(m.nodes), ReportData::number(m.links)),
        8.5, kMuted);
    // Legend.
    double x = mBody.left();
    const std::pair<QColor, const char*> legend[]
        = {{QColor(0x1f, 0x5f, 0xbf), "compute"}, {QColor(0xd9, 0x7a, 0x00), "storage"},
            {QColor(0x2e, 0x8b, 0x57), "in-band management"}, {QColor(0x80, 0x80, 0x80), "out-of-band management"}};
    p.setFont(font(7.5));
    for (const auto& [color, name] : legend) {
        p.setPen(QPen(color, 2));
        p.drawLine(QPointF(x, y + 5), QPointF(x + 14, y + 5));
        p.setPen(kInk);
        p.drawText(QPointF(x + 18, y + 8), QLatin1String(name));
        x += 30 + QFontMetricsF(font(7.5), &w).horizontalAdvance(QLatin1String(name));
    }
    y += 22;
    const QRectF area(mBody.left(), y, mBody.width(), room());
    DiagramRenderer::paint(p, m, area, 7.0);
    y = mBody.bottom();
}

void Doc::racks()
{
    section(ReportSection::Racks);
    if (d.racks.empty()) {
        paragraph(QStringLiteral("The design places no node in a rack."));
        return;
    }
    paragraph(QStringLiteral("%1 racks in %2 distinct layouts. Racks with identical contents share one drawing; the "
                             "names under each drawing list them.")
                  .arg(ReportData::number(d.rackCount))
                  .arg(d.racks.size()),
        8.5, kMuted);
    const int perRow = 4;
    const double gap = 14;
    const double colW = (mBody.width() - gap * (perRow - 1)) / perRow;
    const size_t maxLayouts = 48;
    const size_t shown = std::min(maxLayouts, d.racks.size());
    for (size_t i = 0; i < shown; i += perRow) {
        int maxU = 0;
        bool misplaced = false;
        for (size_t k = i; k < std::min(shown, i + perRow); ++k) {
            maxU = std::max(maxU, d.racks[k].heightU);
            misplaced = misplaced || !d.racks[k].misplaced.isEmpty();
        }
        // One row of racks takes a page's height at most; fit two rows of short racks.
        const double extra = misplaced ? 46 : 0; // four lines listing the nodes not drawn
        const double uH = std::min(12.0, (mBody.height() - 130 - extra) / std::max(1, maxU));
        const double rowH = maxU * uH + 74 + extra;
        ensure(rowH);
        for (size_t k = i; k < std::min(shown, i + perRow); ++k) {
            const RackElevation& r = d.racks[k];
            const double x = mBody.left() + (k - i) * (colW + gap);
            QStringList names = r.rackNames;
            const QString title = names.size() > 1 ? QStringLiteral("%1 (x %2)").arg(r.name).arg(names.size()) : r.name;
            p.setFont(font(8.5, true));
            p.setPen(kInk);
            p.drawText(QRectF(x, y, colW, 12), Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(font(8.5, true), &w).elidedText(title, Qt::ElideRight, colW));
            p.setFont(font(6.5));
            p.setPen(kMuted);
            p.drawText(QRectF(x, y + 12, colW, 10), Qt::AlignLeft | Qt::AlignVCenter,
                QStringLiteral("%1, %2U%3")
                    .arg(r.model)
                    .arg(r.heightU)
                    .arg(r.liquidCooled ? QStringLiteral(", liquid") : QString()));
            const double top = y + 26;
            const double railW = 12;
            const QRectF frame(x + railW, top, colW - railW, r.heightU * uH);
            p.setPen(QPen(QColor(0x44, 0x44, 0x44), 0.8));
            p.setBrush(QColor(0xfa, 0xfa, 0xfa));
            p.drawRect(frame);
            p.setFont(font(std::min(5.5, uH * 0.55)));
            p.setPen(QColor(0x99, 0x99, 0x99));
            for (int u = 1; u <= r.heightU; ++u) {
                const double uy = frame.bottom() - u * uH;
                if (u % 2 == 1 || uH >= 9)
                    p.drawText(QRectF(x, uy, railW - 2, uH), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
            }
            for (const RackElevation::Slot& s : r.slots) {
                const QRectF sr(frame.left() + 1, frame.bottom() - (s.u - 1 + s.heightU) * uH + 0.5, frame.width() - 2,
                    s.heightU * uH - 1);
                QColor fill(0xe3, 0xee, 0xfb);
                if (s.kind == DiagramModel::Kind::Switch)
                    fill = QColor(0xd5, 0xe8, 0xd4);
                else if (s.kind == DiagramModel::Kind::Storage)
                    fill = QColor(0xfd, 0xed, 0xd3);
                else if (s.kind == DiagramModel::Kind::Appliance || s.kind == DiagramModel::Kind::Other)
                    fill = QColor(0xee, 0xe6, 0xf7);
                p.setPen(QPen(QColor(0x70, 0x80, 0x90), 0.5));
                p.setBrush(fill);
                p.drawRect(sr);
                const QFont sf = font(std::min(6.5, std::max(4.0, uH * 0.55)));
                p.setFont(sf);
                p.setPen(kInk);
                const QString text = s.heightU >= 2 && uH * s.heightU >= 16
                    ? s.name + QLatin1Char('\n') + s.model
                    : s.name + QStringLiteral(" \u00b7 ") + s.model;
                const QFontMetricsF fm(sf, &w);
                QStringList lines = text.split(QLatin1Char('\n'));
                for (QString& l : lines)
                    l = fm.elidedText(l, Qt::ElideRight, sr.width() - 4);
                p.drawText(sr.adjusted(2, 0, -2, 0), Qt::AlignCenter, lines.join(QLatin1Char('\n')));
            }
            double ty = frame.bottom() + 4;
            p.setFont(font(6.5));
            p.setPen(r.powerBudgetKw > 0 && r.powerKw > r.powerBudgetKw ? kError : kMuted);
            p.drawText(QRectF(x, ty, colW, 10), Qt::AlignLeft | Qt::AlignVCenter,
                r.powerBudgetKw > 0 ? QStringLiteral("%1 kW of %2 kW budget")
                                          .arg(ReportData::number(r.powerKw, 1), ReportData::number(r.powerBudgetKw, 1))
                                    : QStringLiteral("%1 kW maximum").arg(ReportData::number(r.powerKw, 1)));
            if (names.size() > 1) {
                ty += 10;
                p.setPen(kMuted);
                QString list = names.mid(0, 12).join(QStringLiteral(", "))
                    + (names.size() > 12 ? QStringLiteral(", ...") : QString());
                p.drawText(QRectF(x, ty, colW, 24), Qt::AlignLeft | Qt::TextWordWrap, list);
                ty += 14;
            }
            if (!r.misplaced.isEmpty()) {
                // Left out of the drawing, never drawn over the rack's top or another node.
                ty += 10;
                p.setPen(kError);
                const QFontMetricsF fm(font(6.5), &w);
                p.drawText(QRectF(x, ty, colW, 36), Qt::AlignLeft | Qt::TextWordWrap,
                    fm.elidedText(QStringLiteral("Not drawn (RACK-HEIGHT, RACK-OVERLAP): %1")
                                      .arg(r.misplaced.join(QStringLiteral(", "))),
                        Qt::ElideRight, colW * 3.5));
            }
        }
        y += rowH;
    }
    if (d.racks.size() > shown)
        paragraph(
            QStringLiteral("%1 further rack layouts are not drawn; the cabling plan export lists every rack and U.")
                .arg(d.racks.size() - shown),
            8.5, kMuted);
}

void Doc::bom()
{
    section(ReportSection::Bom);
    const BillOfMaterials& b = d.cost.bom;
    paragraph(
        QStringLiteral(
            "Derived from the design: every node by catalog item, racks, cables by length class and transceivers. "
            "Each price names its kind (list, estimate, price book, override); the sources section gives where each "
            "came from."),
        8.5, kMuted);
    std::vector<std::vector<Cell>> rows;
    std::vector<int> bold;
    QString category;
    double subtotal = 0;
    auto closeCategory = [&] {
        if (category.isEmpty())
            return;
        bold.push_back(static_cast<int>(rows.size()));
        rows.push_back({Cell{QStringLiteral("Subtotal %1").arg(category)}, Cell{}, Cell{}, Cell{}, Cell{},
            Cell{d.money(subtotal)}, Cell{}});
    };
    for (const BomLine& l : b.lines()) {
        if (l.category != category) {
            closeCategory();
            category = l.category;
            subtotal = 0;
        }
        subtotal += l.extendedPrice();
        rows.push_back({Cell{l.category}, Cell{l.sku, l.description}, Cell{l.lengthClass},
            Cell{ReportData::number(l.quantity)}, Cell{d.money(l.unitPrice)}, Cell{d.money(l.extendedPrice())},
            Cell{l.priceKind, QString(), false, l.priceKind == QLatin1String("estimate") ? kWarning : kInk}});
    }
    closeCategory();
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back({Cell{QStringLiteral("Total capital cost")}, Cell{}, Cell{}, Cell{}, Cell{},
        Cell{d.money(d.cost.capex)}, Cell{}});
    table({{QStringLiteral("Category"), 0.12}, {QStringLiteral("Item"), 0.33}, {QStringLiteral("Length"), 0.08},
              {QStringLiteral("Qty"), 0.08, Qt::AlignRight}, {QStringLiteral("Unit price"), 0.13, Qt::AlignRight},
              {QStringLiteral("Extended"), 0.16, Qt::AlignRight}, {QStringLiteral("Price"), 0.10}},
        rows, 7.8, bold);
    if (b.uncabledLinks() > 0)
        paragraph(QStringLiteral("%1 links have no cable chosen and are not priced: the total is a lower bound.")
                      .arg(b.uncabledLinks()),
            8.5, kWarning);
}

void Doc::cabling()
{
    section(ReportSection::Cabling);
    std::map<QString, int> byType;
    std::map<QString, int> byNetwork;
    for (const CablingLine& l : d.cabling) {
        byType[l.type] += l.count;
        byNetwork[l.network] += l.count;
    }
    QStringList types;
    for (const auto& [t, n] : byType)
        types << QStringLiteral("%1 %2").arg(ReportData::number(n), t);
    paragraph(QStringLiteral("%1 cables in all: %2. The cabling plan export (cabling-csv) gives one row per cable with "
                             "both ends' device, port, rack and U and a label; "
                             "p2p-csv gives the same links for cable-validation tools.")
                  .arg(ReportData::number(d.cableCount), types.join(QStringLiteral(", "))),
        9);
    std::vector<std::pair<QString, double>> bars;
    for (const auto& [t, n] : byType)
        bars.emplace_back(t, n);
    const double chartH = 24 + 16 * bars.size();
    ensure(chartH + 10);
    barChart(QRectF(mBody.left(), y, mBody.width(), chartH), bars, QStringLiteral("Cables by type"),
        [](double n) { return ReportData::number(n); });
    y += chartH + 10;
    subheading(QStringLiteral("By network, type and length class"));
    std::vector<std::vector<Cell>> rows;
    for (const CablingLine& l : d.cabling)
        rows.push_back({Cell{l.network}, Cell{l.type}, Cell{l.lengthClass}, Cell{ReportData::number(l.count)}});
    std::vector<int> bold{static_cast<int>(rows.size())};
    rows.push_back({Cell{QStringLiteral("Total")}, Cell{}, Cell{}, Cell{ReportData::number(d.cableCount)}});
    table({{QStringLiteral("Network"), 0.25}, {QStringLiteral("Cable or optic type"), 0.35},
              {QStringLiteral("Length class"), 0.2}, {QStringLiteral("Cables"), 0.2, Qt::AlignRight}},
        rows, 8.5, bold);
}

void Doc::validation()
{
    section(ReportSection::Validation);
    const FindingCounts& c = d.findingCounts;
    tiles({{QStringLiteral("Errors"), QString::number(c.errors)},
              {QStringLiteral("Warnings"), QString::number(c.warnings)},
              {QStringLiteral("Information"), QString::number(c.infos)},
              {QStringLiteral("Waived"), QString::number(c.waived)}},
        4);
    if (d.findings.empty()) {
        paragraph(QStringLiteral("No design rule reports anything: every check passed."), 9.5, kOk);
        return;
    }
    paragraph(QStringLiteral("Every finding of the design rules, with its severity. A waived finding stays listed with "
                             "the written reason for accepting it."),
        8.5, kMuted);
    std::vector<std::vector<Cell>> rows;
    for (const Finding& f : d.findings) {
        const QColor color = f.waived()       ? kMuted
            : f.severity == Severity::Error   ? kError
            : f.severity == Severity::Warning ? kWarning
                                              : kInfo;
        QString note = f.explanation;
        if (f.waived())
            note = QStringLiteral("Waived%1: %2")
                       .arg(f.waiver->author.isEmpty() ? QString() : QStringLiteral(" by %1").arg(f.waiver->author),
                           f.waiver->reason)
                + (note.isEmpty() ? QString() : QStringLiteral("\n") + note);
        rows.push_back({Cell{toString(f.severity) + (f.waived() ? QStringLiteral("\n(waived)") : QString()), QString(),
                            true, color},
            Cell{f.code}, Cell{f.message, note}});
    }
    table({{QStringLiteral("Severity"), 0.11}, {QStringLiteral("Rule"), 0.25, Qt::AlignLeft, 6.8},
              {QStringLiteral("Finding"), 0.64}},
        rows, 7.8);
}

void Doc::barChart(const QRectF& area, const std::vector<std::pair<QString, double>>& values, const QString& title,
    const std::function<QString(double)>& format)
{
    chartTitle(area, title);
    if (values.empty())
        return;
    double maxV = 0;
    for (const auto& [k, v] : values)
        maxV = std::max(maxV, v);
    const double labelW = area.width() * 0.28;
    const double valueW = area.width() * 0.2;
    const double barH = 10;
    double yy = area.top() + 20;
    for (const auto& [k, v] : values) {
        p.setFont(font(7.5));
        p.setPen(kInk);
        p.drawText(QRectF(area.left(), yy, labelW - 6, barH + 4), Qt::AlignRight | Qt::AlignVCenter, k);
        const double bw = maxV > 0 ? (area.width() - labelW - valueW) * v / maxV : 0;
        p.setPen(Qt::NoPen);
        p.setBrush(kAccent);
        p.drawRect(QRectF(area.left() + labelW, yy + 2, std::max(0.5, bw), barH));
        p.setPen(kInk);
        p.drawText(
            QRectF(area.left() + labelW + bw + 4, yy, valueW, barH + 4), Qt::AlignLeft | Qt::AlignVCenter, format(v));
        yy += 16;
    }
}

void Doc::tierChart(const QRectF& area)
{
    chartTitle(area,
        QStringLiteral("All-in cost (capital cost and support bought with it) against the tier table (log scale)"));
    const QRectF plot(area.left() + 110, area.top() + 22, area.width() - 130, area.height() - 46);
    double lo = 1e5;
    double hi = 1e9;
    for (const Tier& t : d.tiers) {
        lo = std::min(lo, t.typicalCostMin);
        hi = std::max(hi, t.typicalCostMax.value_or(t.typicalCostMin * 3));
    }
    lo = std::min(lo, std::max(1.0, d.cost.allInBand.low) / 2);
    hi = std::max(hi, d.cost.allInBand.high * 2);
    const double llo = std::floor(std::log10(std::max(1.0, lo)));
    const double lhi = std::ceil(std::log10(hi));
    auto xOf
        = [&](double v) { return plot.left() + plot.width() * (std::log10(std::max(1.0, v)) - llo) / (lhi - llo); };
    p.setFont(font(6.5));
    for (double e = llo; e <= lhi; e += 1) {
        const double x = xOf(std::pow(10, e));
        p.setPen(QPen(kRule, 0.4, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(kMuted);
        p.drawText(QRectF(x - 30, plot.bottom() + 2, 60, 10), Qt::AlignCenter,
            shortMoney(std::pow(10, e) / d.options.exchangeRate * d.options.exchangeRate));
    }
    const double rowH = plot.height() / std::max<size_t>(1, d.tiers.size());
    for (size_t i = 0; i < d.tiers.size(); ++i) {
        const Tier& t = d.tiers[i];
        const double yy = plot.top() + i * rowH;
        const bool mine = d.cost.tier && d.cost.tier->id == t.id;
        p.setFont(font(7.5, mine));
        p.setPen(kInk);
        p.drawText(QRectF(area.left(), yy, 106, rowH), Qt::AlignRight | Qt::AlignVCenter, t.name);
        const double x0 = xOf(t.typicalCostMin);
        const double x1 = t.typicalCostMax ? xOf(*t.typicalCostMax) : plot.right();
        p.setPen(Qt::NoPen);
        p.setBrush(mine ? kAccent : QColor(0xb8, 0xc7, 0xdb));
        p.drawRoundedRect(QRectF(x0, yy + rowH * 0.25, std::max(1.0, x1 - x0), rowH * 0.5), 2, 2);
    }
    // The design by its band (hardware-specs.md section 10): a shaded range from the low to the high
    // capital cost, the mid as a line.
    const double cx = xOf(d.cost.allInBand.mid);
    const double bx0 = xOf(d.cost.allInBand.low);
    const double bx1 = xOf(d.cost.allInBand.high);
    QColor bandFill = kError;
    bandFill.setAlpha(50);
    p.setPen(Qt::NoPen);
    p.setBrush(bandFill);
    p.drawRect(QRectF(bx0, plot.top() - 4, std::max(1.0, bx1 - bx0), plot.height() + 4));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(kError, 1.4));
    p.drawLine(QPointF(cx, plot.top() - 4), QPointF(cx, plot.bottom()));
    p.setFont(font(7.5, true));
    p.setPen(kError);
    const QString label = QStringLiteral("this design, all-in: %1 (%2-%3)")
                              .arg(d.money(d.cost.allInBand.mid, 0), shortMoney(d.cost.allInBand.low),
                                  shortMoney(d.cost.allInBand.high));
    const double lw = QFontMetricsF(font(7.5, true), &w).horizontalAdvance(label);
    const double lx = std::min(cx + 4, plot.right() - lw);
    p.drawText(QRectF(lx, area.bottom() - 12, lw + 4, 12), Qt::AlignLeft | Qt::AlignVCenter, label);
}

void Doc::tcoChart(const QRectF& area)
{
    chartTitle(area, QStringLiteral("Cumulative cost: owning against renting the same GPU-hours"));
    const QRectF plot(area.left() + 60, area.top() + 22, area.width() - 80, area.height() - 50);
    const auto& own = d.ownCumulative;
    const auto& cloud = d.cloudCumulative;
    if (own.size() < 2)
        return;
    double maxV = 1;
    for (double v : own)
        maxV = std::max(maxV, v);
    for (double v : cloud)
        maxV = std::max(maxV, v);
    const double step = std::pow(10, std::floor(std::log10(maxV)));
    double top = std::ceil(maxV / step) * step;
    const int n = static_cast<int>(own.size()) - 1;
    auto pt = [&](int i, double v) {
        return QPointF(plot.left() + plot.width() * i / n, plot.bottom() - plot.height() * v / top);
    };
    p.setFont(font(6.5));
    const int ticks = 5;
    for (int k = 0; k <= ticks; ++k) {
        const double v = top * k / ticks;
        const double yy = plot.bottom() - plot.height() * k / ticks;
        p.setPen(QPen(kRule, 0.4, k == 0 ? Qt::SolidLine : Qt::DashLine));
        p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
        p.setPen(kMuted);
        p.drawText(QRectF(area.left(), yy - 6, 56, 12), Qt::AlignRight | Qt::AlignVCenter, shortMoney(v));
    }
    for (int i = 0; i <= n; ++i) {
        p.setPen(kMuted);
        p.drawText(
            QRectF(pt(i, 0).x() - 20, plot.bottom() + 2, 40, 10), Qt::AlignCenter, QStringLiteral("year %1").arg(i));
    }
    auto line = [&](const std::vector<double>& vs, const QColor& c) {
        QPainterPath path;
        path.moveTo(pt(0, vs[0]));
        for (int i = 1; i <= n; ++i)
            path.lineTo(pt(i, vs[static_cast<size_t>(i)]));
        p.setPen(QPen(c, 1.8));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setBrush(c);
        for (int i = 0; i <= n; ++i)
            p.drawEllipse(pt(i, vs[static_cast<size_t>(i)]), 1.8, 1.8);
    };
    line(own, kAccent);
    line(cloud, kWarning);
    // Legend under the plot.
    const double ly = area.bottom() - 10;
    p.setFont(font(7.5));
    p.setPen(QPen(kAccent, 2));
    p.drawLine(QPointF(plot.left(), ly), QPointF(plot.left() + 16, ly));
    p.setPen(kInk);
    p.drawText(QPointF(plot.left() + 20, ly + 3),
        QStringLiteral("own: capex + opex x years (TCO %1)").arg(d.money(d.cost.tco, 0)));
    const double x2 = plot.left() + plot.width() * 0.55;
    p.setPen(QPen(kWarning, 2));
    p.drawLine(QPointF(x2, ly), QPointF(x2 + 16, ly));
    p.setPen(kInk);
    p.drawText(QPointF(x2 + 20, ly + 3),
        QStringLiteral("cloud at %1 per GPU-hour").arg(d.money(d.cost.assumptions.cloudPricePerGpuHour.value)));
}

void Doc::cost()
{
    section(ReportSection::Cost);
    const CostReport& c = d.cost;
    std::vector<std::vector<Cell>> rows;
    std::vector<std::pair<QString, double>> bars;
    for (const CapexShare& cat : c.capexByCategory)
        rows.push_back({Cell{QStringLiteral("Capital: %1").arg(cat.name)}, Cell{d.money(cat.usd)},
            Cell{c.capex > 0 ? ReportData::number(100 * cat.share, 1) + QLatin1Char('%') : QString()}});
    for (const CapexShare& area : c.capexByArea)
        bars.emplace_back(area.name, area.usd);
    std::vector<int> bold{static_cast<int>(rows.size())};
    rows.push_back({Cell{QStringLiteral("Capital cost")}, Cell{d.money(c.capex)}, Cell{QStringLiteral("100%")}});
    rows.push_back({Cell{QStringLiteral("Capital cost band"),
                        QStringLiteral("every estimated price at the low or high end of its band")},
        Cell{QStringLiteral("%1 to %2").arg(d.money(c.capexBand.low, 0), d.money(c.capexBand.high, 0))}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Energy per year"), QStringLiteral("%1 kWh").arg(ReportData::number(c.energyKwhPerYear))},
            Cell{d.money(c.energyCostPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Support per year")}, Cell{d.money(c.supportPerYear)}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Facility (colocation) per year"),
             QStringLiteral("%1 kW IT maximum x %2 per kW-month x 12")
                 .arg(ReportData::number(c.itPowerKw, 1), d.money(c.assumptions.facilityUsdPerKwMonth.value, 0))},
            Cell{d.money(c.facilityPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Staff per year"), c.assumptions.staffFormula(c.gpus)},
        Cell{d.money(c.staffPerYear)}, Cell{}});
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back({Cell{QStringLiteral("Operating cost per year")}, Cell{d.money(c.opexPerYear)}, Cell{}});
    bold.push_back(static_cast<int>(rows.size()));
    rows.push_back(
        {Cell{QStringLiteral("Total cost of ownership, %1 years").arg(ReportData::number(c.assumptions.years.value))},
            Cell{d.money(c.tco)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Total cost of ownership band")},
        Cell{QStringLiteral("%1 to %2").arg(d.money(c.tcoBand.low, 0), d.money(c.tcoBand.high, 0))}, Cell{}});
    rows.push_back(
        {Cell{QStringLiteral("Cost per GPU-hour"),
             QStringLiteral("at %1% utilization").arg(ReportData::number(c.assumptions.utilization.value * 100, 0))},
            Cell{d.money(c.costPerGpuHour)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Cloud, same GPU-hours per year")}, Cell{d.money(c.cloudCostPerYear)}, Cell{}});
    rows.push_back({Cell{QStringLiteral("Break-even utilization against the cloud")},
        Cell{c.breakEvenUtilization ? ReportData::number(*c.breakEvenUtilization * 100, 1) + QLatin1Char('%')
                                    : QStringLiteral("never")},
        Cell{}});
    table({{QStringLiteral("Item"), 0.55}, {QStringLiteral("Amount"), 0.3, Qt::AlignRight},
              {QStringLiteral("Share"), 0.15, Qt::AlignRight}},
        rows, 8.5, bold);

    const double barsH = 26 + 16 * bars.size();
    ensure(barsH);
    barChart(QRectF(mBody.left(), y, mBody.width(), barsH), bars, QStringLiteral("Capital cost by area"),
        [this](double usd) { return shortMoney(usd); });
    y += barsH + 6;
    const double tierH = 30 + 22 * d.tiers.size() + 24;
    ensure(tierH);
    tierChart(QRectF(mBody.left(), y, mBody.width(), tierH));
    y += tierH + 12;
    const double tcoH = 200;
    ensure(tcoH);
    tcoChart(QRectF(mBody.left(), y, mBody.width(), tcoH));
    y += tcoH + 8;
    if (c.tier)
        paragraph(QStringLiteral("Tier: %1 (%2 to %3 GPUs); the design's all-in cost band (capital cost and the "
                                 "support bought with it, %5 to %6) is %4 the tier's typical range.")
                      .arg(c.tier->name, ReportData::number(c.tier->minGpus),
                          c.tier->maxGpus ? ReportData::number(*c.tier->maxGpus) : QStringLiteral("any number of"),
                          c.withinTypicalCost ? QStringLiteral("within") : QStringLiteral("outside"),
                          d.money(c.allInBand.low, 0), d.money(c.allInBand.high, 0)),
            8.5, kMuted);
}

void Doc::sources()
{
    section(ReportSection::Sources);
    paragraph(QStringLiteral("Every price and specification figure the report uses, with its source. Figures marked "
                             "estimate are our own; "
                             "prices are in USD as the catalog gives them%1.")
                  .arg(d.options.currency == QLatin1String("USD")
                          ? QString()
                          : QStringLiteral(", and amounts elsewhere are converted at %1 %2 per USD")
                                .arg(ReportData::number(d.options.exchangeRate, 4), d.options.currency)),
        8.5, kMuted);
    std::vector<std::vector<Cell>> rows;
    for (const SourceLine& s : d.sources)
        rows.push_back({Cell{s.subject}, Cell{s.figure}, Cell{s.value},
            Cell{s.source, QString(), false, s.estimate ? kWarning : kInk},
            Cell{s.estimate ? QStringLiteral("estimate") : QString(), QString(), false, kWarning}});
    table({{QStringLiteral("Item"), 0.17}, {QStringLiteral("Figure"), 0.17}, {QStringLiteral("Value"), 0.16},
              {QStringLiteral("Source"), 0.40}, {QString(), 0.10}},
        rows, 7.2);
}

} // namespace

PdfReportWriter::Result PdfReportWriter::write(const ReportData& data, const QString& path)
{
    Result result;
    auto setup = [&](QPdfWriter& w) {
        w.setPageSize(QPageSize(data.options.pageSize.compare(QLatin1String("Letter"), Qt::CaseInsensitive) == 0
                ? QPageSize::Letter
                : QPageSize::A4));
        w.setPageMargins(QMarginsF(0, 0, 0, 0));
        w.setResolution(72); // one device unit is one point
        w.setTitle(QStringLiteral("%1: cluster design proposal").arg(data.designName));
        w.setCreator(QStringLiteral("Podwright %1").arg(QStringLiteral(PW_VERSION)));
    };
    // Pass 1: count pages and find where sections start.
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    int pages = 0;
    std::map<ReportSection, int> starts;
    {
        QPdfWriter w(&scratch);
        setup(w);
        Doc doc(w, data, 0, {});
        if (!doc.begin()) {
            result.error = QStringLiteral("cannot start the PDF writer");
            return result;
        }
        doc.run();
        doc.end();
        pages = doc.pages();
        starts = doc.sectionStarts();
    }
    // Pass 2 into memory too, then one atomic write: a failed write leaves the old file whole.
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    {
        QPdfWriter w(&file);
        setup(w);
        Doc doc(w, data, pages, starts);
        if (!doc.begin()) {
            result.error = QStringLiteral("cannot start the PDF writer");
            return result;
        }
        doc.run();
        doc.end();
        result.pages = doc.pages();
    }
    file.close();
    try {
        AtomicFile::writeBytes(path, file.data());
    } catch (const Error& e) {
        result.error = e.message();
        result.pages = 0;
    }
    return result;
}

} // namespace pw
