#include "cli.h"

#include "acceptancereportwriter.h"
#include "analysis/fabricverification.h"
#include "analysis/verificationreport.h"
#include "export/ibfabric.h"
#include "io/ibnetdiscovertopology.h"
#include "util/plural.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace pw::cli {

// The InfiniBand network `--fabric` names (compute when not given); a usage error for any other
// word or a network without an InfiniBand subnet in the design.
Network ibFabricOption(const QString& value, const Design& design)
{
    const QString word = value.isEmpty() ? QStringLiteral("compute") : value;
    const auto network = networkFromString(word);
    QStringList have;
    for (Network n : IbFabric::networks(design))
        have << toString(n);
    if (!network || !have.contains(word))
        throw UsageError(QStringLiteral("the design has no InfiniBand %1 fabric (its InfiniBand fabrics: %2)")
                             .arg(word, have.isEmpty() ? QStringLiteral("none") : have.join(QStringLiteral(", "))));
    return *network;
}

int runVerify(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption discovery(QStringLiteral("ibnetdiscover"),
        QStringLiteral("The fabric as `ibnetdiscover` printed it (run on the cluster, or under ibsim-run)."),
        QStringLiteral("FILE"));
    const QCommandLineOption fabric(QStringLiteral("fabric"),
        QStringLiteral("The designed InfiniBand fabric to compare with: compute (default), storage, inband."),
        QStringLiteral("NETWORK"));
    const QCommandLineOption ignoreSpeed(QStringLiteral("ignore-speed"),
        QStringLiteral("Do not report links below their designed speed or width (ibsim reports every link as 4xSDR)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    const QCommandLineOption acceptancePdf(QStringLiteral("acceptance-pdf"),
        QStringLiteral("Also write the acceptance report (PDF): \"N of N links as designed\", or every difference with "
                       "rack, U, port, cable label and fix."),
        QStringLiteral("OUT.pdf"));
    const QCommandLineOption store(QStringLiteral("store"),
        QStringLiteral("Keep this verification with the design (written back to the design file), replacing the last "
                       "one: the proposal then states its result."));
    p.addOptions({discovery, fabric, ignoreSpeed, json, acceptancePdf, store});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Compare a discovered InfiniBand fabric with the design, by node description and port: "
                       "matched, missing, unexpected, miscabled (with where each cable should go) and degraded "
                       "links. Exit 0 when the fabric is as designed, 1 when it differs, 2 on bad input."),
        1, 1, QStringLiteral("one design file"));
    if (!p.isSet(discovery))
        throw UsageError(QStringLiteral("verify needs --ibnetdiscover FILE"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    const Network network = ibFabricOption(p.value(fabric), design);
    QFile file(p.value(discovery));
    if (!file.open(QIODevice::ReadOnly))
        throw UsageError(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
    const IbnetdiscoverParse parsed = IbnetdiscoverTopology::parse(file.readAll());
    if (!parsed.topology)
        throw UsageError(QStringLiteral("%1: %2").arg(file.fileName(), parsed.error));
    const IbFabric designed = IbFabric::of(design, network);
    const FabricVerification v = FabricVerification::of(designed, *parsed.topology, {p.isSet(ignoreSpeed)});
    if (p.isSet(acceptancePdf) || p.isSet(store)) {
        const VerificationReport report = VerificationReport::of(
            design, designed, v, QFileInfo(file.fileName()).fileName(), QDateTime::currentDateTimeUtc());
        if (p.isSet(acceptancePdf)) {
            const auto written = AcceptanceReportWriter::write(report, design.name(), p.value(acceptancePdf));
            if (!written.error.isEmpty())
                throw UsageError(written.error);
            ctx.err << QStringLiteral("podwright-cli: wrote %1 (%2)\n")
                           .arg(p.value(acceptancePdf), counted(written.pages, "page", "pages"));
        }
        if (p.isSet(store)) {
            Design kept = design;
            kept.setProperties(report.storedIn(design.properties()));
            Context::saveDesign(kept, p.positionalArguments().at(0));
        }
    }
    if (p.isSet(json))
        ctx.writeJson(v.json());
    else
        ctx.out << v.text();
    return v.asDesigned() ? 0 : 1;
}

} // namespace pw::cli
