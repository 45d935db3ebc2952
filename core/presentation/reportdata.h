#pragma once

#include "analysis/designcomparison.h"
#include "analysis/optionsconsidered.h"
#include "analysis/verificationreport.h"
#include "cost/costassumptions.h"
#include "cost/costmodel.h"
#include "cost/tiertable.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"
#include "floor/rackelevationmodel.h"
#include "model/designintent.h"
#include "model/designsummary.h"
#include "model/softwarestack.h"
#include "presentation/diagrammodel.h"
#include "presentation/floorsummary.h"
#include "topology/fabricreport.h"
#include "util/money.h"
#include "validate/designrules.h"
#include "validate/finding.h"

#include <QDate>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace pw {

class Design;

// The sections a proposal may hold, in the order they print. The appendix (every figure's source
// with the catalog's own sourcing notes, for the people who keep the catalog) is not a customer
// section: it prints only when ReportOptions::sourcingAppendix asks for it. "Changes since" (what
// changed from an earlier revision or file) prints only when ReportOptions::changesSince names one.
enum class ReportSection {
    Cover,
    Summary,
    Stack,
    Topology,
    Options, // "Options considered": prints only for a design that records them (OptionsConsidered)
    Racks,
    Bom,
    Cabling,
    Floor,
    Failures,
    Validation,
    Cost,
    Sources,
    Changes,
    Appendix
};

// What the person exporting chooses: who it is for, by whom, which sections. Defaults give the full
// report in US dollars on A4.
struct ReportOptions {
    QString customer;
    QString preparedBy;
    QString logoPath; // PNG/JPEG/SVG shown on the cover; empty: none
    QString currency = QStringLiteral("USD"); // ISO code shown with amounts
    double exchangeRate = 1.0; // currency units per USD; every amount is computed in USD
    QString pageSize = QStringLiteral("A4"); // "A4" or "Letter"
    std::vector<ReportSection> sections = allSections();
    QString documentVersion; // empty: the design's properties["version"], else "1.0"
    QDate date; // invalid: today
    QString title; // empty: the design's name, or one derived from the design (DesignName::forReader)
    bool sourcingAppendix = false; // internal sourcing notes as a last section; off for customers
    // What the "Changes since ..." appendix compares with, as the reader knows it ("revision 3",
    // "proposal-v1.podwright"); empty: no such appendix. ReportData::build takes the design itself.
    QString changesSince;

    // The sections that print: `sections`, then "Changes since" and the appendix when asked for.
    [[nodiscard]] std::vector<ReportSection> printedSections() const;

    [[nodiscard]] static std::vector<ReportSection> allSections();
    [[nodiscard]] bool has(ReportSection s) const;
    // "cover,summary,..." -> sections; nothing and an error text on an unknown name.
    [[nodiscard]] static std::optional<std::vector<ReportSection>> parseSections(
        const QString& list, QString* error = nullptr);
    [[nodiscard]] static QString sectionId(ReportSection s);
    [[nodiscard]] static QString sectionTitle(ReportSection s); // the heading printed in the PDF
    // The heading of `s` in this report: sectionTitle(), with what "Changes since" compares with.
    [[nodiscard]] QString heading(ReportSection s) const;
};

// One rack as the elevation draws it; racks with the same contents share one drawing.
struct RackElevation {
    struct Slot {
        int u = 0; // lowest U, 1-based
        int heightU = 1;
        QString name;
        QString model;
        QString sku;
        DiagramModel::Kind kind = DiagramModel::Kind::Other;
    };
    QString name; // first rack's name
    QStringList rackNames; // every rack with this layout
    QString model; // rack catalog model
    int heightU = RackElevationModel::kDefaultHeightU;
    double powerBudgetKw = 0;
    double powerKw = 0; // maximum power of the contents (of the first rack)
    bool liquidCooled = false;
    std::vector<Slot> slots;
    // Nodes the drawing leaves out because they do not fit (RACK-HEIGHT) or overlap another
    // (RACK-OVERLAP), as "name (U47, above the 42U rack)".
    QStringList misplaced;
};

// Cables of one network, type and length class.
struct CablingLine {
    QString network;
    QString type; // CablingCsv::cableType
    QString lengthClass; // BillOfMaterials::lengthClass
    int count = 0;
};

// One figure the report relies on, with its source (a catalog or reference tag, or "estimate: ...").
struct SourceLine {
    QString subject; // "dgx-h100", "Cost assumption"
    QString figure; // "price", "maximum power"
    QString value; // formatted with its unit
    QString source;
    bool estimate = false;
};

// How one catalog item used by the design is priced, in a customer's words.
struct PriceBasis {
    QString item; // "NVIDIA DGX H100"
    QString basis; // "list price", "estimate", "price book"
    QString range; // an estimate's band, rounded ("$350k to $450k"); empty for a point price
    bool estimate = false;
};

