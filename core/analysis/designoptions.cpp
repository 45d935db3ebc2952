#include "analysis/designoptions.h"

#include "analysis/designfigures.h"
#include "catalog/catalog.h"
#include "cost/costmodel.h"
#include "generate/designbuilder.h"
#include "generate/fabricgenerator.h"
#include "generate/fabricswitchchoice.h"
#include "generate/regenerate.h"
#include "model/designsummary.h"
#include "model/storageguidance.h"
#include "util/plural.h"

#include <QElapsedTimer>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace pw {

namespace {

// Above this many servers, the options' fabric analysis would dominate the run; `options` is meant
// for weighing a cluster, not for sweeping 100,000 GPUs.
constexpr int kFabricAnalysisMaxNodes = 20000;

int fastestSpeed(const CatalogItem& item, PortRole role)
{
    const int g = DesignBuilder::groupWithRole(item, role);
    return g < 0 ? 0 : item.portGroups[static_cast<size_t>(g)].maxSpeedGbps();
}

// The smallest k-ary fat-tree that holds `servers` (and the UFM pair's few ports): k even, at least
// 4, at most the switch's fabric ports, each edge switch's k/2 host ports a whole number of servers
// (FatTreeFabric's rule); a full k of the switch would build thousands of switches for a few servers.
int fatTreeRadix(long long servers, int computePorts, const CatalogItem& sw)
{
    const int g = DesignBuilder::groupWithRole(sw, PortRole::Fabric);
    const int ports = g < 0 ? 0 : sw.portGroups[static_cast<size_t>(g)].count;
    const int most = ports - ports % 2;
    constexpr long long kUfmSlack = 4; // a UFM pair's ports (SubnetManagers: 2 appliances x 2 ports)
    for (int k = 4; k <= most; k += 2)
        if ((computePorts <= 0 || (k / 2) % computePorts == 0)
            && static_cast<long long>(k) * k * k / 4 >= servers * computePorts + kUfmSlack)
            return k;
    return most;
}

long long serversAsked(const GeneratorOptions& o, const CatalogItem& server)
{
    if (o.nodes > 0)
        return o.nodes;
    const int per = server.gpuCount();
    return per > 0 && o.gpus > 0 ? (static_cast<long long>(o.gpus) + per - 1) / per : 0;
}

// A generated design's shape: two candidates of the same dial with the same one built the same
// design. The dial is part of it so that weighing every candidate and choosing among those that meet
// an oversubscription keep the same representative.
using Signature = std::tuple<QString, size_t, size_t, int, std::map<QString, int>>;

Signature signatureOf(const GeneratorOptions& dial, const Design& d, const DesignSummary& s)
{
    return {dial.oversubscription.toString(), d.nodes().size(), d.links().size(), s.racks, s.switchesByModel};
}

// The dials as built: the SU and planes the generator resolved (its record in the design, which
// Regenerate reads too), so the arguments rebuild the same design when given explicitly.
GeneratorOptions explicitArguments(GeneratorOptions a, const Design& built)
{
    if (const auto record = Regenerate::optionsOf(built)) {
        if (a.suSize == 0)
            a.suSize = record->suSize;
        if (a.planes == 0)
            a.planes = record->planes;
    }
    return a;
}

std::optional<int> defaultSuOf(const GeneratorOptions& base, const Catalog& catalog)
{
    const CatalogItem* server = catalog.item(base.serverSku);
    if (!server)
        return std::nullopt;
    return StorageGuidance::serversPerSu(*server);
}

// A chosen design built from recorded dials (an explicit unit size) misses the generator's note
// that it capped the catalog's scalable unit: the architect asked for no size, so say it.
void noteUnitCap(
    const DesignOptions::Request& r, const GeneratorOptions& built, const Catalog& catalog, GenerateResult& result)
{
    if (!result.ok() || r.base.suSize != 0)
        return;
    const QString note = FabricGenerator::scalableUnitCapNote(built, catalog);
    if (!note.isEmpty() && !result.notes.contains(note))
        result.notes << note;
}

bool cheaper(const DesignOption& a, const DesignOption& b)
{
    return a.capex.mid < b.capex.mid;
}

} // namespace

