#include "reportsections.h"

#include "pdfpageflow.h"
#include "pdftable.h"
#include "reportstyle.h"

#include "presentation/reportdata.h"

namespace pw::sections {

using namespace reportstyle;
using Cell = PdfTable::Cell;

namespace {

// A customer reads kinds as words, not as the CLI's keys.
QString kindText(const FailureScenario& s)
{
    switch (s.kind) {
    case FailureKind::Switch:
        return s.network == Network::Storage  ? QStringLiteral("Storage switch")
            : s.network == Network::InBand    ? QStringLiteral("In-band switch")
            : s.network == Network::OutOfBand ? QStringLiteral("Out-of-band switch")
                                              : QStringLiteral("Switch");
    case FailureKind::Plane:
        return QStringLiteral("Plane");
    case FailureKind::Pdu:
        return QStringLiteral("Power feed");
    case FailureKind::CduLoop:
        return QStringLiteral("Coolant loop");
    case FailureKind::Rack:
        return QStringLiteral("Rack");
    case FailureKind::Row:
        return QStringLiteral("Row");
    case FailureKind::Sidecar:
        return QStringLiteral("Sidecar power rack");
    }
    return {};
}

} // namespace

// Failure domains: what one switch, plane, feed, loop, rack or row takes down (FailureDomains).
void failures(PdfPageFlow& page, const ReportData& d)
{
    page.section(ReportSection::Failures);
    if (!d.failures) {
        page.paragraph(QStringLiteral("The failure domains were not computed for this design."), 9, kMuted);
        return;
    }
    const FailureDomains& f = *d.failures;
    const FailureScenario* worst = f.worst();
    page.tiles(
        {{QStringLiteral("GPUs"), ReportData::number(f.gpus)},
            {QStringLiteral("Largest single loss"),
                worst ? QStringLiteral("%1 GPUs").arg(ReportData::number(worst->gpusLost)) : QStringLiteral("-")},
            {QStringLiteral("Scheduler blocks"),
                QStringLiteral("%1 (%2)").arg(ReportData::number(f.blocks), f.blockKind)}},
        3);
    page.paragraph(
        QStringLiteral(
            "What one failure takes down. For each kind of failure (one switch of the compute fabric, of the storage "
            "fabric or of a management network, one plane, one rack power feed, one coolant loop, one rack, one row) "
            "the table gives the GPUs lost (their server is down, or every link of it went to a failed switch, or it "
            "lost its storage or in-band management; out-of-band management lost leaves servers running), the "
            "scheduler blocks affected (%1, as the Slurm "
            "topology export defines them), the bisection of the GPUs left (1.0 = full; exact max-flow across the "
            "worst balanced split found) and the IT power still running. Failures that are alike (the same switches "
            "by tier, model and links, the same GPUs and power) are computed once; the \"x\" column counts them.")
            .arg(f.blockKind == QLatin1String("leaf")
                    ? QStringLiteral("leaf switches, or a scalable unit's rail leaves")
                    : QStringLiteral("NVLink domains")),
        8.5, kMuted);
    std::vector<PdfTable::Row> rows;
    for (const FailureScenario& s : f.scenarios) {
        const QString ratio = s.bisectionRatio ? ReportData::number(*s.bisectionRatio, 3) : QStringLiteral("-");
        rows.push_back({Cell{kindText(s)}, Cell{s.entity, s.detail}, Cell{ReportData::number(s.equivalent)},
            Cell{ReportData::number(s.gpusLost), {}, false, s.gpusLost > 0 ? kWarning : kInk},
            Cell{ReportData::number(static_cast<double>(s.blocksAffected.size()))}, Cell{ratio},
            Cell{ReportData::number(s.powerLeftKw, 1),
                QStringLiteral("liquid %1, air %2")
                    .arg(ReportData::number(s.liquidLeftKw, 1), ReportData::number(s.airLeftKw, 1))}});
    }
    PdfTable::draw(page,
        {{QStringLiteral("Failure"), 0.12}, {QStringLiteral("What fails"), 0.32},
            {QStringLiteral("x"), 0.06, Qt::AlignRight}, {QStringLiteral("GPUs lost"), 0.1, Qt::AlignRight},
            {QStringLiteral("Blocks"), 0.09, Qt::AlignRight}, {QStringLiteral("Bisection left"), 0.13, Qt::AlignRight},
            {QStringLiteral("kW left"), 0.18, Qt::AlignRight}},
        rows, 8);
    for (const QString& note : f.notes)
        page.paragraph(ReportData::customerText(note), 8, kMuted);
}

} // namespace pw::sections
