#pragma once

#include "presentation/reportdata.h"

#include <QByteArray>
#include <QString>

namespace pw {

// Writes a ReportData as a PDF proposal: the chosen sections (reportsections.h) on the page flow
// (PdfPageFlow: pages, header, footer), with tables (PdfTable) and vector charts (ReportCharts).
// The document is laid out twice: the first pass counts pages and finds where sections start (for
// the cover's contents and "of N"), the second writes; the file is written atomically.
// Needs a QGuiApplication (QT_QPA_PLATFORM=offscreen is enough).
class PdfReportWriter {
public:
    struct Result {
        int pages = 0;
        QString error; // empty on success
    };
    [[nodiscard]] static Result write(const ReportData& data, const QString& path);
    // A laid-out PDF of `pages` pages into `path` in one atomic write (a failed write leaves the
    // old file whole); the acceptance report saves through it too.
    [[nodiscard]] static Result save(const QByteArray& pdf, int pages, const QString& path);
};

} // namespace pw
