#include "export/exportformats.h"

#include "export/bomcsv.h"
#include "export/cablingcsv.h"
#include "export/ibdmtopo.h"
#include "export/ibsimnet.h"
#include "export/k8stopologylabels.h"
#include "export/p2pcsv.h"
#include "export/slurmnodes.h"
#include "export/slurmtopology.h"
#include "export/slurmtopologyyaml.h"
#include "floor/cableplan.h"
#include "io/designjson.h"

namespace pw {

namespace {

// The formats that write device names warn when two names became one (exportnames.h).
ExportResult json(const Design& d)
{
    return {DesignJson::toBytes(d), {}};
}
ExportResult cabling(const Design& d)
{
    return CablingCsv::exportOf(d);
}
ExportResult cablePlan(const Design& d)
{
    const CablePlan plan = CablePlan::of(d);
    return {plan.csv(), plan.nameWarnings()}; // as `cable-plan --csv`
}
ExportResult bom(const Design& d)
{
    return {BomCsv::write(d), {}};
}
ExportResult p2p(const Design& d)
{
    return P2pCsv::exportOf(d);
}
ExportResult slurmConf(const Design& d)
{
    return SlurmTopology::exportOf(d);
}
ExportResult slurmNodes(const Design& d)
{
    return SlurmNodes::exportOf(d);
}
ExportResult slurmYaml(const Design& d)
{
    return SlurmTopologyYaml::exportOf(d);
}
ExportResult ibsimNet(const Design& d)
{
    return IbsimNet::exportOf(d); // the compute fabric; the CLI can choose another
}
ExportResult ibdmTopo(const Design& d)
{
    return IbdmTopo::exportOf(d, Network::Compute); // the CLI can choose another, and writes the IBNL files
}
ExportResult k8sLabels(const Design& d)
{
    return K8sTopologyLabels::exportOf(d);
}

} // namespace

QString ExportFormat::pattern() const
{
    const QString s = QString::fromLatin1(suffix);
    return QStringLiteral("*") + s.mid(s.lastIndexOf(QLatin1Char('.')));
}

QString ExportFormat::filter() const
{
    return QStringLiteral("%1 (%2)").arg(QString::fromLatin1(title), pattern());
}

const std::vector<ExportFormat>& exportFormats()
{
    static const std::vector<ExportFormat> kFormats{
        {"json", ".json", "Design as JSON", "the design, lossless, with its catalog snapshot", json},
        {"cabling-csv", "-cabling.csv", "Cabling plan (CSV)", "one row per cable: ends, ports, part, length", cabling},
        {"cable-plan-csv", "-cable-plan.csv", "Cable run-list (CSV)",
            "the contractor's run-list from the floor plan: both ends' rack, U, port, label, part, length", cablePlan},
        {"bom-csv", "-bom.csv", "Bill of materials (CSV)", "parts, quantities, prices and sources", bom},
        {"p2p-csv", "-p2p.csv", "Point-to-point list for cable validation (CSV)",
            "the port-to-port list cable validation tools read", p2p},
        {"slurm-topology", "-topology.conf", "Slurm topology.conf",
            "the compute fabric for Slurm's topology/tree plugin", slurmConf},
        {"slurm-nodes", "-nodes.conf", "Slurm node list (slurm.conf)",
            "NodeName lines for the hosts of topology.conf, with their GPUs as Gres, for slurm.conf's Include",
            slurmNodes},
        {"slurm-topology-yaml", "-topology.yaml", "Slurm topology.yaml (25.05+)",
            "the fabric tree and the NVLink domains as blocks (topology/tree and topology/block)", slurmYaml},
        {"k8s-topology-labels", "-k8s-topology-labels.yaml", "Kubernetes topology node labels (YAML)",
            "node labels for the NVLink domain and fabric levels, with a Kueue Topology", k8sLabels},
        {"ibsim-net", "-ibsim.net", "InfiniBand fabric as an ibsim net file",
            "an InfiniBand subnet (the compute fabric unless another is chosen) for ibsim, with the node "
            "descriptions and port numbers the fabric will report",
            ibsimNet},
        {"ibdm-topo", "-ibdm.topo", "InfiniBand fabric as an ibdm topology file",
            "an InfiniBand subnet as ibutils' topology file (man ibdm-topo-file), with IBNL definitions of its "
            "switches and servers written beside it in ibnl/ (needs -o)",
            ibdmTopo},
        {"svg", ".svg", "Canvas as SVG", "the diagram as a vector picture", nullptr},
        {"png", ".png", "Canvas as PNG", "the diagram as a bitmap", nullptr},
    };
    return kFormats;
}

const ExportFormat* exportFormat(const QString& id)
{
    for (const ExportFormat& f : exportFormats())
        if (id == QLatin1String(f.id))
            return &f;
    return nullptr;
}

QStringList exportFormatIds()
{
    QStringList ids;
    for (const ExportFormat& f : exportFormats())
        ids << QString::fromLatin1(f.id);
    return ids;
}

} // namespace pw
