#include "cli.h"

#include "io/atomicfile.h"

#include "analysis/designoptions.h"
#include "analysis/optionsconsidered.h"
#include "cost/costassumptions.h"
#include "facility/powerchain.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "model/nvlinkdomains.h"
#include "model/softwarestack.h"
#include "topology/fabricanalyzer.h"
#include "topology/fabricgraph.h"
#include "topology/maxflownetwork.h"
#include "util/plural.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>

namespace pw::cli {

// From this many GPUs `generate` without a topology prints its progress through the candidates.
constexpr long long kWeighingProgressGpus = 100000;

int runGenerate(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption server(QStringLiteral("server"),
        QStringLiteral("Server model (catalog sku); fat-tree default: the catalog's fat-tree host."),
        QStringLiteral("SKU"));
    const QCommandLineOption nodes(QStringLiteral("nodes"), QStringLiteral("Number of servers."), QStringLiteral("N"));
    const QCommandLineOption gpus(
        QStringLiteral("gpus"), QStringLiteral("Number of GPUs (rounded up to whole servers)."), QStringLiteral("N"));
    const QCommandLineOption sw(
        QStringLiteral("switch"), QStringLiteral("Compute fabric switch model (catalog sku)."), QStringLiteral("SKU"));
    const QCommandLineOption topology(QStringLiteral("topology"),
        QStringLiteral("rail-optimized, fat-tree or leaf-spine (default: the cheapest of the `options` on this switch "
                       "that meets the oversubscription asked for and passes validation)."),
        QStringLiteral("T"));
    const QCommandLineOption radix(QStringLiteral("radix"),
        QStringLiteral("k of a k-ary fat-tree (default: the switch's ports)."), QStringLiteral("K"));
    const QCommandLineOption over(QStringLiteral("oversubscription"),
        QStringLiteral("Leaf down:up ratio, e.g. 2:1 (default 1:1)."), QStringLiteral("D:U"));
    const QCommandLineOption suSize(QStringLiteral("su-size"),
        QStringLiteral("Servers per scalable unit (default: the server's catalog entry, else 32)."),
        QStringLiteral("N"));
    const QCommandLineOption planes(QStringLiteral("planes"),
        QStringLiteral("Compute planes (rail-optimized): separate fabrics, compute port p of every server in plane p "
                       "mod N (default: the server's catalog entry, else 1)."),
        QStringLiteral("N"));
    const QCommandLineOption storage(
        QStringLiteral("storage"), QStringLiteral("Storage system model for a storage fabric."), QStringLiteral("SKU"));
    const QCommandLineOption tier(
        QStringLiteral("storage-tier"), QStringLiteral("good (default), better or best."), QStringLiteral("TIER"));
    const QCommandLineOption noMgmt(
        QStringLiteral("no-management"), QStringLiteral("No in-band, out-of-band, UFM or PDUs."));
    const QCommandLineOption keepAll(QStringLiteral("keep-all-nodes"),
        QStringLiteral("When every leaf port is taken, add a scalable unit for the UFM and keep every server. "
                       "Without it the UFM takes one server's slot (the default, the DGX SuperPOD RA's choice: "
                       "128 DGX H100 build 127)."));
    const QCommandLineOption twoSwitches(QStringLiteral("two-switches"),
        QStringLiteral("Below one scalable unit on InfiniBand: two switches of half the rails each, joined by "
                       "inter-switch links, even where the whole cluster fits one switch (the default then, a "
                       "single point of failure)."));
    const QCommandLineOption rackPower(QStringLiteral("rack-power-kw"),
        QStringLiteral("Power budget per rack (default: the catalog rack's budget for the servers' cooling, air "
                       "or liquid)."),
        QStringLiteral("KW"));
    const QCommandLineOption rowLimit(QStringLiteral("row-limit-kw"),
        QStringLiteral("IT maximum a row of racks may draw (default: the facility defaults of the server's "
                       "generation, catalogs/tables/facility-defaults.json: 1,200 kW for GB200/GB300 NVL72 and other "
                       "servers, 3,520 kW for Vera Rubin NVL72, estimates: set your site's row feed; 0: no limit). A "
                       "scalable unit whose row would draw more is split over more rows. Stored as "
                       "the design's power_chain row_limit_kw."),
        QStringLiteral("KW"));
    const QCommandLineOption powerMode(QStringLiteral("power-mode"),
        QStringLiteral("max-q or max-p (default): the GPU power profile rack-scale systems run in; every power figure "
                       "(rows, racks, energy cost, report) takes their draw in this mode, feeds are sized from their "
                       "power shelves. Stored as the design's power_mode."),
        QStringLiteral("MODE"));
    const QCommandLineOption powerChain(QStringLiteral("power-chain"),
        QStringLiteral("54v-shelves (default) or 800vdc: how the racks are fed. 800vdc (systems whose catalog entry "
                       "accepts it: Vera Rubin NVL72) stands sidecar power racks in each row beside the racks they "
                       "feed and takes NVIDIA's claimed efficiency gain off the facility power. Stored as the "
                       "design's power_chain distribution."),
        QStringLiteral("CHAIN"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The design file to write."), QStringLiteral("FILE"));
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print a JSON summary of what was generated."));
    p.addOptions({server, nodes, gpus, sw, topology, radix, over, suSize, planes, storage, tier, noMgmt, keepAll,
        twoSwitches, rackPower, rowLimit, powerMode, powerChain, output, json});
    const IntentOptions intentOptions; // --type, --users, --inference-share (intentcli.cpp)
    p.addOptions(intentOptions.all());
    ctx.parse(p, QStringLiteral("Generate a reference cluster design from a few dials."), 0, 0,
        QStringLiteral("no positional arguments"));

    auto integer = [&](const QCommandLineOption& o, const QString& name) {
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--%1 needs a whole number (got '%2')").arg(name, p.value(o)));
        return v;
    };
    GeneratorOptions o;
    o.serverSku = p.value(server);
    o.switchSku = p.value(sw);
    if (p.isSet(nodes) && p.isSet(gpus))
        throw UsageError(QStringLiteral("give --nodes or --gpus, not both"));
    if (p.isSet(nodes)) {
        o.nodes = integer(nodes, QStringLiteral("nodes"));
        if (o.nodes <= 0)
            throw UsageError(QStringLiteral("--nodes must be at least 1"));
    }
    if (p.isSet(gpus)) {
        o.gpus = integer(gpus, QStringLiteral("gpus"));
        if (o.gpus <= 0)
            throw UsageError(QStringLiteral("--gpus must be at least 1"));
    }
    if (p.isSet(topology)) {
        const auto t = topologyKindFromString(p.value(topology));
        if (!t)
            throw UsageError(QStringLiteral("unknown --topology '%1' (rail-optimized, fat-tree, leaf-spine)")
                                 .arg(p.value(topology)));
        o.topology = *t;
    }
    if (!p.isSet(nodes) && !p.isSet(gpus) && o.topology != TopologyKind::FatTree)
        throw UsageError(QStringLiteral("generate needs --nodes N or --gpus N"));
    if (p.isSet(radix))
        o.radix = integer(radix, QStringLiteral("radix"));
    if (p.isSet(over)) {
        const auto r = Oversubscription::parse(p.value(over));
        if (!r)
            throw UsageError(QStringLiteral("--oversubscription takes D:U, e.g. 2:1 (got '%1')").arg(p.value(over)));
        o.oversubscription = *r;
    }
    if (p.isSet(suSize)) {
        o.suSize = integer(suSize, QStringLiteral("su-size"));
        if (o.suSize <= 0)
            throw UsageError(QStringLiteral("--su-size must be at least 1"));
    }
    if (p.isSet(planes)) {
        o.planes = integer(planes, QStringLiteral("planes"));
        if (o.planes < 1 || o.planes > 8)
            throw UsageError(QStringLiteral("--planes must be between 1 and 8"));
        if (o.topology != TopologyKind::RailOptimized && o.planes > 1)
            throw UsageError(QStringLiteral("--planes applies to a rail-optimized topology only"));
    }
    o.storageSku = p.value(storage);
    if (p.isSet(tier)) {
        const auto t = storageTierFromString(p.value(tier));
        if (!t)
            throw UsageError(QStringLiteral("unknown --storage-tier '%1' (good, better, best)").arg(p.value(tier)));
        if (o.storageSku.isEmpty())
            throw UsageError(QStringLiteral("--storage-tier needs --storage SKU"));
        o.storageTier = *t;
    }
    o.management = !p.isSet(noMgmt);
    o.keepEveryNode = p.isSet(keepAll);
    o.twoSwitches = p.isSet(twoSwitches);
    if (intentOptions.anySet(p)) {
        DesignIntent intent;
        intentOptions.apply(p, intent);
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
        o.properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(intent.clusterType).toJson());
    }
    if (p.isSet(rackPower)) {
        bool ok = false;
        o.rackPowerKw = p.value(rackPower).toDouble(&ok);
        if (!ok || o.rackPowerKw <= 0)
            throw UsageError(
                QStringLiteral("--rack-power-kw needs a positive number (got '%1')").arg(p.value(rackPower)));
    }
    if (p.isSet(rowLimit)) {
        bool ok = false;
        const double kw = p.value(rowLimit).toDouble(&ok);
        const QString key = QStringLiteral("row_limit_kw");
        if (!ok)
            throw UsageError(QStringLiteral("--row-limit-kw needs a number of kW (got '%1')").arg(p.value(rowLimit)));
        if (const auto why = FacilityAssumptions::whyInvalid(key, kw))
            throw UsageError(QStringLiteral("--row-limit-kw: %1").arg(*why));
        // The design carries the limit its rows were placed under (power, validate, the Power panel).
        QJsonObject chain = o.properties.value(QLatin1String(FacilityAssumptions::kKey)).toObject();
        chain.insert(key, kw);
        o.properties.insert(QLatin1String(FacilityAssumptions::kKey), chain);
    }
    if (p.isSet(powerMode)) {
        const auto mode = powerModeFromString(p.value(powerMode));
        if (!mode)
            throw UsageError(QStringLiteral("unknown --power-mode '%1' (max-q, max-p)").arg(p.value(powerMode)));
        o.properties = PowerFigures::withMode(o.properties, *mode);
    }
    if (p.isSet(powerChain)) {
        const auto chain = powerDistributionFromString(p.value(powerChain));
        if (!chain)
            throw UsageError(
                QStringLiteral("unknown --power-chain '%1' (54v-shelves, 800vdc)").arg(p.value(powerChain)));
        o.properties = PowerFigures::withDistribution(o.properties, *chain);
    }
    if (!p.isSet(output))
        throw UsageError(QStringLiteral("generate needs -o design.podwright"));

    QElapsedTimer timer;
    timer.start();
    GenerateResult result;
    if (p.isSet(topology) || p.isSet(radix) || (!p.isSet(nodes) && !p.isSet(gpus))) {
        result = FabricGenerator::generate(o, ctx.catalog());
    } else {
        // No topology given: the cheapest design option meeting the asked oversubscription (core
        // DesignOptions::choose, the choice `options` marks), and the record of what was weighed.
        DesignOptions::Request request;
        request.base = o;
        request.asked = o.oversubscription;
        // At 100,000 GPUs a candidate takes about half a second to build, and Vera Rubin with no switch
        // given builds 48 of them: say how far the weighing is.
        const CatalogItem* serverItem = ctx.catalog().item(o.serverSku);
        const long long askedGpus
            = o.gpus > 0 ? o.gpus : static_cast<long long>(o.nodes) * (serverItem ? serverItem->gpuCount() : 0);
        if (askedGpus >= kWeighingProgressGpus)
            request.progress = [&ctx](int built, int candidates) {
                ctx.err << "podwright-cli: weighing the designs: " << built << " of " << candidates << " built\n";
                ctx.err.flush();
            };
        DesignOptions::Choice choice = DesignOptions::choose(request, ctx.catalog());
        result = std::move(choice.result);
        if (result.ok() && choice.chosen) {
            const OptionsConsidered record{choice.considered, choice.chosen->name, choice.why};
            result.design->setProperties(record.storedIn(result.design->properties()));
        }
    }
    if (!result.ok())
        throw UsageError(result.error);
    const double seconds = timer.elapsed() / 1000.0;
    Context::saveDesign(*result.design, p.value(output));
    const Design& d = *result.design;
    for (const QString& note : result.notes)
        ctx.err << "podwright-cli: note: " << withFlags(note) << '\n';
    const auto nodeCount = qint64(d.nodes().size());
    const auto linkCount = qint64(d.links().size());
    ctx.err << "podwright-cli: wrote " << p.value(output) << " (" << nodeCount << ' '
            << plural(nodeCount, "node", "nodes") << ", " << linkCount << ' ' << plural(linkCount, "link", "links")
            << ", generated in " << QString::number(seconds, 'f', 2) << " s)\n";
    if (p.isSet(json))
        ctx.writeJson(QJsonObject{{QStringLiteral("file"), p.value(output)},
            {QStringLiteral("nodes"), static_cast<double>(d.nodes().size())},
            {QStringLiteral("links"), static_cast<double>(d.links().size())},
            {QStringLiteral("generate_seconds"), seconds},
            {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)}});
    return 0;
}

int runAnalyze(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption random(
        QStringLiteral("random-splits"), QStringLiteral("Random balanced splits (default 2)."), QStringLiteral("N"));
    const QCommandLineOption steps(QStringLiteral("improvement-steps"),
        QStringLiteral("Local-improvement swaps (default 4)."), QStringLiteral("N"));
    const QCommandLineOption noBisection(
        QStringLiteral("no-bisection"), QStringLiteral("Skip max-flow (counts only)."));
    const QCommandLineOption exportGraph(QStringLiteral("export-graph"),
        QStringLiteral("Write the compute-fabric graph and the pod-halves split (for the networkx comparison) and time "
                       "one max-flow."),
        QStringLiteral("FILE"));
    p.addOptions({json, random, steps, noBisection, exportGraph});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Analyse the compute fabric: bisection by max-flow, oversubscription, degraded cases, counts."),
        1, 1, QStringLiteral("one design file"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));

