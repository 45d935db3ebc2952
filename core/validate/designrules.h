#pragma once

#include "cost/costassumptions.h"
#include "util/band.h"
#include "validate/finding.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

class Design;
struct FabricReport;
struct PowerFigures;

// What validation may use beyond the design: cost assumptions (PUE for the site-power rule;
// default: the design's stored assumptions) and switches for the slower rule groups. A caller
// that already holds the design's analysis of record (the fabric analysis with default options,
// the capital cost) passes it in, so the rules read the same figures it shows and nothing runs twice.
struct ValidationOptions {
    std::optional<CostAssumptions> assumptions;
    bool tierChecks = true; // TIER-*: needs the bill of materials
    bool fabricAnalysis = true; // FABRIC-BISECTION and degraded cases: needs the topology engine
    const FabricReport* fabric = nullptr; // analyzeFabric(design) with default options, when known
    std::optional<Band> capex; // CostReport::allInBand (what the tier table compares), when known
    const PowerFigures* power = nullptr; // PowerFigures::of(design, assumptions' PUE), when known
};

// Counts of unwaived findings by severity, plus how many are waived.
struct FindingCounts {
    int errors = 0;
    int warnings = 0;
    int infos = 0;
    int waived = 0;
    [[nodiscard]] static FindingCounts of(const std::vector<Finding>& findings);
};

// One rule, declared once (as KiCad's DRC_ITEM): its stable code, its severity, what it checks
// (the title) and how to resolve a finding of it. Every finding takes its severity from here
// (rules::make), and validate, the studio's findings panel, the CLI and docs/design-rules.md read
// this one table, so they cannot drift.
struct RuleInfo {
    const char* code;
    Severity severity;
    const char* summary;
    const char* fix;
};

// The design rules. Pure: a function of the design (with its catalog snapshot and properties) and
// the options. Findings come grouped by area (ports, fabric, power, storage, management, workload,
// tier), each area in a stable order; waivers stored in the design mark findings waived but never
// hide them.
[[nodiscard]] std::vector<Finding> validate(const Design& design, const ValidationOptions& options = {});
[[nodiscard]] const std::vector<RuleInfo>& designRules();
// The rule with this code, or null.
[[nodiscard]] const RuleInfo* ruleInfo(const QString& code);
[[nodiscard]] QJsonObject findingsToJson(const std::vector<Finding>& findings);

} // namespace pw
