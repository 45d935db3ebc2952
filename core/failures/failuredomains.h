#pragma once

#include "failures/failurescenario.h"
#include "topology/analysisoptions.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace pw {

class Design;

// What one failure takes down, for every kind of failure domain of a design (issue 17 section 4):
// per scenario the GPUs lost, the scheduler blocks affected, the bisection left and the power and
// cooling left. The one computation the CLI's `failures`, the studio's failures panel and the
// report read.
//
// - A server is lost when it is down (its rack, row, feed or loop failed) or cut off (every compute
//   link goes to a failed switch); its GPUs count in gpusLost.
// - The bisection after a failure is the fabric analysis's own (BisectionSearch::degradedRatio):
//   the bisection of the servers left, i.e. the worst intact split recomputed by exact max-flow
//   with the failed switches out and the lost servers out of both sides (rebalanced), so a
//   failure's GPU loss and its bandwidth loss among the GPUs left are two separate figures.
// - Scheduler blocks are the Slurm topology export's (SchedulerTopology): the NVLink domains that
//   span several hosts (topology/block), else the fabric tree's leaves (topology/tree).
// - Failures with the same signature (kind, the failed switches' tier, model and links, the GPUs and
//   the kW) are computed once; the scenario says how many it stands for.
struct FailureDomains {
    int gpus = 0;
    double itMaxKw = 0;
    double intactBisectionRatio = 0; // 0 when the fabric has no bisection (fewer than two servers)
    QString blockKind; // "NVLink domain" or "leaf"
    int blocks = 0;
    std::vector<FailureScenario> scenarios; // switch, plane, pdu, cdu-loop, sidecar, rack, row; each by worst first
    QStringList notes; // kinds left out and why, how equivalence was used
    double seconds = 0;

    [[nodiscard]] static FailureDomains of(const Design& design, const AnalysisOptions& options = {});
    // The same, for a run in the background: `progress` is called with (steps done, steps in all)
    // after the intact fabric's bisection and after each class of failures; when it returns false
    // the run stops and nothing is returned (the user canceled).
    using Progress = std::function<bool(int done, int total)>;
    [[nodiscard]] static std::optional<FailureDomains> of(
        const Design& design, const AnalysisOptions& options, const Progress& progress);
    [[nodiscard]] QJsonObject toJson() const;
    // The scenario that loses the most GPUs, then the lowest bisection; nullptr when there is none.
    [[nodiscard]] const FailureScenario* worst() const;
};

} // namespace pw
