#include "export/k8stopologylabels.h"

#include "export/exportnames.h"
#include "export/safetext.h"
#include "export/schedulertopology.h"
#include "model/design.h"

#include <QHash>
#include <QSet>

namespace pw {

namespace {

QString quoted(const QString& s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

} // namespace

QString K8sTopologyLabels::labelValue(const QString& text)
{
    return UniqueNames(NameRule::k8sLabelValue()).valid(text);
}

QString K8sTopologyLabels::nodeName(const QString& host)
{
    return UniqueNames(NameRule::k8sNodeName()).valid(host);
}

QByteArray K8sTopologyLabels::write(const SchedulerTopology& topo, const QString& designName)
{
    return exportOf(topo, designName).bytes;
}

ExportResult K8sTopologyLabels::exportOf(const SchedulerTopology& topo, const QString& designName)
{
    ExportResult result;
    result.warnings = topo.warnings();
    // Node names from the hosts, label values from the switch and domain names: each made valid
    // and unique (two hosts "DGX-01" and "dgx-01" would otherwise be one Kubernetes node).
    QStringList hostNames;
    for (const SchedulerTopology::Host& h : topo.hosts())
        hostNames << h.name;
    UniqueNames nodeNames(NameRule::k8sNodeName());
    const QStringList nodes = nodeNames.take(hostNames);
    QStringList values;
    {
        QSet<QString> seen;
        auto add = [&](const QString& v) {
            if (!v.isEmpty() && !seen.contains(v)) {
                seen.insert(v);
                values << v;
            }
        };
        for (const SlurmTopology::Entry& e : topo.tree())
            add(e.name);
        for (const SchedulerTopology::Domain& d : topo.domains())
            add(d.name);
    }
    UniqueNames labelValues(NameRule::k8sLabelValue());
    const QStringList valid = labelValues.take(values);
    QHash<QString, QString> label;
    for (qsizetype i = 0; i < values.size(); ++i)
        label.insert(values.at(i), valid.at(i));
    result.warnings << nodeNames.warnings() << labelValues.warnings();

    bool allLeaf = !topo.hosts().empty();
    bool allSpine = allLeaf;
    bool allCore = allLeaf;
    bool allDomain = allLeaf;
    for (const SchedulerTopology::Host& h : topo.hosts()) {
        allLeaf = allLeaf && !h.leaf.isEmpty();
        allSpine = allSpine && !h.spine.isEmpty();
        allCore = allCore && !h.core.isEmpty();
        allDomain = allDomain && !h.domain.isEmpty();
    }
    QString s;
    s += QStringLiteral("# Kubernetes node labels for %1, written by Podwright %2\n")
             .arg(safetext::stripControls(designName), QStringLiteral(PW_VERSION));
    s += QStringLiteral(
        "# Apply with kubectl's server-side apply (field manager \"podwright\") from this file.\n"
        "# The label keys are NVIDIA topograph's (network.topology.nvidia.com/*): accelerator is the NVLink\n"
        "# domain, leaf, spine and core the compute fabric. The Kueue Topology orders them for\n"
        "# topology-aware scheduling (reference it from a ResourceFlavor's spec.topologyName).\n");
    // An object name is a DNS subdomain name: lower case, digits, '-' and '.'.
    NameRule objectName = NameRule::k8sNodeName();
    objectName.fallback = QStringLiteral("podwright");
    const QString topologyName = UniqueNames(objectName).valid(designName);
    s += QStringLiteral(
        "---\napiVersion: kueue.x-k8s.io/v1beta2\nkind: Topology\nmetadata:\n  name: %1\nspec:\n  levels:\n")
             .arg(quoted(topologyName));
    QStringList levels;
    if (allCore)
        levels << QLatin1String(kCore);
    if (allSpine)
        levels << QLatin1String(kSpine);
    if (allLeaf)
        levels << QLatin1String(kLeaf);
    if (allDomain)
        levels << QLatin1String(kAccelerator);
    levels << QLatin1String(kHostname);
    for (const QString& l : levels)
        s += QStringLiteral("    - nodeLabel: %1\n").arg(quoted(l));
    for (size_t i = 0; i < topo.hosts().size(); ++i) {
        const SchedulerTopology::Host& h = topo.hosts()[i];
        s += QStringLiteral("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %1\n  labels:\n")
                 .arg(quoted(nodes.at(static_cast<qsizetype>(i))));
        const std::pair<const char*, QString> labels[]
            = {{kAccelerator, h.domain}, {kLeaf, h.leaf}, {kSpine, h.spine}, {kCore, h.core}};
        for (const auto& [key, value] : labels)
            if (!value.isEmpty())
                s += QStringLiteral("    %1: %2\n").arg(QLatin1String(key), quoted(label.value(value)));
    }
    result.bytes = s.toUtf8();
    return result;
}

QByteArray K8sTopologyLabels::write(const Design& design)
{
    return exportOf(design).bytes;
}

ExportResult K8sTopologyLabels::exportOf(const Design& design)
{
    return exportOf(SchedulerTopology::of(design), design.name());
}

} // namespace pw
