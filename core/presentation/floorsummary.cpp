#include "presentation/floorsummary.h"

#include "cost/opticsplan.h"
#include "export/cablingcsv.h"
#include "floor/cableplan.h"
#include "floor/floorlayout.h"
#include "model/design.h"

#include <algorithm>

namespace pw {

const std::vector<double>& FloorSummary::binEnds()
{
    static const std::vector<double> ends{3, 5, 10, 30, 50, 100, 500};
    return ends;
}

std::optional<FloorSummary> FloorSummary::of(const Design& design)
{
    return of(design, OpticsPlan::of(design).modulesBySku());
}

std::optional<FloorSummary> FloorSummary::of(const Design& design, const std::map<QString, int>& modulesBySku)
{
    const std::optional<FloorLayout> floor = FloorLayout::of(design);
    if (!floor)
        return std::nullopt;
    FloorSummary s;
    std::vector<int> racksInRow(floor->rows.size(), 0);
    for (const auto& [id, place] : floor->racks)
        ++racksInRow[static_cast<size_t>(place.row)];
    for (size_t i = 0; i < floor->rows.size(); ++i) {
        const FloorRow& r = floor->rows[i];
        s.rows.push_back(Row{r.name, r.slots, racksInRow[i], r.slots * floor->hall.rackWidthM});
    }
    s.racks = static_cast<int>(floor->racks.size());
    const QRectF extent = floor->extent();
    s.hallWidthM = extent.width();
    s.hallDepthM = extent.height();
    s.coldAisleM = floor->hall.coldAisleM;
    s.hotAisleM = floor->hall.hotAisleM;

    const std::vector<double>& ends = binEnds();
    std::vector<int> counts(ends.size() + 1, 0);
    std::vector<double> lengths;
    const int runCount = static_cast<int>(design.links().size());
    int run = 0; // the run's place, from 1: runs follow the labels' order
    // Lengths and margins only, each run read as the plan makes it.
    const CablePlan plan = CablePlan::of(design, CablePlan::Detail::Figures, [&](const CablePlan::Run& r) {
        ++run;
        if (r.lengthM > 0) {
            lengths.push_back(r.lengthM);
            const auto bin = std::lower_bound(ends.begin(), ends.end(), r.lengthM - 1e-9) - ends.begin();
            ++counts[static_cast<size_t>(bin)];
        }
        if (r.marginDb()) {
            ++s.opticalRuns;
            if (*r.marginDb() < 0)
                ++s.overBudget;
            if (!s.smallestMarginDb || *r.marginDb() < *s.smallestMarginDb) {
                s.smallestMarginDb = r.marginDb();
                s.smallestMarginRun = CablingCsv::label(run, runCount);
            }
        }
    });
    s.assumptions = plan.assumptions();
    for (size_t i = 0; i <= ends.size(); ++i) {
        const QString label = i == 0 ? QStringLiteral("up to %1 m").arg(ends[0])
            : i == ends.size()       ? QStringLiteral("over %1 m").arg(ends.back())
                                     : QStringLiteral("%1 to %2 m").arg(ends[i - 1]).arg(ends[i]);
        s.lengths.push_back(LengthBin{label, counts[i]});
    }
    s.cables = static_cast<int>(lengths.size());
    if (!lengths.empty()) {
        std::sort(lengths.begin(), lengths.end());
        s.longestM = lengths.back();
        s.medianM = lengths[lengths.size() / 2];
    }
    for (const auto& [sku, n] : modulesBySku) {
        Optic o;
        o.sku = sku;
        o.count = n;
        if (const CatalogItem* item = design.item(sku)) {
            o.model = item->vendor + QLatin1Char(' ') + item->model;
            if (item->transceiver) {
                o.fiber = item->transceiver->fiber;
                o.reachM = item->transceiver->maxReachM;
            }
        }
        s.optics.push_back(o);
    }
    return s;
}

} // namespace pw
