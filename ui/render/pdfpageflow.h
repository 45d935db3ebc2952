#pragma once

#include "presentation/reportdata.h"

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QRectF>
#include <QString>

#include <map>
#include <utility>
#include <vector>

class QPdfWriter;
class QPaintDevice;

namespace pw {

// The page flow of one pass over the proposal: the painter, the body area of the page, a cursor
// `y` that content advances, page breaks with the header (design name, customer) and footer
// (version, date, page n of N), and the text blocks every section uses (headings, paragraphs,
// key-figure tiles). It knows nothing of what a section says. Pass 1 runs with totalPages 0 to
// count pages and record where sections start; pass 2 gets both.
class PdfPageFlow {
public:
    PdfPageFlow(QPdfWriter& writer, const ReportData& data, int totalPages, std::map<ReportSection, int> sectionPages);

    bool begin();
    void end();

    [[nodiscard]] QPainter& painter() { return mPainter; }
    [[nodiscard]] QPaintDevice* device() const;
    [[nodiscard]] const QRectF& body() const { return mBody; }
    [[nodiscard]] int pages() const { return mPageNo; }
    // Pass 1, which only counts pages: a block whose size does not depend on what it draws (the
    // full-page diagram) may skip its painting here.
    [[nodiscard]] bool countingPages() const { return mTotal == 0; }
    // Where each section starts: recorded in this pass, and as pass 1 found them (for the contents).
    [[nodiscard]] const std::map<ReportSection, int>& sectionStarts() const { return mStarts; }
    [[nodiscard]] const std::map<ReportSection, int>& sectionPages() const { return mSectionPages; }

    double y = 0; // the cursor: where the next block starts, in points from the page's top

    void newPage(bool cover = false);
    void markSection(ReportSection s) { mStarts[s] = mPageNo; }
    [[nodiscard]] double room() const { return mBody.bottom() - y; }
    // A new page unless `h` points still fit on this one.
    void ensure(double h);

    // Flags for drawText: word wrap, and wrap anywhere when one word (a 256-character name without
    // spaces) is wider than the line, so that it wraps instead of running off the page.
    [[nodiscard]] int wrap(const QString& text, const QFont& f, double width) const;
    [[nodiscard]] double textHeight(const QString& text, const QFont& f, double width) const;
    // At most `maxLines` lines of `text` in `width`, the last one elided.
    [[nodiscard]] QString wrapped(const QString& text, const QFont& f, double width, int maxLines) const;
    [[nodiscard]] QString elided(const QString& text, const QFont& f, double width) const;

    // A section's title: on a new page when this one has less than kMinSectionRoom of its body
    // left (or is the cover), or when `ownPage` asks for it.
    void section(ReportSection s, bool ownPage = false);
    static constexpr double kMinSectionRoom = 0.4;
    void subheading(const QString& text);
    void paragraph(
        const QString& text, double pt = 9.5, const QColor& color = QColor(0x1d, 0x23, 0x2b), bool italic = false);
    // Key figure tiles: label above a large value, `perRow` to a row.
    void tiles(const std::vector<std::pair<QString, QString>>& items, int perRow = 3);

private:
    QPdfWriter& mWriter;
    const ReportData& mData;
    QPainter mPainter;
    int mTotal = 0;
    std::map<ReportSection, int> mSectionPages;
    std::map<ReportSection, int> mStarts;
    QRectF mBody;
    int mPageNo = 0;
    bool mCover = false;

    void decorate(); // header and footer of the page being finished
};

} // namespace pw
