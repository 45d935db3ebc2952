#pragma once

#include "report/reportdata.h"

#include <QString>

namespace pw {

// Lays out a ReportData as a PDF proposal: cover, then each chosen section, with a header (design
// name, customer) and a footer (version, date, page n of N) on every page. Charts are drawn with
// QPainter, so they are vectors in the PDF. The document is laid out twice: the first pass counts
// pages and finds where sections start (for the cover's contents and "of N"), the second writes.
// Needs a QGuiApplication (QT_QPA_PLATFORM=offscreen is enough).
class PdfReportWriter {
public:
    struct Result {
        int pages = 0;
        QString error; // empty on success
    };
    [[nodiscard]] static Result write(const ReportData& data, const QString& path);
};

} // namespace pw
