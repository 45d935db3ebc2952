#include "pdfreportwriter.h"

#include "io/atomicfile.h"
#include "pdfpageflow.h"
#include "reportsections.h"
#include "util/errors.h"

#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>

#include <map>

namespace pw {

namespace {

void setUp(QPdfWriter& w, const ReportData& data)
{
    w.setPageSize(
        QPageSize(data.options.pageSize.compare(QLatin1String("Letter"), Qt::CaseInsensitive) == 0 ? QPageSize::Letter
                                                                                                   : QPageSize::A4));
    w.setPageMargins(QMarginsF(0, 0, 0, 0));
    w.setResolution(72); // one device unit is one point
    w.setTitle(QStringLiteral("%1: cluster design proposal").arg(data.designName));
    w.setCreator(QStringLiteral("Podwright %1").arg(QStringLiteral(PW_VERSION)));
}

void writeSections(PdfPageFlow& page, const ReportData& d)
{
    for (ReportSection s : d.options.printedSections()) {
        switch (s) {
        case ReportSection::Cover:
            sections::cover(page, d);
            break;
        case ReportSection::Summary:
            sections::summary(page, d);
            break;
        case ReportSection::Stack:
            sections::stack(page, d);
            break;
        case ReportSection::Topology:
            sections::topology(page, d);
            break;
        case ReportSection::Options:
            sections::options(page, d);
            break;
        case ReportSection::Racks:
            sections::racks(page, d);
            break;
        case ReportSection::Bom:
            sections::bom(page, d);
            break;
        case ReportSection::Cabling:
            sections::cabling(page, d);
            break;
        case ReportSection::Floor:
            sections::floor(page, d);
            break;
        case ReportSection::Failures:
            sections::failures(page, d);
            break;
        case ReportSection::Validation:
            sections::validation(page, d);
            break;
        case ReportSection::Cost:
            sections::cost(page, d);
            break;
        case ReportSection::Sources:
            sections::sources(page, d);
            break;
        case ReportSection::Changes:
            sections::changes(page, d);
            break;
        case ReportSection::Appendix:
            sections::appendix(page, d);
            break;
        }
    }
}

// One pass over the document into `out`; false when the painter cannot start.
bool writePass(QIODevice& out, const ReportData& data, int totalPages, const std::map<ReportSection, int>& starts,
    int& pages, std::map<ReportSection, int>& foundStarts)
{
    QPdfWriter w(&out);
    setUp(w, data);
    PdfPageFlow page(w, data, totalPages, starts);
    if (!page.begin())
        return false;
    writeSections(page, data);
    page.end();
    pages = page.pages();
    foundStarts = page.sectionStarts();
    return true;
}

} // namespace

PdfReportWriter::Result PdfReportWriter::write(const ReportData& data, const QString& path)
{
    Result result;
    // Pass 1: count pages and find where sections start.
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    int pages = 0;
    std::map<ReportSection, int> starts;
    if (!writePass(scratch, data, 0, {}, pages, starts)) {
        result.error = QStringLiteral("cannot start the PDF writer");
        return result;
    }
    // Pass 2 into memory too, then one atomic write: a failed write leaves the old file whole.
    QBuffer file;
    file.open(QIODevice::WriteOnly);
    std::map<ReportSection, int> unused;
    if (!writePass(file, data, pages, starts, result.pages, unused)) {
        result.error = QStringLiteral("cannot start the PDF writer");
        return result;
    }
    file.close();
    return save(file.data(), result.pages, path);
}

PdfReportWriter::Result PdfReportWriter::save(const QByteArray& pdf, int pages, const QString& path)
{
    Result result;
    result.pages = pages;
    try {
        AtomicFile::writeBytes(path, pdf);
    } catch (const Error& e) {
        result.error = e.message();
        result.pages = 0;
    }
    return result;
}

} // namespace pw
