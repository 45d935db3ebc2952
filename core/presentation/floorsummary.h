#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace pw {

class Design;

// The floor plan and its cabling as a proposal shows them (the report's "Floor plan and cabling"
// section): the rows of the hall, how long the cable runs are, which optics and how many, and the
// optical loss budget of the fibre runs. Read from the design's floor plan (FloorLayout), its cable
// plan (CablePlan: lengths and budgets) and its optics count (OpticsPlan, the one the bill of
// materials uses), never counted a second way. Nothing for a design without a floor plan.
struct FloorSummary {
    struct Row {
        QString name;
        int positions = 0;
        int racks = 0;
        double lengthM = 0; // positions x rack width
    };
    struct LengthBin {
        QString label; // "up to 3 m", "3 to 5 m", ..., "over 500 m"
        int cables = 0;
    };
    struct Optic {
        QString sku;
        QString model; // vendor and model
        QString fiber; // "multimode", "singlemode"
        double reachM = 0;
        int count = 0;
    };
    std::vector<Row> rows;
    int racks = 0;
    double hallWidthM = 0;
    double hallDepthM = 0;
    double coldAisleM = 0;
    double hotAisleM = 0;
    std::vector<LengthBin> lengths; // every bin, empty ones too, in order
    int cables = 0; // links with a length
    double longestM = 0;
    double medianM = 0;
    std::vector<Optic> optics; // by sku
    int opticalRuns = 0; // fibre runs with a loss budget
    int overBudget = 0;
    std::optional<double> smallestMarginDb;
    QString smallestMarginRun; // the run's label
    QStringList assumptions; // the routing and budget model (estimates), as the cable plan states it

    [[nodiscard]] static std::optional<FloorSummary> of(const Design& design);
    // The same, with the modules by sku OpticsPlan counted already (the fabric analysis keeps
    // them: FabricReport::transceiversByModel), so the report does not count them a third time.
    [[nodiscard]] static std::optional<FloorSummary> of(
        const Design& design, const std::map<QString, int>& modulesBySku);
    // The bins' upper ends in metres (the last bin is open).
    [[nodiscard]] static const std::vector<double>& binEnds();
};

} // namespace pw
