#pragma once

#include "model/link.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace pw {

class Design;

// The run-list a cabling contractor works from: one row per link with both ends (device, rack, the
// rack's row and position on the floor, U, port), the printed label, the part (cable, and the
// module at each end of an optical run), the medium, the routed length and the length it is
// ordered in, and for optical runs the loss budget: fibre loss over the length plus the mated
// connector pairs, against the smaller of the two modules' power budgets. Rows follow link ids, so
// labels are the ones of the cabling CSV export (both links of a twin-port cable share its label).
class CablePlan {
public:
    struct End {
        QString device, port, rack, row;
        int slot = -1; // 1-based position in the row, -1 when the rack is not on the floor
        int unit = -1;
        QString module; // optical runs: this end's module
    };
    struct Run {
        LinkId link;
        QString label;
        End a, z;
        QString network;
        int speedGbps = 0;
        QString medium; // "passive copper", "active copper", "multimode", "single-mode 100 m", ...
        QString cable; // empty: uncabled
        double lengthM = 0;
        QString orderedLength; // the BOM's length class
        std::optional<double> lossDb; // optical runs with a fibre that states its attenuation
        std::optional<double> budgetDb; // the smaller of the two modules' budgets
        [[nodiscard]] std::optional<double> marginDb() const
        {
            return lossDb && budgetDb ? std::optional<double>(*budgetDb - *lossDb) : std::nullopt;
        }
    };

    // Assumptions of the loss budget (estimates): two mated connector pairs per run (one patch
    // panel pass at each end), 0.5 dB each.
    static constexpr int kMatedPairs = 2;
    static constexpr double kLossPerMatedPairDb = 0.5;

    // Full: every run with both ends named (the run-list, its CSV and JSON). Figures: the same
    // runs, lengths, media and loss budgets, with the labels and the ends' devices, ports, racks
    // and rows left empty (a run's label is CablingCsv::label of its place) and no name warnings,
    // for summaries of a large design (the report's floor section: naming 3.77 million ends of a
    // 1,000,000-GPU design is most of a run-list's time).
    enum class Detail { Full, Figures };
    [[nodiscard]] static CablePlan of(const Design& design, Detail detail = Detail::Full);
    // The same, handing each run to `visit` in order instead of keeping it: runs() is empty, the
    // counts and assumptions are those of the whole plan. For a summary that reads each run once
    // (at 100,000 GPUs the kept runs were 100 MB of the report's memory).
    [[nodiscard]] static CablePlan of(
        const Design& design, Detail detail, const std::function<void(const Run&)>& visit);

    [[nodiscard]] const std::vector<Run>& runs() const { return mRuns; }
    [[nodiscard]] int uncabled() const { return mUncabled; }
    [[nodiscard]] int overBudget() const { return mOverBudget; }
    [[nodiscard]] const QStringList& assumptions() const { return mAssumptions; }
    // Device names made unique (export/exportnames.h), for the CSV export's warnings.
    [[nodiscard]] const QStringList& nameWarnings() const { return mNameWarnings; }

    [[nodiscard]] static QStringList csvHeader();
    [[nodiscard]] QByteArray csv() const;
    [[nodiscard]] QJsonObject toJson() const;

    // The optical loss of `metres` of a fibre attenuating dbPerKm, with the mated pairs.
    [[nodiscard]] static double opticalLossDb(double metres, double dbPerKm);

private:
    std::vector<Run> mRuns;
    int mUncabled = 0;
    int mOverBudget = 0;
    QStringList mAssumptions;
    QStringList mNameWarnings;
};

} // namespace pw