std::vector<GeneratorOptions> DesignOptions::candidates(const Request& r, const Catalog& catalog, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::vector<GeneratorOptions>{};
    };
    const CatalogItem* server = catalog.item(r.base.serverSku);
    if (r.base.serverSku.isEmpty())
        return fail(QStringLiteral("a server model is needed"));
    if (!server || server->kind != ItemKind::Server)
        return fail(QStringLiteral("unknown server SKU '%1'").arg(r.base.serverSku));
    const long long nodes = serversAsked(r.base, *server);
    if (nodes <= 0)
        return fail(QStringLiteral("the options need a GPU or server count"));
    QStringList switches = r.switches;
    if (switches.isEmpty() && !r.base.switchSku.isEmpty())
        switches << r.base.switchSku;
    if (switches.isEmpty())
        switches = FabricSwitchChoice::candidates(*server, catalog); // the switches at the server's speed
    if (switches.isEmpty())
        return fail(QStringLiteral("the catalog has no compute switch at the speed of %1's compute ports (%2 Gb/s)")
                        .arg(server->sku)
                        .arg(fastestSpeed(*server, PortRole::Compute)));
    for (const QString& sku : switches) {
        const CatalogItem* sw = catalog.item(sku);
        if (!sw || sw->kind != ItemKind::Switch)
            return fail(QStringLiteral("unknown switch SKU '%1'").arg(sku));
    }

    std::vector<Oversubscription> ratios{r.asked};
    for (const Oversubscription o : {Oversubscription{1, 1}, Oversubscription{2, 1}})
        if (std::find(ratios.begin(), ratios.end(), o) == ratios.end())
            ratios.push_back(o);
    const int su = StorageGuidance::serversPerSu(*server);
    // 0: the server's own unit, which the generator caps at what one leaf of the switch holds.
    std::vector<int> suSizes{r.base.suSize};
    if (r.base.suSize == 0 && nodes > su && su / 2 >= 2)
        suSizes.push_back(su / 2);
    std::vector<int> planes{r.base.planes}; // 0: the server's own
    const int computePorts = server->portCountWithRole(PortRole::Compute);
    if (r.base.planes == 0) {
        planes.push_back(1);
        if (computePorts >= 2 && computePorts % 2 == 0)
            planes.push_back(2);
    }
    std::vector<TopologyKind> topologies;
    if (r.topology)
        topologies.push_back(*r.topology);
    else
        topologies = {TopologyKind::RailOptimized, TopologyKind::LeafSpine, TopologyKind::FatTree};

    std::vector<GeneratorOptions> out;
    for (const QString& sku : switches)
        for (TopologyKind t : topologies) {
            const bool rail = t == TopologyKind::RailOptimized;
            for (const Oversubscription& ratio : ratios) {
                // A fat-tree is non-blocking by construction: one candidate, 1:1.
                if (t == TopologyKind::FatTree && !ratio.isFull())
                    continue;
                for (int suSize : rail ? suSizes : std::vector<int>{suSizes.front()})
                    for (int p : rail ? planes : std::vector<int>{r.base.planes > 1 ? r.base.planes : 0}) {
                        GeneratorOptions o = r.base;
                        o.switchSku = sku;
                        o.topology = t;
                        o.oversubscription = t == TopologyKind::FatTree ? Oversubscription{} : ratio;
                        o.suSize = suSize;
                        o.planes = p;
                        o.radix
                            = t == TopologyKind::FatTree ? fatTreeRadix(nodes, computePorts, *catalog.item(sku)) : 0;
                        out.push_back(o);
                    }
            }
        }
    return out;
}

namespace {

// The figures of record of one generated design as an option: cost, fabric analysis, failure
// domains and rules; empty (and the cost model's reason in `costError`) when it cannot be costed.
std::optional<DesignOption> optionOf(const GeneratorOptions& dial, const Design& d, QString& costError)
{
    FiguresRequest fr = FiguresRequest::forDesign(d);
    fr.failureDomains = true;
    fr.fabricAnalysisMaxNodes = kFabricAnalysisMaxNodes;
    const DesignFigures f = DesignFigures::of(d, fr);
    if (!f.cost) {
        costError = f.costError;
        return std::nullopt;
    }
    return DesignOption::of(explicitArguments(dial, d), f);
}

} // namespace

