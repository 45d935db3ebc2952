#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportstyle.h"

#include "presentation/reportdata.h"
#include "util/plural.h"

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;

// Options considered: the designs weighed for this cluster (OptionsConsidered, recorded when it was
// generated) and why this one was built.
void options(PdfPageFlow& page, const ReportData& d)
{
    if (!d.optionsConsidered)
        return; // ReportData::build drops the section then; nothing to print
    const OptionsConsidered& c = *d.optionsConsidered;
    page.section(ReportSection::Options);
    page.subheading(QStringLiteral("What was weighed"));
    page.paragraph(
        QStringLiteral(
            "Each row is a complete design for the same servers, built by the same generator and measured the same "
            "way as this proposal: the capital cost (with the range of the price estimates), the bisection of the "
            "compute fabric (1.0 = full; exact max-flow across the worst balanced split found), the worst single "
            "switch or rack failure (GPUs cut off and the bisection left), the IT power at maximum, and the racks "
            "and switches. A dash marks a figure that was not computed for that option."),
        8.5, kMuted);
    std::vector<PdfTable::Row> rows;
    std::vector<int> bold;
    for (const DesignOption& o : c.options) {
        const bool chosen = o.name == c.chosen;
        if (chosen)
            bold.push_back(static_cast<int>(rows.size()));
        const QString capexRange = o.capex.isPoint()
            ? QString()
            : QStringLiteral("%1 to %2").arg(d.roundedMoney(o.capex.low), d.roundedMoney(o.capex.high));
        QString worst = QStringLiteral("-");
        QString worstNote;
        if (o.worstSingleFailure) {
            worst = QStringLiteral("%1 GPUs, bisection %2")
                        .arg(ReportData::number(o.worstSingleFailure->gpusCutOff),
                            o.worstSingleFailure->bisectionLeft
                                ? ReportData::number(*o.worstSingleFailure->bisectionLeft, 3)
                                : QStringLiteral("-"));
            worstNote = QStringLiteral("%1 %2").arg(o.worstSingleFailure->kind, o.worstSingleFailure->entity);
        }
        rows.push_back(
            {Cell{o.name + (chosen ? QStringLiteral(" (this design)") : QString()),
                 o.errors > 0 ? counted(o.errors, "design-rule error", "design-rule errors") : QString(), chosen},
                Cell{d.roundedMoney(o.capex.mid), capexRange},
                Cell{o.bisectionRatio ? ReportData::number(*o.bisectionRatio, 3) : QStringLiteral("-")},
                Cell{worst, worstNote}, Cell{ReportData::number(o.itKw, 1)}, Cell{ReportData::number(o.racks)},
                Cell{ReportData::number(o.switches),
                    o.bisectionRatio // the tiers are known where the fabric was analysed
                        ? ReportData::tierSwitches(o.leaves, o.spines, o.cores)
                        : QString()}});
    }
    PdfTable::draw(page,
        {{QStringLiteral("Option"), 0.27}, {QStringLiteral("Capital cost"), 0.15, Qt::AlignRight},
            {QStringLiteral("Bisection"), 0.09, Qt::AlignRight}, {QStringLiteral("Worst single failure"), 0.2},
            {QStringLiteral("IT kW"), 0.08, Qt::AlignRight}, {QStringLiteral("Racks"), 0.07, Qt::AlignRight},
            {QStringLiteral("Switches"), 0.14, Qt::AlignRight}},
        rows, 8, bold);
    page.subheading(QStringLiteral("Why this design"));
    page.paragraph(c.why.isEmpty() ? QStringLiteral("%1 was built.").arg(c.chosen)
                                   : ReportData::customerText(c.why.at(0).toUpper() + c.why.mid(1) + QLatin1Char('.')));
}

} // namespace pw::sections
