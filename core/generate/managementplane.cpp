#include "generate/managementplane.h"

#include "catalog/catalog.h"
#include "generate/designbuilder.h"
#include "model/softwarestack.h"

namespace pw {

ManagementPlane::ManagementPlane(const QJsonObject& properties, int gpuServers, bool superPod)
{
    std::vector<ManagementRole> roles;
    if (DesignIntent::ofProperties(properties).clusterType == ClusterType::Unspecified
        && !SoftwareStack::isStored(properties)) {
        // A design without a stated purpose keeps the in-band builder's two generic head nodes,
        // unless it is a DGX SuperPOD: NVIDIA DGX SuperPOD RA for DGX H100 (RA-11333-001), Table 7:
        // five management servers for the 4-SU design (Base Command Manager heads, Slurm
        // controllers, monitoring; the split between them is this plane's estimate).
        if (!superPod)
            return;
        roles = {{QStringLiteral("cluster-manager"), QStringLiteral("bcm-head"), 2, QString()},
            {QStringLiteral("scheduler"), QStringLiteral("slurm-head"), 2, QString()},
            {QStringLiteral("monitoring"), QStringLiteral("monitor"), 1, QString()}};
    } else {
        roles = managementRoles(SoftwareStack::ofProperties(properties), gpuServers);
    }
    for (const ManagementRole& r : roles) {
        for (int i = 0; i < r.count; ++i)
            mNames << QStringLiteral("%1-%2").arg(r.prefix).arg(i + 1);
        mSummary << QStringLiteral("%1 x %2").arg(r.count).arg(r.id);
    }
}

std::optional<QString> ManagementPlane::placeBeforeInBand(
    DesignBuilder& b, QPointF origin, std::vector<NodeId>& placed, std::vector<NodeId>& inBandHosts) const
{
    if (mNames.size() <= kInBandHeadNodes)
        return std::nullopt;
    const CatalogItem* model = b.catalog().withRole(ItemRole::ManagementServer);
    const CatalogItem* server = model ? b.use(model->sku) : nullptr;
    if (!server)
        return QStringLiteral("the catalog names no management server (role management-server)");
    for (qsizetype i = kInBandHeadNodes; i < mNames.size(); ++i) {
        const NodeId n = b.addNode(*server, mNames.at(i), Network::None, FabricTier::None,
            origin + QPointF(static_cast<double>(i) * 150.0, 500));
        placed.push_back(n);
        inBandHosts.push_back(n);
    }
    return std::nullopt;
}

void ManagementPlane::adoptHeadNodes(Design& design, const std::vector<NodeId>& placed, QStringList& notes) const
{
    int adopted = 0;
    for (NodeId id : placed) {
        const Node* n = design.node(id);
        if (!n || adopted >= mNames.size() || n->name != QStringLiteral("head-%1").arg(adopted + 1))
            continue;
        Node renamed = *n;
        renamed.name = mNames.at(adopted++);
        design.replaceNode(renamed);
    }
    if (mNames.isEmpty())
        return;
    notes << QStringLiteral(
        "management plane: %1 management servers (%2; counts are estimates), in-band and out-of-band connected")
                 .arg(std::max<qsizetype>(mNames.size(), kInBandHeadNodes))
                 .arg(mSummary.join(QStringLiteral(", ")));
}

} // namespace pw