DesignOptions::Measured DesignOptions::measure(
    const GeneratorOptions& dials, const Catalog& catalog, const std::function<bool()>& canceled)
{
    Measured m;
    m.result = FabricGenerator::generate(dials, catalog);
    if (!m.result.ok()) {
        m.error = m.result.error;
        return m;
    }
    if (canceled && canceled())
        return m;
    m.option = optionOf(dials, *m.result.design, m.error);
    return m;
}

DesignOptions DesignOptions::of(const Request& r, const Catalog& catalog)
{
    QElapsedTimer timer;
    timer.start();
    DesignOptions result;
    const std::vector<GeneratorOptions> dials = candidates(r, catalog, &result.error);
    const int defaultSu = defaultSuOf(r.base, catalog).value_or(0);
    std::vector<Signature> seen;
    for (const GeneratorOptions& dial : dials) {
        GenerateResult g = FabricGenerator::generate(dial, catalog);
        if (!g.ok()) {
            result.refused << QStringLiteral("%1: %2").arg(DesignOption::nameOf(dial, 1, defaultSu), g.error);
            continue;
        }
        const Design& d = *g.design;
        const Signature sig = signatureOf(dial, d, DesignSummary::of(d));
        if (std::find(seen.begin(), seen.end(), sig) != seen.end())
            continue;
        seen.push_back(sig);
        QString costError;
        std::optional<DesignOption> measured = optionOf(dial, d, costError);
        if (!measured) {
            // A design that cannot be costed is not a choice (choose() skips it too).
            result.refused << QStringLiteral("%1: %2").arg(DesignOption::nameOf(dial, 1, defaultSu), costError);
            continue;
        }
        DesignOption o = std::move(*measured);
        o.name = DesignOption::nameOf(o.arguments, o.planes, defaultSu);
        result.considered.push_back(std::move(o));
    }
    if (result.considered.empty() && result.error.isEmpty())
        result.error = result.refused.isEmpty() ? QStringLiteral("no candidate design")
                                                : QStringLiteral("the generator refused every candidate: %1")
                                                      .arg(result.refused.join(QStringLiteral("; ")));

    // The front among the designs that pass validation; among all when none does.
    std::vector<const DesignOption*> pool;
    for (const DesignOption& o : result.considered)
        if (o.errors == 0)
            pool.push_back(&o);
    if (pool.empty())
        for (const DesignOption& o : result.considered)
            pool.push_back(&o);
    // A design another dial builds with the same figures (a 2:1 dial that a small fabric builds as
    // 1:1) is shown once, as the first built (the asked oversubscription's).
    auto sameFigures = [](const DesignOption& a, const DesignOption& b) {
        const auto cut
            = [](const DesignOption& o) { return o.worstSingleFailure ? o.worstSingleFailure->gpusCutOff : 0; };
        const auto left = [](const DesignOption& o) {
            return o.worstSingleFailure ? o.worstSingleFailure->bisectionLeft : std::nullopt;
        };
        return a.capex == b.capex && a.bisectionRatio == b.bisectionRatio && cut(a) == cut(b) && left(a) == left(b)
            && a.itKw == b.itKw && a.racks == b.racks && a.switches == b.switches && a.leaves == b.leaves
            && a.spines == b.spines && a.cores == b.cores && a.arguments.switchSku == b.arguments.switchSku;
    };
    std::vector<const DesignOption*> distinct;
    for (const DesignOption* o : pool)
        if (std::none_of(distinct.begin(), distinct.end(), [&](const DesignOption* d) { return sameFigures(*d, *o); }))
            distinct.push_back(o);
    pool = std::move(distinct);
    std::vector<DesignOption> front;
    std::vector<DesignOption> rest;
    for (const DesignOption* o : pool) {
        const bool dominated
            = std::any_of(pool.begin(), pool.end(), [&](const DesignOption* other) { return other->dominates(*o); });
        DesignOption copy = *o;
        copy.pareto = !dominated;
        (dominated ? rest : front).push_back(std::move(copy));
    }
    std::stable_sort(rest.begin(), rest.end(), cheaper);
    for (size_t i = 0; front.size() < 3 && i < rest.size(); ++i)
        front.push_back(rest[i]);
    std::stable_sort(front.begin(), front.end(), cheaper);
    result.options = std::move(front);
    result.seconds = timer.elapsed() / 1000.0;
    return result;
}