    if (p.isSet(exportGraph)) {
        // Edge list "a b gbps", then "S i" / "T i" lines for the split, the same cut the
        // networkx script computes: the first half of the servers (in design order) against the rest.
        const FabricGraph g(design);
        QByteArray out;
        out.reserve(static_cast<qsizetype>(g.edges().size() * 16));
        out += "# vertices " + QByteArray::number(static_cast<qlonglong>(g.vertices().size())) + "\n";
        for (const auto& e : g.edges())
            out += QByteArray::number(e.a) + ' ' + QByteArray::number(e.b) + ' ' + QByteArray::number(e.gbps) + '\n';
        std::vector<signed char> side(g.servers().size(), 1);
        int gpus = 0;
        int total = 0;
        for (int s : g.servers())
            total += g.vertices()[static_cast<size_t>(s)].gpus;
        for (size_t i = 0; i < g.servers().size() && gpus * 2 < total; ++i) {
            side[i] = 0;
            gpus += g.vertices()[static_cast<size_t>(g.servers()[i])].gpus;
        }
        for (size_t i = 0; i < side.size(); ++i)
            out += (side[i] == 0 ? "S " : "T ") + QByteArray::number(g.servers()[i]) + '\n';
        AtomicFile::writeBytes(p.value(exportGraph), out);
        QElapsedTimer t;
        t.start();
        MaxFlowNetwork net(g);
        const double build = t.nsecsElapsed() / 1e9;
        // Best of three, as compare_networkx.py takes for networkx.
        long long flow = 0;
        double solve = 1e9;
        for (int run = 0; run < 3; ++run) {
            t.restart();
            flow = net.maxFlow(side);
            solve = std::min(solve, t.nsecsElapsed() / 1e9);
        }
        ctx.writeJson(QJsonObject{{QStringLiteral("vertices"), static_cast<double>(g.vertices().size())},
            {QStringLiteral("edges"), static_cast<double>(g.edges().size())},
            {QStringLiteral("arcs"), static_cast<double>(net.arcCount())},
            {QStringLiteral("max_flow_gbps"), static_cast<double>(flow)}, {QStringLiteral("build_seconds"), build},
            {QStringLiteral("max_flow_seconds"), solve}});
        return 0;
    }