// The "Cluster type and software stack" section: what the cluster is for, who shares it, the
// software it runs and the management nodes that software needs. Built from
// describeClusterTypeAndStack() (the block `intent --json` prints, kept in `json`).
struct ClusterStackBlock {
    QJsonObject json; // describeClusterTypeAndStack(design), unchanged
    ClusterType type = ClusterType::Unspecified;
    QString typeText; // "mixed", or "not stated"
    QString typeNeeds; // one line: what this type of cluster needs (source document); empty when not stated
    std::optional<int> users;
    std::optional<double> inferenceShare; // mixed clusters
    std::optional<int> inferenceGpus; // GPUs the inference share reserves (mixed, share stated)
    int gpus = 0;
    bool stackStored = false; // false: the default stack of the cluster type
    SoftwareStack stack;
    QStringList components; // SoftwareStack::components(), in order
    struct Layer {
        QString name; // "Job scheduler", "Frameworks", ...
        QStringList components; // readable names, as components() gives them
    };
    std::vector<Layer> layers; // only layers with a component
    struct Role {
        QString id;
        QString prefix;
        int count = 0;
        QString reason;
    };
    std::vector<Role> neededRoles; // management servers the stack needs (estimates)
    struct ManagementNode {
        QString name;
        QString role;
        QString sku;
        double powerMaxW = 0;
        double priceUsd = 0;
    };
    std::vector<ManagementNode> nodes; // management nodes present in the design
    double powerMaxW = 0;
    double priceUsd = 0;
    QString footnote;

    [[nodiscard]] static QString needsOf(ClusterType type);
};

// Everything a proposal shows, computed once from (design, assumptions, options) by the engines,
// so the PDF, the CLI and the GUI cannot disagree. The renderer only lays this out.
struct ReportData {
    ReportOptions options;
    QString designName;
    QString documentVersion;
    QDate date;
    QString headerTitle; // the page header's right-hand text; empty: the proposal's own

    DesignSummary summary;
    DesignIntent intent;
    FabricReport fabric;
    CostReport cost;
    PowerChain power; // the power and cooling chain on cost.power (the Racks section's "Power and cooling")
    std::vector<Finding> findings;
    FindingCounts findingCounts;
    DiagramModel diagram;
    std::vector<RackElevation> racks;
    int rackCount = 0;
    std::vector<CablingLine> cabling; // links by network, cable or optic type and length class
    int linkCount = 0;
    int cablesBought = 0; // the bill of materials' count (a twin-port cable joins two links, a splitter several)
    std::optional<FloorSummary> floor; // the floor plan and its cabling; nothing without a floor plan
    std::vector<SourceLine> sources; // every figure with its source (the internal appendix)
    std::vector<PriceBasis> prices; // by item, for the customer's source list
    QStringList publishedSources; // the vendor documents the published figures come from
    int publishedFigures = 0;
    int estimatedFigures = 0;
    std::vector<Tier> tiers;
    std::optional<FailureDomains> failures; // when the report has the failure domains section
    // The options weighed before this design was built and why this one (the design's
    // "options_considered" property); when the design has none, options.sections drops Options.
    std::optional<OptionsConsidered> optionsConsidered;
    // The verification of the built cluster kept with the design, while it still describes it
    // (VerificationReport::stored): the summary's "Acceptance" line.
    std::optional<VerificationReport> verification;

    ClusterStackBlock clusterTypeAndStack;
    QString clusterType; // "training", or "not stated"
    QStringList summaryText; // the executive summary's paragraphs

    // Year by year cumulative cost of owning against renting the same GPU-hours (index 0 = year 0).
    std::vector<double> ownCumulative;
    std::vector<double> cloudCumulative;

    // What changed since the design options.changesSince names (both sides' figures of record).
    std::optional<DesignComparison> changes;

    // `changesSince`: the earlier design the "Changes since" appendix compares with (needed when
    // options.changesSince is set; it is costed with its own assumptions, as `cost` would).
    [[nodiscard]] static ReportData build(const Design& design, const CostAssumptions& assumptions,
        const ReportOptions& options, const AnalysisOptions& analysis = {}, const Design* changesSince = nullptr);

    // Amounts in the report's currency (the one formatter, util/money.h, at the report's rate):
    // money() is exact with thousands separators, in whole dollars ("$2,126,374": cents mean nothing
    // in a proposal's totals) unless asked for cents where they matter (a cost per GPU-hour);
    // roundedMoney() reads "$1.6M".
    [[nodiscard]] Money moneyFormat() const;
    [[nodiscard]] QString money(double usd, int decimals = 0) const;
    [[nodiscard]] QString roundedMoney(double usd) const;
    [[nodiscard]] static QString number(double v, int decimals = 0);
    // The compute fabric's switches by tier, naming only the tiers it has: "1 leaf switch",
    // "8 leaf and 6 spine switches", "32 leaf, 16 spine and 8 core switches" (never "0 core").
    [[nodiscard]] static QString tierSwitches(int leaves, int spines, int cores);

    // Text for a customer: drops references to the catalog's working files ("(fabric-rules.md)",
    // "hardware-specs.md section 6") and source tags ("[S4]"), which mean nothing outside the team.
    [[nodiscard]] static QString customerText(const QString& text);
};

} // namespace pw
