#include "validate/designrules.h"

#include "cost/billofmaterials.h"
#include "cost/costmodel.h"
#include "cost/tiertable.h"
#include "validate/rulehelpers.h"

#include <QJsonArray>

#include <algorithm>

namespace pw {

namespace rules {

Finding make(const char* code, Severity severity, QString message, std::vector<EntityRef> entities, QString explanation)
{
    std::sort(entities.begin(), entities.end());
    entities.erase(std::unique(entities.begin(), entities.end()), entities.end());
    return Finding{QString::fromLatin1(code), severity, std::move(message), std::move(entities), std::move(explanation),
        std::nullopt};
}

PortRef endAt(const Link& link, NodeId node)
{
    return link.a.node == node ? link.a : link.b;
}
PortRef otherEnd(const Link& link, NodeId node)
{
    return link.a.node == node ? link.b : link.a;
}

bool isInfiniBandSwitch(const CatalogItem& item)
{
    return item.kind == ItemKind::Switch && item.switchSpec
        && item.switchSpec->technology.compare(QLatin1String("infiniband"), Qt::CaseInsensitive) == 0;
}

bool isSubnetManager(const CatalogItem& item)
{
    if (item.kind != ItemKind::Appliance)
        return false;
    if (item.json.value(QLatin1String("subnet_manager")).toBool())
        return true;
    return item.description.contains(QLatin1String("subnet manager"), Qt::CaseInsensitive)
        || item.model.contains(QLatin1String("UFM"), Qt::CaseInsensitive);
}

QString nameList(const Design& design, const std::vector<NodeId>& nodes, int max)
{
    QStringList names;
    for (size_t i = 0; i < nodes.size() && static_cast<int>(i) < max; ++i)
        if (const Node* n = design.node(nodes[i]))
            names << n->name;
    QString s = names.join(QStringLiteral(", "));
    if (static_cast<int>(nodes.size()) > max)
        s += QStringLiteral(" and %1 more").arg(nodes.size() - static_cast<size_t>(max));
    return s;
}

QString fmt(double v, int precision)
{
    return QString::number(v, 'f', precision);
}

} // namespace rules

FindingCounts FindingCounts::of(const std::vector<Finding>& findings)
{
    FindingCounts c;
    for (const Finding& f : findings) {
        if (f.waived()) {
            ++c.waived;
            continue;
        }
        switch (f.severity) {
        case Severity::Error:
            ++c.errors;
            break;
        case Severity::Warning:
            ++c.warnings;
            break;
        case Severity::Info:
            ++c.infos;
            break;
        }
    }
    return c;
}

const std::vector<RuleInfo>& designRules()
{
    static const std::vector<RuleInfo> kRules{
        {"PORT-CONNECTOR", Severity::Error, "a link joins a pluggable cage to an RJ45 port"},
        {"PORT-SPEED", Severity::Error, "a link joins ports that share no speed"},
        {"PORT-SPEED-DOWNGRADE", Severity::Warning,
            "a compute or storage link runs below the speed one of its ports supports"},
        {"PORT-ROLE", Severity::Error, "a link joins ports of different networks"},
        {"PORT-DOUBLE", Severity::Error, "a port carries two links"},
        {"PORT-CABLE", Severity::Error, "the link's cable or optics do not fit its ports, speed or length"},
        {"OPTICS-MISMATCH", Severity::Error,
            "a link's transceivers or fiber do not work together or with its ports (speed, cage, fiber kind)"},
        {"SWITCH-RADIX", Severity::Error, "a switch has more fabric links than its radix"},
        {"PORT-UNCONNECTED-COMPUTE", Severity::Warning, "GPU servers with unconnected compute NICs"},
        {"FABRIC-PARTITION", Severity::Error, "GPU servers that the compute fabric does not join"},
        {"FABRIC-RAIL", Severity::Warning, "rail-optimized wiring is not symmetric"},
        {"FABRIC-OVERSUB", Severity::Warning,
            "a leaf's downlinks exceed its uplinks beyond the intent's bisection target"},
        {"FABRIC-BISECTION", Severity::Warning,
            "the fabric's bisection ratio is below the intent's target (topology engine)"},
        {"FABRIC-SPOF", Severity::Warning, "one switch whose loss cuts GPU servers off from the others"},
        {"FABRIC-SM", Severity::Error, "an InfiniBand fabric without a subnet manager"},
        {"FABRIC-UFM-SLOT", Severity::Info,
            "a server gave its slot to the UFM pair (every leaf port taken), with the cost of keeping it"},
        {"DESIGN-REFERENCE", Severity::Info,
            "a generated design differs from the published reference design's table at its design point, and why"},
        {"POWER-RACK", Severity::Error, "a rack's maximum power exceeds its budget"},
        {"COOLING-LIQUID", Severity::Error, "liquid-cooled equipment in an air-cooled rack"},
        {"RACK-HEIGHT", Severity::Error, "a node placed in a rack reaches above the rack's height"},
        {"RACK-OVERLAP", Severity::Error, "a node placed in a rack takes a U another node already takes"},
        {"RACK-PDU", Severity::Warning, "a rack holds powered equipment and no PDU"},
        {"POWER-SITE", Severity::Error, "facility power (IT load x PUE) exceeds the site budget"},
        {"STORAGE-NONE", Severity::Warning, "GPU servers without any storage system"},
        {"STORAGE-READ", Severity::Warning, "aggregate storage read below the guidance tier"},
        {"STORAGE-WRITE", Severity::Warning, "aggregate storage write below the guidance tier"},
        {"STORAGE-NODE-READ", Severity::Warning, "per-node storage read below the guidance tier"},
        {"STORAGE-NODE-WRITE", Severity::Warning, "per-node storage write below the guidance tier"},
        {"STORAGE-FABRIC", Severity::Warning, "the storage fabric carries less than the arrays deliver"},
        {"STORAGE-CAPACITY", Severity::Error, "usable storage below the dataset size"},
        {"MGMT-OOB", Severity::Warning, "BMC, PDU or switch management ports not reachable out of band"},
        {"MGMT-INBAND", Severity::Warning, "no in-band management network"},
        {"WORKLOAD-GPU-MEMORY", Severity::Error, "GPU memory below what the stated workload needs"},
        {"WORKLOAD-GPU-COUNT", Severity::Warning, "fewer GPUs than the stated workload's recommendation"},
        {"STACK-SCHEDULER", Severity::Warning,
            "a multi-user training or mixed cluster without a job scheduler with priority queues"},
        {"STACK-ORCHESTRATION", Severity::Warning,
            "an inference cluster without Kubernetes with the GPU Operator and autoscaling"},
        {"STACK-PARTITION", Severity::Warning,
            "a mixed cluster without a partition or reservation that keeps GPUs for inference"},
        {"MGMT-DCGM", Severity::Warning,
            "GPU servers not monitored by NVIDIA DCGM (no DCGM in the stack, or no in-band link)"},
        {"STORAGE-NFS-TRAINING", Severity::Warning,
            "NFS-class storage only on a training cluster beyond development size"},
        {"STORAGE-AGGREGATE-TRAINING", Severity::Warning,
            "a large training cluster with aggregate storage read under 100 GB/s"},
        {"FABRIC-CLASS", Severity::Warning,
            "the interconnect class does not fit the cluster type (training: InfiniBand or RoCE, full bisection)"},
        {"TIER-GPUS", Severity::Warning, "GPU count outside the tier's range"},
        {"TIER-INTERCONNECT", Severity::Warning, "interconnect below the tier's"},
        {"TIER-STORAGE", Severity::Warning, "storage below the tier's"},
        {"TIER-COST", Severity::Info, "capital cost outside the tier's typical range"},
    };
    return kRules;
}

std::vector<Finding> validate(const Design& design, const ValidationOptions& options)
{
    std::vector<Finding> out;
    const CostAssumptions assumptions
        = options.assumptions.value_or(CostAssumptions::ofProperties(design.properties()));
    rules::portRules(design, out);
    rules::linkOpticsRules(design, out);
    rules::fabricRules(design, options, out);
    rules::powerRules(design, assumptions, options.power, out);
    rules::storageRules(design, out);
    rules::managementRules(design, out);
    rules::workloadRules(design, out);
    rules::clusterRules(design, out);
    rules::referenceRules(design, out);
    if (options.tierChecks) {
        const Band capex = options.capex ? *options.capex
                                         : CostModel::allInBand(BillOfMaterials::of(design).totalBand(),
                                             CostAssumptions::ofProperties(design.properties()));
        const auto tier = TierTable::check(TierInputs::of(design, capex));
        out.insert(out.end(), tier.begin(), tier.end());
    }
    const std::vector<Waiver> waivers = Waiver::listFromProperties(design.properties());
    for (Finding& f : out)
        for (const Waiver& w : waivers)
            if (w.covers(f)) {
                f.waiver = w;
                break;
            }
    return out;
}

QJsonObject findingsToJson(const std::vector<Finding>& findings)
{
    QJsonArray arr;
    for (const Finding& f : findings)
        arr.append(f.toJson());
    const FindingCounts c = FindingCounts::of(findings);
    return QJsonObject{
        {QStringLiteral("findings"), arr},
        {QStringLiteral("errors"), c.errors},
        {QStringLiteral("warnings"), c.warnings},
        {QStringLiteral("infos"), c.infos},
        {QStringLiteral("waived"), c.waived},
    };
}

} // namespace pw
