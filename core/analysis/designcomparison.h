#pragma once

#include "util/band.h"
#include "util/strongid.h"
#include "validate/finding.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

class Design;
struct DesignFigures;

// One side of a comparison: a design, what the reader calls it ("revision 3", "acme-v1.podwright")
// and its figures of record (DesignFigures::of, the object the status bar, `cost`, `analyze`,
// `validate` and the report read). The comparison copies figures from it and never computes one.
struct ComparedDesign {
    QString label;
    const Design* design = nullptr;
    const DesignFigures* figures = nullptr;
};

// A node found on one side only.
struct NodeDifference {
    NodeId id;
    QString name;
    QString sku;
};

// A link found on one side only; its ends as "node:port" on that side.
struct LinkDifference {
    LinkId id;
    QString from;
    QString to;
    QString cableSku; // empty: no cable chosen
    double lengthM = 0;
};

// A link on both sides (the same ends) whose cable, optics or length changed: the same connection
// built with another part. Its ends as "node:port" in the after design.
struct LinkChange {
    LinkDifference before; // the before design's id, cable and length
    LinkDifference after;
    QString transceiverBefore; // empty for copper
    QString transceiverAfter;
    // What changed, in words: "cable mcp4y10-n003 → mfp7e10-n005, 3 m → 5 m".
    [[nodiscard]] QString what() const;
};

// A bill-of-materials line (category, item, cable length class) whose quantity or price differs;
// a line on one side only has quantity 0 and no price on the other.
struct BomLineDifference {
    QString category;
    QString sku;
    QString description;
    QString lengthClass;
    int quantityBefore = 0;
    int quantityAfter = 0;
    double unitPriceBefore = 0; // USD, mid (0 where the line is absent)
    double unitPriceAfter = 0;
    Band extendedBefore; // quantity x unit band
    Band extendedAfter;

    [[nodiscard]] int quantityDelta() const { return quantityAfter - quantityBefore; }
    [[nodiscard]] Band extendedDelta() const;
};

// A number of both designs, as each design's own figures give it; absent on a side that has none
// (the fabric was not analysed, the cost model failed).
struct FigureDifference {
    enum class Unit { Count, Kilowatts, Gbps, Ratio };
    QString key; // stable, for JSON and tests: "gpus", "it_power_max_kw", "bisection_ratio", ...
    QString label; // "GPUs", "IT power (maximum)"
    Unit unit = Unit::Count;
    std::optional<double> before;
    std::optional<double> after;

    [[nodiscard]] std::optional<double> delta() const;
    [[nodiscard]] bool changed() const;
    // "16", "40.8 kW", "800 Gb/s", "100%", "—" for an absent value.
    [[nodiscard]] QString text(const std::optional<double>& value) const;
    [[nodiscard]] QString deltaText() const; // "+16", "-2.4 kW", "-25 points", "" when unchanged
    [[nodiscard]] static QString unitName(Unit unit); // "count", "kW", "Gb/s", "ratio"
};

// A money figure of both designs, a band (low, mid, high) on each side; the change is taken end
// by end (low - low, mid - mid, high - high), which is what "the same design at the low prices"
// changes by. Absent where a side's cost model failed.
struct BandDifference {
    QString key; // "capex_usd", "all_in_usd", "tco_usd"
    QString label;
    std::optional<Band> before;
    std::optional<Band> after;

    [[nodiscard]] std::optional<Band> delta() const;
    [[nodiscard]] bool changed() const;
};

// What changed from one design (before) to another (after): nodes and links added and removed, the
// bill-of-materials lines that differ, the headline figures (counts, power, bisection and its
// degraded cases), capital cost and ownership as bands, the tier, and the findings that appeared or
// went away. A pure value built from the two designs and their figures of record, so the diff shows
// exactly what `info`, `cost`, `analyze` and `validate` show for each design, never a second
// computation.
//
// Nodes are matched in two passes: first by identity (the same node id with the same catalog item
// on both sides, as in two revisions of one design, whatever the node was renamed to), then the
// nodes left over by name and catalog item (two files generated or built separately). A node left
// unmatched is added or removed. Links are matched by their ends (the matched node and the port
// index, either direction); a link whose ends match on both sides is the same link, changed when its
// cable, optics or length differ (and its BOM lines change with it). Findings are matched by code and message; a
// finding on both sides whose waiver came or went is listed as waived or no longer waived.
class DesignComparison {
public:
    [[nodiscard]] static DesignComparison of(const ComparedDesign& before, const ComparedDesign& after);

    QString beforeLabel;
    QString afterLabel;
    QString beforeName; // the designs' own names
    QString afterName;
    std::vector<NodeDifference> nodesAdded; // in the after design's id order
    std::vector<NodeDifference> nodesRemoved; // in the before design's id order
    int nodesMatchedById = 0;
    int nodesMatchedByName = 0;
    std::vector<LinkDifference> linksAdded;
    std::vector<LinkDifference> linksRemoved;
    std::vector<LinkChange> linksChanged; // in the after design's id order
    std::vector<BomLineDifference> bomLines; // changed lines only, in the BOM's order (after, then before-only)
    std::vector<FigureDifference> figures; // always the same keys in the same order
    std::vector<BandDifference> bands; // capex_usd, all_in_usd, tco_usd
    QString tierBefore; // the tier table row each design falls in ("" when none)
    QString tierAfter;
    QString fabricNoteBefore; // why a side has no fabric figures ("not analysed: ..."), else empty
    QString fabricNoteAfter;
    std::vector<Finding> findingsAdded; // as the after design reports them
    std::vector<Finding> findingsRemoved; // as the before design reported them
    std::vector<Finding> findingsWaived; // on both sides, waived only in the after design (as it reports them)
    std::vector<Finding> findingsUnwaived; // on both sides, waived only in the before design

    [[nodiscard]] const FigureDifference* figure(const QString& key) const;
    [[nodiscard]] const BandDifference* band(const QString& key) const;
    // Nothing differs: no node, link (added, removed or changed), BOM line, figure, band, tier or finding.
    [[nodiscard]] bool isEmpty() const;

    // The `diff --json` object (keys in docs/comparison.md).
    [[nodiscard]] QJsonObject toJson() const;
    // The `diff` text: what changed, in words a sales engineer reads; lists of more than
    // `maxListed` nodes, links or lines are cut with "... and N more".
    [[nodiscard]] QString toText(int maxListed = 20) const;
};

} // namespace pw