    AnalysisOptions options;
    if (p.isSet(random))
        options.randomSplits = p.value(random).toInt();
    if (p.isSet(steps))
        options.improvementSteps = p.value(steps).toInt();
    options.bisection = !p.isSet(noBisection);
    const FabricReport r = analyzeFabric(design, options);
    const NvlinkDomains nvlink = NvlinkDomains::of(design);
    // The power and cooling chain's totals, rows and loops (`power` prints every rack and feed).
    const PowerChain power = PowerChain::of(design, CostAssumptions::ofProperties(design.properties()).pue.value);
    if (p.isSet(json)) {
        QJsonObject o = r.toJson();
        o.insert(QStringLiteral("nvlink_domains"), nvlink.toJson());
        o.insert(QStringLiteral("power"), power.summaryJson());
        ctx.writeJson(o);
        return 0;
    }
    ctx.out << QStringLiteral("GPUs %1, servers %2, %3 %7: %4 leaf, %5 spine, %6 core\n")
                   .arg(r.gpus)
                   .arg(r.servers)
                   .arg(r.tiers)
                   .arg(r.leafSwitches)
                   .arg(r.spineSwitches)
                   .arg(r.coreSwitches)
                   .arg(plural(r.tiers, "tier", "tiers"));
    ctx.out << QStringLiteral("scale-up: %1\n").arg(nvlink.text());
    ctx.out << QStringLiteral("power: IT %1 kW max, facility %2 kW (PUE %3); %4 kW liquid, %5 kW air; %6 CDUs planned "
                              "(podwright-cli power)\n")
                   .arg(power.figures.itMaxKw, 0, 'f', 1)
                   .arg(power.figures.facilityMaxKw, 0, 'f', 1)
                   .arg(power.figures.pue)
                   .arg(power.liquidKw, 0, 'f', 1)
                   .arg(power.airKw, 0, 'f', 1)
                   .arg(power.cdusPlanned());
    ctx.out << QStringLiteral("links: node-leaf %1, leaf-spine %2, spine-core %3\n")
                   .arg(r.nodeLeafLinks)
                   .arg(r.leafSpineLinks)
                   .arg(r.spineCoreLinks);
    if (r.bisectionComputed)
        ctx.out << QStringLiteral("bisection: %1 Gb/s, ratio %2 (worst of %3 cuts: %4)\n")
                       .arg(r.bisectionGbps, 0, 'f', 0)
                       .arg(r.bisectionRatio, 0, 'f', 3)
                       .arg(r.cutsExamined)
                       .arg(r.worstSplit);
    for (const auto& [tierName, t] : r.oversubscription)
        ctx.out << QStringLiteral("oversubscription %1: %2\n").arg(tierName, t.text());
    if (r.oneSpineLostRatio)
        ctx.out << QStringLiteral("one spine lost: ratio %1\n").arg(*r.oneSpineLostRatio, 0, 'f', 3);
    if (r.oneLeafLostRatio)
        ctx.out << QStringLiteral("one leaf lost: ratio %1\n").arg(*r.oneLeafLostRatio, 0, 'f', 3);
    if (r.onePlaneLostRatio)
        ctx.out << QStringLiteral("one plane lost: ratio %1 (%2)\n")
                       .arg(*r.onePlaneLostRatio, 0, 'f', 3)
                       .arg(r.onePlaneLostNote);
    else if (!r.onePlaneLostNote.isEmpty())
        ctx.out << QStringLiteral("one plane lost: n/a (%1)\n").arg(r.onePlaneLostNote);
    ctx.out << QStringLiteral("diameter: %1 switch hops; cables %2, transceivers %3, racks %4, power %5 kW max\n")
                   .arg(r.diameterHops)
                   .arg(r.cables)
                   .arg(r.transceivers)
                   .arg(r.racks)
                   .arg(r.powerMaxKw, 0, 'f', 1);
    return 0;
}

} // namespace pw::cli
