#pragma once

namespace pw {

class PdfPageFlow;
struct ReportData;

// The proposal's sections, each written onto the page flow from the report data alone. A section
// starts on a new page (the cover too) and records where it starts for the contents.
namespace sections {

// overviewsections.cpp: what a reader sees first.
void cover(PdfPageFlow& page, const ReportData& d);
void summary(PdfPageFlow& page, const ReportData& d);
void stack(PdfPageFlow& page, const ReportData& d);
// designsections.cpp: the design itself.
void topology(PdfPageFlow& page, const ReportData& d);
void racks(PdfPageFlow& page, const ReportData& d);
// optionssection.cpp: the options weighed and why this design (when the design records them).
void options(PdfPageFlow& page, const ReportData& d);
void cabling(PdfPageFlow& page, const ReportData& d);
// floorsection.cpp: the rows of the hall, cable lengths, optics and their loss budget.
void floor(PdfPageFlow& page, const ReportData& d);
void validation(PdfPageFlow& page, const ReportData& d);
// failuressection.cpp: what one failure takes down.
void failures(PdfPageFlow& page, const ReportData& d);
// costsections.cpp: money and where the figures come from.
void bom(PdfPageFlow& page, const ReportData& d);
void cost(PdfPageFlow& page, const ReportData& d);
void sources(PdfPageFlow& page, const ReportData& d); // for the customer: estimates and a compact source list
void appendix(PdfPageFlow& page, const ReportData& d); // internal: every figure's source note
// changessection.cpp: what changed since an earlier revision or file (only when asked for).
void changes(PdfPageFlow& page, const ReportData& d);

} // namespace sections
} // namespace pw
