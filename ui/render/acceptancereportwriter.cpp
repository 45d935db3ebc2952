#include "acceptancereportwriter.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportstyle.h"
#include "util/plural.h"

#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>

namespace pw {

namespace {

using namespace reportstyle;
using Cell = PdfTable::Cell;

QString kindTitle(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::Missing:
        return QStringLiteral("Missing");
    case DifferenceKind::Miscabled:
        return QStringLiteral("Miscabled");
    case DifferenceKind::Unexpected:
        return QStringLiteral("Unexpected");
    case DifferenceKind::Degraded:
        return QStringLiteral("Degraded");
    case DifferenceKind::Ambiguous:
        return QStringLiteral("Ambiguous");
    }
    return {};
}

// A cable end as a cell: the device and port, its rack and U under it.
Cell endCell(const VerificationEnd& e)
{
    if (e.device.isEmpty())
        return {};
    QString where
        = e.rack.isEmpty() ? QStringLiteral("not in a rack of the design") : QStringLiteral("rack %1").arg(e.rack);
    if (!e.rack.isEmpty() && e.unit > 0)
        where += QStringLiteral(", U%1").arg(e.unit);
    return Cell{QStringLiteral("%1 port %2").arg(e.device).arg(e.port), where};
}

void writeBody(PdfPageFlow& page, const VerificationReport& r, const QString& designName)
{
    page.newPage();
    QPainter& p = page.painter();
    p.setFont(font(17, true));
    p.setPen(kInk);
    p.drawText(QRectF(page.body().left(), page.y, page.body().width(), 26), Qt::AlignLeft | Qt::AlignVCenter,
        QStringLiteral("Acceptance report: cabling"));
    page.y += 28;
    p.setPen(QPen(kAccent, 1.6));
    p.drawLine(QPointF(page.body().left(), page.y), QPointF(page.body().left() + 60, page.y));
    page.y += 14;
    page.paragraph(QStringLiteral("The %1 fabric of %2 as discovered (%3, %4), compared with the design by device "
                                  "description and port number.")
                       .arg(pw::toString(r.network), designName, r.source,
                           r.when.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
        9, kMuted);
    page.tiles({{QStringLiteral("Designed links"), QString::number(r.designedLinks)},
        {QStringLiteral("As designed"), QString::number(r.asDesignedLinks)},
        {QStringLiteral("Differences"), QString::number(r.differenceCount())}});
    page.paragraph(r.headline() + QLatin1Char('.'), 11, r.isAsDesigned() ? kOk : kError);
    if (r.isAsDesigned()) {
        page.paragraph(QStringLiteral("Every designed cable is where the design puts it, at its designed speed, and "
                                      "the discovery found no cable the design does not have. %1 discovered.")
                           .arg(counted(r.discoveredLinks, "cable", "cables")),
            9);
        return;
    }
    page.paragraph(QStringLiteral("Each row is one cable to fix. Ports are the numbers the fabric reports (a "
                                  "switch's own port numbers, as on its front panel labels and in the cabling plan); "
                                  "labels are the cabling plan's. Miscabled: the first end is as designed, the "
                                  "second is where its far end is now, and the fix says where it goes."),
        8.5, kMuted);
    std::vector<PdfTable::Row> rows;
    for (const VerificationDifference& d : r.differences)
        rows.push_back({Cell{kindTitle(d.kind), {}, true}, Cell{d.label}, endCell(d.a), endCell(d.b), Cell{d.fix}});
    PdfTable::draw(page,
        {{QStringLiteral("Difference"), 0.11}, {QStringLiteral("Label"), 0.09}, {QStringLiteral("End A"), 0.22},
            {QStringLiteral("End B"), 0.22}, {QStringLiteral("Fix"), 0.36}},
        rows, 7.5);
    if (r.unlisted() > 0)
        page.paragraph(QStringLiteral("%1 not listed: the design keeps the first %2; run `podwright-cli verify` "
                                      "for every one.")
                           .arg(counted(r.unlisted(), "more difference", "more differences"))
                           .arg(VerificationReport::kMaxStoredDifferences),
            8.5, kWarning);
}

bool writePass(QIODevice& out, const ReportData& header, const VerificationReport& r, int totalPages, int& pages)
{
    QPdfWriter w(&out);
    w.setPageSize(QPageSize(QPageSize::A4));
    w.setPageMargins(QMarginsF(0, 0, 0, 0));
    w.setResolution(72); // one device unit is one point
    w.setTitle(QStringLiteral("%1: acceptance report").arg(header.designName));
    w.setCreator(QStringLiteral("Podwright %1").arg(QStringLiteral(PW_VERSION)));
    PdfPageFlow page(w, header, totalPages, {});
    if (!page.begin())
        return false;
    writeBody(page, r, header.designName);
    page.end();
    pages = page.pages();
    return true;
}

} // namespace

PdfReportWriter::Result AcceptanceReportWriter::write(
    const VerificationReport& report, const QString& designName, const QString& path)
{
    PdfReportWriter::Result result;
    ReportData header; // the page flow's header and footer: the design's name and today's date
    header.designName = designName;
    header.date = QDate::currentDate();
    header.documentVersion = QStringLiteral("1.0");
    header.headerTitle = QStringLiteral("Acceptance report");
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    int pages = 0;
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    if (!writePass(scratch, header, report, 0, pages) || !writePass(file, header, report, pages, result.pages)) {
        result.error = QStringLiteral("cannot start the PDF writer");
        return result;
    }
    file.close();
    return PdfReportWriter::save(file.data(), result.pages, path);
}

} // namespace pw