const DesignOption* DesignOptions::cheapestMeeting(const Oversubscription& asked) const
{
    const DesignOption* best = nullptr;
    for (const DesignOption& o : considered)
        if (o.errors == 0 && o.meets(asked) && (!best || cheaper(o, *best)))
            best = &o;
    return best;
}

DesignOptions::Choice DesignOptions::choose(const Request& r, const Catalog& catalog)
{
    Choice c;
    const CatalogItem* server = catalog.item(r.base.serverSku);
    const long long nodes = server ? serversAsked(r.base, *server) : 0;
    QString error;
    std::vector<GeneratorOptions> dials;
    const int su = r.base.suSize > 0 ? r.base.suSize : (server ? StorageGuidance::serversPerSu(*server) : 0);
    const bool published
        = server && StorageGuidance::namesScalableUnit(*server) && nodes > 0 && su > 0 && nodes % su == 0;
    if (nodes <= kChooseMaxNodes && !published)
        dials = candidates(r, catalog, &error);
    if (dials.empty()) {
        // Nothing to weigh: a published design point (whole scalable units of a server whose
        // reference architecture names its SU: the RA's rail-optimized recipe, which the golden
        // tests hold to the published tables), too large, or dials the generator refuses in its
        // own words.
        GeneratorOptions o = r.base;
        o.topology = r.topology.value_or(TopologyKind::RailOptimized);
        // No switch asked for: the server's own generation (XDR for GB300, NDR for H100), as the
        // wizard picks it, rather than refusing a published design point.
        if (o.switchSku.isEmpty() && server)
            o.switchSku = FabricSwitchChoice::forServer(*server, catalog).sku;
        c.result = FabricGenerator::generate(o, catalog);
        if (c.result.ok() && published)
            c.result.notes << QStringLiteral("topology: rail-optimized, the reference architecture's recipe for %1 "
                                             "of %2 (a published design point; `options` weighs the others)")
                                  .arg(counted(nodes / su, "whole scalable unit", "whole scalable units"),
                                      counted(su, "server", "servers"));
        else if (c.result.ok() && nodes > kChooseMaxNodes)
            c.result.notes << QStringLiteral("topology: rail-optimized, the reference architectures' recipe (above "
                                             "%1 servers the topologies are not weighed; see `options`)")
                                  .arg(kChooseMaxNodes);
        return c;
    }
    auto why = [&](const DesignOption& chosen, size_t weighed) {
        return QStringLiteral("%1 is the cheapest of the %2 designs weighed that meet the %3 oversubscription asked "
                              "for and pass validation")
            .arg(chosen.name)
            .arg(weighed)
            .arg(r.asked.toString());
    };
    if (nodes <= kFullFiguresMaxNodes) {
        // Small enough to weigh with every figure: exactly the options' own choice, and a record
        // the proposal prints in full.
        const DesignOptions full = of(r, catalog);
        for (const DesignOption& o : full.considered)
            if (o.meets(r.asked))
                c.considered.push_back(o);
        if (const DesignOption* best = full.cheapestMeeting(r.asked)) {
            c.result = FabricGenerator::generate(best->arguments, catalog);
            c.chosen = *best;
            c.why = why(*best, c.considered.size());
            if (c.result.ok())
                c.result.notes << QStringLiteral("topology: %1").arg(c.why);
            noteUnitCap(r, best->arguments, catalog, c.result);
            return c;
        }
        GeneratorOptions o = r.base; // none passes validation: the recipe as asked, and its findings
        o.topology = TopologyKind::RailOptimized;
        c.result = FabricGenerator::generate(o, catalog);
        return c;
    }
    const int defaultSu = defaultSuOf(r.base, catalog).value_or(0);
    struct Costed {
        GeneratorOptions dial;
        DesignOption option;
    };
    std::vector<Costed> costed;
    std::vector<Signature> seen;
    // The cheapest candidate's design is kept rather than built twice: it is usually the one chosen.
    std::optional<GenerateResult> cheapestBuilt;
    size_t cheapestIndex = 0;
    int built = 0;
    const int toBuild = static_cast<int>(std::count_if(dials.begin(), dials.end(), [&](const GeneratorOptions& dial) {
        DesignOption probe;
        probe.arguments = dial;
        return probe.meets(r.asked);
    }));
    for (const GeneratorOptions& dial : dials) {
        DesignOption probe;
        probe.arguments = dial;
        if (!probe.meets(r.asked))
            continue;
        GenerateResult g = FabricGenerator::generate(dial, catalog);
        if (r.progress)
            r.progress(++built, toBuild);
        if (!g.ok())
            continue;
        const Design& d = *g.design;
        DesignFigures f;
        f.summary = DesignSummary::of(d);
        const Signature sig = signatureOf(dial, d, f.summary);
        if (std::find(seen.begin(), seen.end(), sig) != seen.end())
            continue;
        seen.push_back(sig);
        try {
            f.cost = CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
        } catch (const std::exception&) {
            continue; // a design that cannot be costed is not a choice
        }
        DesignOption o = DesignOption::of(explicitArguments(dial, d), f);
        o.name = DesignOption::nameOf(o.arguments, o.planes, defaultSu);
        costed.push_back({dial, std::move(o)});
        // The first of equally cheap ones, as the stable sort below orders them.
        if (!cheapestBuilt || cheaper(costed.back().option, costed[cheapestIndex].option)) {
            cheapestIndex = costed.size() - 1;
            cheapestBuilt = std::move(g);
        }
    }
    std::vector<size_t> order(costed.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(
        order.begin(), order.end(), [&](size_t a, size_t b) { return cheaper(costed[a].option, costed[b].option); });
    for (size_t i : order) {
        GenerateResult g;
        if (i == cheapestIndex && cheapestBuilt) {
            g = std::move(*cheapestBuilt);
            cheapestBuilt.reset();
        } else {
            g = FabricGenerator::generate(costed[i].dial, catalog);
        }
        FiguresRequest fr = FiguresRequest::forDesign(*g.design);
        fr.fabricAnalysisMaxNodes = kFabricAnalysisMaxNodes;
        const DesignFigures f = DesignFigures::of(*g.design, fr);
        DesignOption full = DesignOption::of(explicitArguments(costed[i].dial, *g.design), f);
        full.name = DesignOption::nameOf(full.arguments, full.planes, defaultSu);
        costed[i].option.errors = full.errors;
        costed[i].option.name = full.name;
        if (full.errors == 0) {
            c.result = std::move(g);
            noteUnitCap(r, full.arguments, catalog, c.result);
            c.chosen = full;
            costed[i].option = full;
            break;
        }
    }
    for (const Costed& k : costed)
        c.considered.push_back(k.option);
    if (!c.chosen) {
        // Every candidate has a design-rule error (or none builds): build the rail-optimized recipe
        // as asked, and let validation say what is wrong with it.
        GeneratorOptions o = r.base;
        o.topology = r.topology.value_or(TopologyKind::RailOptimized);
        // No switch asked for: the server's own generation (XDR for GB300, NDR for H100), as the
        // wizard picks it, rather than refusing a published design point.
        if (o.switchSku.isEmpty() && server)
            o.switchSku = FabricSwitchChoice::forServer(*server, catalog).sku;
        c.result = FabricGenerator::generate(o, catalog);
        return c;
    }
    c.why = why(*c.chosen, costed.size());
    c.result.notes << QStringLiteral("topology: %1").arg(c.why);
    return c;
}

} // namespace pw
