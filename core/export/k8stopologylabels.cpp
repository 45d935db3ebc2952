#include "export/k8stopologylabels.h"

#include "export/safetext.h"
#include "export/schedulertopology.h"
#include "model/design.h"

#include <QRegularExpression>

namespace pw {

namespace {

QString quoted(const QString& s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

} // namespace

QString K8sTopologyLabels::labelValue(const QString& text)
{
    QString v;
    for (QChar c : text)
        v += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('-') || c == QLatin1Char('_')
                || c == QLatin1Char('.')
            ? c
            : QLatin1Char('-');
    static const QRegularExpression edges(QStringLiteral("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$"));
    v.remove(edges);
    if (v.size() <= 63)
        return v;
    quint64 h = 14695981039346656037ULL;
    for (char byte : text.toUtf8()) {
        h ^= static_cast<unsigned char>(byte);
        h *= 1099511628211ULL;
    }
    return QStringLiteral("x%1").arg(h, 16, 16, QLatin1Char('0'));
}

QString K8sTopologyLabels::nodeName(const QString& host)
{
    return host.toLower();
}

QByteArray K8sTopologyLabels::write(const SchedulerTopology& topo, const QString& designName)
{
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
    QString topologyName = labelValue(designName.toLower()).replace(QLatin1Char('_'), QLatin1Char('-'));
    if (topologyName.isEmpty())
        topologyName = QStringLiteral("podwright");
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
    for (const SchedulerTopology::Host& h : topo.hosts()) {
        s += QStringLiteral("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %1\n  labels:\n")
                 .arg(quoted(nodeName(h.name)));
        const std::pair<const char*, QString> labels[]
            = {{kAccelerator, h.domain}, {kLeaf, h.leaf}, {kSpine, h.spine}, {kCore, h.core}};
        for (const auto& [key, value] : labels)
            if (!value.isEmpty())
                s += QStringLiteral("    %1: %2\n").arg(QLatin1String(key), quoted(labelValue(value)));
    }
    return s.toUtf8();
}

QByteArray K8sTopologyLabels::write(const Design& design)
{
    return write(SchedulerTopology::of(design), design.name());
}

} // namespace pw
