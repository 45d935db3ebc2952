#pragma once

#include "analysis/designoption.h"
#include "generate/generateresult.h"
#include "generate/generatoroptions.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace pw {

class Catalog;

// The ways to build one cluster an architect weighs (issue 26 section 3): for a server model and a
// GPU or server count, every candidate over topology (rail-optimized, leaf-spine, fat-tree), the
// oversubscription dial (1:1, 2:1 and the one asked for; a fat-tree is always 1:1), the compute
// switch model (the ones given, else every catalog switch whose fastest fabric port runs at the
// server's fastest compute speed and that the catalog names for no service network), the scalable
// unit (the server's own, and half of it when the cluster is more than one unit) and the compute
// planes (the server's default, one plane, and two where its compute ports split). Each candidate is
// built by FabricGenerator and measured by DesignFigures::of with the failure domains, the one
// computation `cost`, `analyze`, `failures` and `validate` read; candidates the generator refuses
// are left out, and a candidate that builds the same design as an earlier one (the same nodes,
// links, racks and switches by model) is weighed once.
//
// The options are the Pareto set, over capital cost, bisection, the worst single switch or rack
// failure (GPUs cut off, then bisection left) and IT power, of the candidates that pass validation
// (no design-rule error): no option is dominated by another candidate. Where fewer than three are
// on the front, the cheapest of the rest are added (marked pareto = false) so the architect sees
// three. Sorted by capital cost.
class DesignOptions {
public:
    struct Request {
        // The server, the GPU or server count, and every dial that is not weighed (storage,
        // management, rack power, properties such as the cluster type). A switchSku, suSize or
        // planes set here (non-zero) is fixed rather than weighed.
        GeneratorOptions base;
        QStringList switches; // more than one switch to weigh; empty: base.switchSku, else the catalog's
        std::optional<TopologyKind> topology; // fixed topology; empty: all three
        Oversubscription asked; // what the architect asks for (cheapestMeeting, choose)
        // Called by choose() after each candidate it builds and costs (about half a second each at
        // 100,000 GPUs): how many are built so far and how many it builds in all.
        std::function<void(int built, int candidates)> progress;
    };

    std::vector<DesignOption> considered; // every candidate weighed, in the order built
    std::vector<DesignOption> options; // the Pareto set (and fill), by capital cost
    QStringList refused; // candidates the generator refused, with its reason
    QString error; // why there is no option at all (bad server, no switch of its speed)
    double seconds = 0;

    // Weighs every candidate with its full figures (cost, fabric analysis, failure domains, rules).
    [[nodiscard]] static DesignOptions of(const Request& request, const Catalog& catalog);

    // One set of dials built and measured exactly as of() measures each candidate (the wizard's
    // live preview shows these figures, so they equal `options --json`'s for the same dials).
    // `canceled`, when given, is polled between the steps: a true answer ends the work early with
    // no option. The option's name is left empty (of() names it against the candidates).
    struct Measured {
        GenerateResult result; // the design (or the generator's error)
        std::optional<DesignOption> option; // empty when refused, not costable or canceled
        QString error; // the generator's refusal or the cost model's failure
    };
    [[nodiscard]] static Measured measure(
        const GeneratorOptions& dials, const Catalog& catalog, const std::function<bool()>& canceled = {});

    // The candidate dials, in the order they are weighed (rail-optimized first, the asked
    // oversubscription and the server's own SU and planes before the alternatives); an error text
    // when the request names no usable server or switch.
    [[nodiscard]] static std::vector<GeneratorOptions> candidates(
        const Request& request, const Catalog& catalog, QString* error = nullptr);

    // The cheapest candidate (capital cost, mid) with no design-rule error whose oversubscription
    // meets `asked`; the first built wins a tie. nullptr when none.
    [[nodiscard]] const DesignOption* cheapestMeeting(const Oversubscription& asked) const;

    // What `generate` builds when no topology is given: the cheapest candidate meeting the asked
    // oversubscription with no design-rule error, the same choice cheapestMeeting() makes on the
    // full options, found faster (every candidate costed; validated in order of cost until one
    // passes; no failure domains). It weighs nothing, builds the rail-optimized recipe and says so
    // in a note for a published design point (whole scalable units of a server whose catalog entry
    // names its reference architecture's SU: the published tables stay exact) and above
    // kChooseMaxNodes servers.
    struct Choice {
        GenerateResult result; // the chosen design (or the generator's error)
        std::optional<DesignOption> chosen;
        // The candidates meeting the asked oversubscription (above kFullFiguresMaxNodes servers
        // costed only: no bisection or failure figures).
        std::vector<DesignOption> considered;
        QString why; // one sentence: why this design
    };
    static constexpr int kChooseMaxNodes = 4096;
    // Up to this many servers the choice weighs every candidate with its full figures (of()), so
    // the record of what was weighed has them all; above, candidates are costed only.
    static constexpr int kFullFiguresMaxNodes = 128;
    [[nodiscard]] static Choice choose(const Request& request, const Catalog& catalog);
};

} // namespace pw
