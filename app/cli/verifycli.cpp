#include "cli.h"

#include "acceptancereportwriter.h"
#include "analysis/fabricverification.h"
#include "analysis/verificationreport.h"
#include "export/ethernetfabric.h"
#include "export/ibfabric.h"
#include "io/ibnetdiscovertopology.h"
#include "io/lldpneighbors.h"
#include "util/plural.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>

#include <optional>
#include <vector>

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

namespace {

// The Ethernet network `--fabric` names, or every one but out-of-band when none is given; a usage
// error for a network without Ethernet cables in the design, or a design without Ethernet.
std::optional<Network> ethernetFabricOption(const QString& value, const Design& design)
{
    QStringList have;
    for (Network n : EthernetFabric::networks(design))
        have << toString(n);
    if (have.isEmpty())
        throw UsageError(QStringLiteral("the design has no Ethernet network to compare LLDP with"));
    if (value.isEmpty())
        return std::nullopt;
    const auto network = networkFromString(value);
    if (!network || !have.contains(value))
        throw UsageError(QStringLiteral("the design has no Ethernet %1 network (its Ethernet networks: %2)")
                             .arg(value, have.join(QStringLiteral(", "))));
    return network;
}

QByteArray readDiscovery(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw UsageError(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
    return file.readAll();
}

// One comparison: its key in the JSON report and its heading when there are two.
struct Report {
    QString key;
    QString heading;
    FabricVerification verification;
};

} // namespace

int runVerify(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption discovery(QStringLiteral("ibnetdiscover"),
        QStringLiteral("The fabric as `ibnetdiscover` printed it (run on the cluster, or under ibsim-run)."),
        QStringLiteral("FILE"));
    const QCommandLineOption lldp(QStringLiteral("lldp"),
        QStringLiteral("What LLDP saw: `lldpcli -f json show neighbors` of one host (the file named after it, "
                       "leaf-001.json), or of several concatenated, each after its `lldpcli -f json show chassis`. "
                       "Repeat for more files."),
        QStringLiteral("FILE"));
    const QCommandLineOption fabric(QStringLiteral("fabric"),
        QStringLiteral("The designed network to compare with: compute, storage, inband (InfiniBand: compute by "
                       "default; Ethernet: every network but out-of-band by default)."),
        QStringLiteral("NETWORK"));
    const QCommandLineOption ignoreSpeed(QStringLiteral("ignore-speed"),
        QStringLiteral("Do not report links below their designed speed or width (ibsim reports every link as 4xSDR)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    const QCommandLineOption acceptancePdf(QStringLiteral("acceptance-pdf"),
        QStringLiteral("Also write the acceptance report of the InfiniBand fabric (PDF): \"N of N links as "
                       "designed\", or every difference with rack, U, port, cable label and fix."),
        QStringLiteral("OUT.pdf"));
    const QCommandLineOption store(QStringLiteral("store"),
        QStringLiteral("Keep this InfiniBand verification with the design (written back to the design file), "
                       "replacing the last one: the proposal then states its result."));
    p.addOptions({discovery, lldp, fabric, ignoreSpeed, json, acceptancePdf, store});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Compare a discovered fabric with the design: InfiniBand from ibnetdiscover by node "
                       "description and port number, Ethernet from LLDP by system name and port name (swpN, "
                       "swpNsM, mlx5_N). Reports matched, missing, unexpected, miscabled (with where each cable "
                       "should go) and degraded links. Exit 0 when the fabric is as designed, 1 when it differs, "
                       "2 on bad input."),
        1, 1, QStringLiteral("one design file"));
    if (!p.isSet(discovery) && !p.isSet(lldp))
        throw UsageError(QStringLiteral("verify needs --ibnetdiscover FILE or --lldp FILE"));
    if ((p.isSet(acceptancePdf) || p.isSet(store)) && !p.isSet(discovery))
        throw UsageError(
            QStringLiteral("--acceptance-pdf and --store cover the InfiniBand fabric: give --ibnetdiscover "
                           "FILE (the Ethernet verification is printed only)"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    std::vector<Report> reports;
    if (p.isSet(discovery)) {
        const Network network = ibFabricOption(p.value(fabric), design);
        const IbnetdiscoverParse parsed = IbnetdiscoverTopology::parse(readDiscovery(p.value(discovery)));
        if (!parsed.topology)
            throw UsageError(QStringLiteral("%1: %2").arg(p.value(discovery), parsed.error));
        const IbFabric designed = IbFabric::of(design, network);
        const FabricVerification v = FabricVerification::of(designed, *parsed.topology, {p.isSet(ignoreSpeed)});
        if (p.isSet(acceptancePdf) || p.isSet(store)) {
            const VerificationReport report = VerificationReport::of(
                design, designed, v, QFileInfo(p.value(discovery)).fileName(), QDateTime::currentDateTimeUtc());
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
        reports.push_back({QStringLiteral("infiniband"), QStringLiteral("InfiniBand:\n"), v});
    }
    if (p.isSet(lldp)) {
        const std::optional<Network> network = ethernetFabricOption(p.value(fabric), design);
        std::vector<LldpNeighbors::File> files;
        for (const QString& path : p.values(lldp))
            files.push_back({path, readDiscovery(path)});
        const LldpNeighborsParse parsed = LldpNeighbors::parse(files);
        if (!parsed.neighbors)
            throw UsageError(parsed.error);
        reports.push_back({QStringLiteral("ethernet"), QStringLiteral("Ethernet (LLDP):\n"),
            FabricVerification::of(EthernetFabric::of(design, network), *parsed.neighbors)});
    }
    bool asDesigned = true;
    QJsonObject both;
    for (const Report& r : reports) {
        asDesigned = asDesigned && r.verification.asDesigned();
        both.insert(r.key, r.verification.json());
        if (!p.isSet(json))
            ctx.out << (reports.size() > 1 ? r.heading : QString()) << r.verification.text();
    }
    if (p.isSet(json))
        ctx.writeJson(reports.size() == 1 ? reports.front().verification.json() : both);
    return asDesigned ? 0 : 1;
}

} // namespace pw::cli
