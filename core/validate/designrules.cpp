#include "validate/designrules.h"
#include "catalog/itemrole.h"

#include "cost/billofmaterials.h"
#include "cost/costmodel.h"
#include "cost/tiertable.h"
#include "validate/rulehelpers.h"
#include "validate/tierrules.h"

#include <QJsonArray>

#include <algorithm>
#include <cassert>

namespace pw {

namespace rules {

Finding make(const char* code, QString message, std::vector<EntityRef> entities, QString explanation)
{
    const RuleInfo* rule = ruleInfo(QLatin1String(code));
    assert(rule && "every finding's code is declared in designRules()");
    return makeRaised(
        code, rule ? rule->severity : Severity::Error, std::move(message), std::move(entities), std::move(explanation));
}

Finding makeRaised(
    const char* code, Severity severity, QString message, std::vector<EntityRef> entities, QString explanation)
{
    // Severity counts down from Error: a raised severity is never milder than the rule's.
    [[maybe_unused]] const RuleInfo* rule = ruleInfo(QLatin1String(code));
    assert(rule && int(severity) <= int(rule->severity));
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
    if (hasRole(item, ItemRole::SubnetManager))
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

const RuleInfo* ruleInfo(const QString& code)
{
    for (const RuleInfo& r : designRules())
        if (code == QLatin1String(r.code))
            return &r;
    return nullptr;
}

const std::vector<RuleInfo>& designRules()
{
    static const std::vector<RuleInfo> kRules{
        {"PORT-CONNECTOR", Severity::Error, "a link joins a pluggable cage to an RJ45 port",
            "Connect the RJ45 port to an RJ45 port, or the cage to a cage."},
        {"PORT-SPEED", Severity::Error, "a link joins ports that share no speed",
            "Join ports that share a speed, or change one end's model."},
        {"PORT-SPEED-DOWNGRADE", Severity::Warning,
            "a compute or storage link runs below the speed one of its ports supports",
            "Choose a cable and optics at the faster speed both ports support."},
        {"PORT-ROLE", Severity::Error, "a link joins ports of different networks",
            "Connect each port to a port of its own network (compute, storage, in-band, out-of-band)."},
        {"PORT-DOUBLE", Severity::Error, "a port carries two links",
            "Remove one of the two links, or move it to a free port."},
        {"PORT-CABLE", Severity::Error, "the link's cable or optics do not fit its ports, speed or length",
            "Choose a cable (and optics) of the ports' connector and speed that reaches the length."},
        {"OPTICS-MISMATCH", Severity::Error,
            "a link's transceivers or fiber do not work together or with its ports (speed, cage, fiber kind)",
            "Use transceivers of one speed and fiber kind at both ends, fitting each port's cage."},
        {"XDR-MEDIA", Severity::Error, "a DAC, AOC, multimode or QSFP112 part on an XDR (800G InfiniBand) link",
            "Use LACC copper (adjacent racks, about 5 m) or single-mode OSFP optics at XDR."},
        {"OPTICS-TOP", Severity::Error,
            "a finned module outside an air-cooled switch cage, or a flat-top module in an air-cooled switch",
            "Use finned (IHS) modules in air-cooled switches, flat-top (RHS) ones in host cages and liquid-cooled "
            "switches."},
        {"OPTICS-TWIN-FIBER", Severity::Error,
            "the two links of an XDR or 800G Ethernet twin-port cage run on different media",
            "Put links of one fiber type (or one copper cable) in each twin-port cage."},
        {"LINK-UNCABLED", Severity::Warning,
            "links without a cable: neither their cable nor their optics are in the bill of materials or the cost",
            "Choose a cable for each link; where no catalog part reaches the length, add one or move the racks."},
        {"SWITCH-RADIX", Severity::Error, "a switch has more fabric links than its radix",
            "Move links to another switch, or use a switch with more ports."},
        {"PORT-UNCONNECTED-COMPUTE", Severity::Warning, "GPU servers with unconnected compute NICs",
            "Connect every compute NIC to the compute fabric."},
        {"FABRIC-PARTITION", Severity::Error, "GPU servers that the compute fabric does not join",
            "Connect the separated servers' leaves to the same spines."},
        {"FABRIC-RAIL", Severity::Warning, "rail-optimized wiring is not symmetric",
            "Wire NIC n of every server in a scalable unit to the same rail's leaf."},
        {"FABRIC-OVERSUB", Severity::Warning,
            "a leaf's downlinks exceed its uplinks beyond the intent's bisection target",
            "Add uplinks to the leaf, or lower the intent's bisection target."},
        {"FABRIC-BISECTION", Severity::Warning,
            "the fabric's bisection ratio is below the intent's target (topology engine)",
            "Add spines or uplinks, or lower the intent's bisection target."},
        {"FABRIC-SPOF", Severity::Warning, "one switch whose loss cuts GPU servers off from the others",
            "Give the servers a second path (a second uplink or switch)."},
        {"FABRIC-SM", Severity::Error, "an InfiniBand fabric without a subnet manager",
            "Add a subnet manager (a UFM appliance) to the InfiniBand fabric."},
        {"FABRIC-UFM-SLOT", Severity::Info,
            "a server gave its slot to the UFM pair (every leaf port taken), with the cost of keeping it",
            "Accept it (as the DGX SuperPOD RA does) or generate with one more scalable unit."},
        {"DESIGN-REFERENCE", Severity::Info,
            "a design differs from its server's published reference architecture (a table line at its design point, or "
            "a "
            "deliberate choice the catalog entry lists), with the RA cited and why",
            "Nothing to fix when the reason given fits the customer; otherwise change the part the line names."},
        {"PLACEMENT-FAILURE-DOMAIN", Severity::Warning,
            "a rack concentrates a failure domain of the compute fabric: its loss cuts off servers in other racks, "
            "or it holds more than half a spine or core group, or every leaf of a scalable unit",
            "Spread the switches: a unit's leaves over two or more racks (each server's rails in both), a spine "
            "group over racks so that none holds more than half of it."},
        {"POWER-RACK", Severity::Error, "a rack's maximum power exceeds its budget",
            "Move equipment to another rack, or raise the rack's power budget."},
        {"POWER-RACK-AIR", Severity::Warning,
            "a liquid-cooled rack holds more air-cooled equipment than the rack's air budget",
            "Spread the air-cooled equipment over more racks: a liquid budget does not cool air-cooled load."},
        {"COOLING-LIQUID", Severity::Error, "liquid-cooled equipment in an air-cooled rack",
            "Place liquid-cooled equipment in a liquid-cooled rack."},
        {"RACK-BUSBAR-PDU", Severity::Warning, "rack PDUs in the rack of a busbar-fed rack-scale system",
            "Remove the PDUs: the system draws from its own power shelves."},
        {"POWER-RACK-GENERATION", Severity::Warning,
            "a rack draws more than its server generation's reference rack budget (catalog rack_power)",
            "Put fewer servers in the rack, or plan the rack (power and cooling) for the higher draw."},
        {"RACK-HEIGHT", Severity::Error, "a node placed in a rack reaches above the rack's height",
            "Move the node down, or use a taller rack."},
        {"RACK-OVERLAP", Severity::Error, "a node placed in a rack takes a U another node already takes",
            "Move one of the nodes to free units."},
        {"RACK-PDU", Severity::Warning, "a rack holds powered equipment and no PDU", "Add a PDU to the rack."},
        {"POWER-SITE", Severity::Error, "facility power (IT load x PUE) exceeds the site budget",
            "Reduce the IT load, improve the PUE, or raise the site power budget."},
        {"POWER-ROW-LIMIT", Severity::Warning,
            "a floor row's IT maximum exceeds the row limit (power_chain row_limit_kw)",
            "Move racks to another row, or raise the row limit if the row's power distribution is built for more."},
        {"POWER-HALL-LIMIT", Severity::Error,
            "the hall's IT maximum exceeds the hall limit (power_chain hall_limit_kw)",
            "Split the design over two halls, reduce the load, or raise the hall limit."},
        {"POWER-FEED-REDUNDANCY", Severity::Warning,
            "a rack's two or more feeds cannot carry its maximum with one feed (PDU or power shelf) lost",
            "Add a feed to the rack, or use feeds with a higher rating."},
        {"POWER-SIDECAR", Severity::Error,
            "on an 800 VDC power chain, a rack with no sidecar power rack in its row, or a sidecar feeding more racks "
            "(racks_fed) or more kW (capacity_kw) than its catalog entry allows",
            "Place a sidecar power rack after the racks it should feed in their row."},
        {"COOLING-CDU-CAPACITY", Severity::Warning,
            "a coolant loop has fewer CDUs than it needs (ceil(liquid heat / CDU capacity) + spares); on the floor, a "
            "CDU feeds the loop of the liquid-cooled racks just before it in its row",
            "Place the missing CDUs after the loop's racks, or move liquid-cooled racks so the loops need fewer."},
        {"STORAGE-NONE", Severity::Warning, "GPU servers without any storage system",
            "Add a storage system on a storage network."},
        {"STORAGE-READ", Severity::Warning, "aggregate storage read below the guidance tier",
            "Add storage systems or faster ones, or choose a lower guidance tier."},
        {"STORAGE-WRITE", Severity::Warning, "aggregate storage write below the guidance tier",
            "Add storage systems or faster ones, or choose a lower guidance tier."},
        {"STORAGE-NODE-READ", Severity::Warning, "per-node storage read below the guidance tier",
            "Add storage bandwidth, or choose a lower guidance tier."},
        {"STORAGE-NODE-WRITE", Severity::Warning, "per-node storage write below the guidance tier",
            "Add storage bandwidth, or choose a lower guidance tier."},
        {"STORAGE-FABRIC", Severity::Warning, "the storage fabric carries less than the arrays deliver",
            "Add storage-fabric links or switch ports to carry the arrays' bandwidth."},
        {"STORAGE-CAPACITY", Severity::Error, "usable storage below the dataset size",
            "Add storage capacity, or lower the intent's dataset size."},
        {"MGMT-OOB", Severity::Warning, "BMC, PDU or switch management ports not reachable out of band",
            "Connect the management ports to the out-of-band network."},
        {"MGMT-OOB-UPLINK", Severity::Warning,
            "an out-of-band switch with no uplink into the in-band network: the devices behind it cannot be managed",
            "Connect each out-of-band switch to a free in-band switch port, or add in-band ports for them."},
        {"SERVICE-SINGLE-HOMED", Severity::Warning,
            "a storage system or management server attached to only one switch of its network (a single point of "
            "failure)",
            "Connect a second port of it to another switch of the same network."},
        {"MGMT-INBAND", Severity::Warning, "no in-band management network", "Add an in-band management network."},
        {"WORKLOAD-GPU-MEMORY", Severity::Error, "GPU memory below what the stated workload needs",
            "Use GPUs with more memory, more GPUs, or a smaller model."},
        {"WORKLOAD-GPU-COUNT", Severity::Warning, "fewer GPUs than the stated workload's recommendation",
            "Add GPU servers, or relax the workload's target time."},
        {"STACK-SCHEDULER", Severity::Warning,
            "a multi-user training or mixed cluster without a job scheduler with priority queues",
            "Add a job scheduler with priority queues (Slurm) to the software stack."},
        {"STACK-ORCHESTRATION", Severity::Warning,
            "an inference cluster without Kubernetes with the GPU Operator and autoscaling",
            "Add Kubernetes with the GPU Operator and autoscaling to the software stack."},
        {"STACK-PARTITION", Severity::Warning,
            "a mixed cluster without a partition or reservation that keeps GPUs for inference",
            "Add a partition or reservation that keeps GPUs for inference."},
        {"MGMT-DCGM", Severity::Warning,
            "GPU servers not monitored by NVIDIA DCGM (no DCGM in the stack, or no in-band link)",
            "Add DCGM to the stack's monitoring and connect the servers in band."},
        {"STORAGE-NFS-TRAINING", Severity::Warning,
            "NFS-class storage only on a training cluster beyond development size",
            "Add a parallel file system for training I/O."},
        {"STORAGE-AGGREGATE-TRAINING", Severity::Warning,
            "a large training cluster with aggregate storage read under 100 GB/s",
            "Add storage read bandwidth to reach 100 GB/s aggregate."},
        {"FABRIC-CLASS", Severity::Warning,
            "the interconnect class does not fit the cluster type (training: InfiniBand or RoCE, full bisection)",
            "Use an interconnect of the cluster type's class, or change the cluster type."},
        {"TIER-GPUS", Severity::Warning, "GPU count outside the tier's range",
            "Information about the design's place in the tier table; waive it when the size is deliberate."},
        {"TIER-INTERCONNECT", Severity::Warning, "interconnect below the tier's",
            "Use the interconnect the tier expects, or waive with the reason."},
        {"TIER-STORAGE", Severity::Warning, "storage below the tier's",
            "Add the storage the tier expects, or waive with the reason."},
        {"TIER-COST", Severity::Info, "capital cost outside the tier's typical range",
            "Check the price book; waive it when the cost is deliberate."},
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
    rules::xdrRules(design, out);
    rules::fabricRules(design, options, out);
    rules::powerRules(design, assumptions, options.power, out);
    rules::storageRules(design, out);
    rules::managementRules(design, out);
    rules::workloadRules(design, out);
    rules::clusterRules(design, out);
    rules::referenceRules(design, out);
    rules::placementRules(design, out);
    if (options.tierChecks) {
        const Band capex = options.capex ? *options.capex
                                         : CostModel::allInBand(BillOfMaterials::of(design).totalBand(),
                                             CostAssumptions::ofProperties(design.properties()));
        const auto tier = checkTier(TierInputs::of(design, capex));
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
