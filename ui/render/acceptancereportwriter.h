#pragma once

#include "analysis/verificationreport.h"
#include "pdfreportwriter.h"

#include <QString>

namespace pw {

// Writes the acceptance report (issue 27): a PDF for the cabling contractor and the customer that
// states "N of N compute links as designed" (UFM links counted and named) or lists every difference
// with the rack, U, port and cable label of both ends and the fix, from one VerificationReport. On
// the proposal's page flow (header, footer, page n of N); the file is written atomically.
// Needs a QGuiApplication (offscreen is enough).
class AcceptanceReportWriter {
public:
    [[nodiscard]] static PdfReportWriter::Result write(
        const VerificationReport& report, const QString& designName, const QString& path);
};

} // namespace pw
