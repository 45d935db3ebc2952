#include "validate/rulehelpers.h"

#include "model/designintent.h"
#include "model/softwarestack.h"

#include <cmath>

// Rules from the source document's cluster types, storage and management layers and software
// stack (gpu-clusters-source.txt). They run only when the design states a cluster type or stores a
// software stack: an anonymous design has no purpose to check against.
namespace pw::rules {

namespace {

constexpr int kDevelopmentMaxGpus = 32; // tier table: development cluster 8-32 GPUs
constexpr int kLargeTrainingMinGpus = 512; // tier table: large-scale training 512-4,096 GPUs
constexpr double kLargeTrainingStorageGBps = 100; // "100-500 GB/s for large training clusters"
constexpr int kRoceMinGbps = 200; // estimate: RoCEv2 training fabrics run 200/400 GbE

const QString kSource = QStringLiteral("(gpu-clusters-source.txt)");

bool trains(ClusterType t)
{
    return t == ClusterType::Training || t == ClusterType::Mixed;
}

QString typeName(ClusterType t)
{
    return toString(t);
}

} // namespace

void clusterRules(const Design& d, std::vector<Finding>& out)
{
    const DesignIntent intent = DesignIntent::ofProperties(d.properties());
    const bool stored = SoftwareStack::isStored(d.properties());
    if (intent.clusterType == ClusterType::Unspecified && !stored)
        return;
    const SoftwareStack stack = SoftwareStack::ofProperties(d.properties());
    const QString stackText
        = stack.components().isEmpty() ? QStringLiteral("nothing") : stack.components().join(QStringLiteral(", "));
    const QString stackOrigin = stored ? QStringLiteral("the design's software stack")
                                       : QStringLiteral("the default stack for the cluster type");
    const ClusterType type = intent.clusterType;

    std::vector<NodeId> servers;
    std::vector<NodeId> arrays;
    std::vector<NodeId> nfsArrays;
    std::vector<NodeId> withoutInBand;
    int gpus = 0;
    double readGBps = 0;
    bool parallelFs = false;
    bool ibFabric = false;
    bool anyInBand = false;
    int slowestCompute = 0;
    d.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = d.item(n.sku);
        if (!item)
            return;
        if (item->kind == ItemKind::Switch && n.network == Network::Compute && isInfiniBandSwitch(*item))
            ibFabric = true;
        if (item->kind == ItemKind::Storage && item->storage) {
            arrays.push_back(n.id);
            readGBps += item->storage->readGBps.value;
            // Classified by what it is: a parallel file system, or a system NVIDIA certified for
            // DGX SuperPOD (VAST serves NFS, yet is certified; hardware-specs.md section 6).
            if (item->storage->protocol == QLatin1String("parallel-fs")
                || (item->superpodCertified && item->superpodCertified->value))
                parallelFs = true;
            else
                nfsArrays.push_back(n.id);
        }
        if (item->gpuCount() <= 0)
            return;
        servers.push_back(n.id);
        gpus += item->gpuCount();
        bool inBand = false;
        for (LinkId id : d.linksOf(n.id)) {
            const Link* l = d.link(id);
            const PortGroup* g = d.portGroup(endAt(*l, n.id));
            if (!g)
                continue;
            if (g->role == PortRole::InBand)
                inBand = true;
            if (g->role == PortRole::Compute) {
                const int speed = d.linkSpeedGbps(*l);
                slowestCompute = slowestCompute == 0 ? speed : std::min(slowestCompute, speed);
            }
        }
        if (!inBand)
            withoutInBand.push_back(n.id);
    });
    d.links().forEach([&](const Link& l) { anyInBand = anyInBand || d.linkNetwork(l) == Network::InBand; });
    if (servers.empty())
        return;
    auto refs = [](const std::vector<NodeId>& ids) {
        std::vector<EntityRef> r;
        for (NodeId id : ids)
            r.push_back(EntityRef::of(id));
        return r;
    };

    // STACK-SCHEDULER: multi-user training needs a batch scheduler with priority queues.
    const bool multiUser = !intent.users || *intent.users > 1;
    if (trains(type) && multiUser
        && !((stack.scheduler != Scheduler::None && stack.priorityQueues) || stack.baseCommandManager)) {
        const QString users = intent.users ? QStringLiteral("%1 users or teams (design intent)").arg(*intent.users)
                                           : QStringLiteral("users not stated, so taken as shared by several");
        out.push_back(make("STACK-SCHEDULER",
            QStringLiteral("a multi-user %1 cluster without a job scheduler with priority queues").arg(typeName(type)),
            {},
            QStringLiteral(
                "Cluster type %1, %2. The source document: Slurm \"manages job queues, resource allocation "
                "(GPU, CPU, memory), and multi-user access. Supports priority queues, preemption, and "
                "reservation. Required for multi-user training clusters. Alternative: PBS Pro.\" %3 has: %4. "
                "Needed: Slurm or PBS Pro with priority queues (or NVIDIA Base Command Manager). %5")
                .arg(typeName(type), users, stackOrigin, stackText, kSource)));
    }

    // STACK-ORCHESTRATION: inference serving needs an orchestrator that autoscales.
    if (type == ClusterType::Inference
        && (stack.orchestration == Orchestration::None || !stack.autoscaling || !stack.gpuOperator)) {
        QStringList missing;
        if (stack.orchestration == Orchestration::None)
            missing << QStringLiteral("no container orchestration");
        else {
            if (!stack.autoscaling)
                missing << QStringLiteral("autoscaling off");
            if (!stack.gpuOperator)
                missing << QStringLiteral("no NVIDIA GPU Operator");
        }
        out.push_back(make("STACK-ORCHESTRATION",
            QStringLiteral("an inference cluster with %1").arg(missing.join(QStringLiteral(", "))), {},
            QStringLiteral(
                "The source document: an inference cluster needs \"auto-scaling capabilities to match demand. "
                "Kubernetes is the dominant orchestration platform for inference clusters\", with \"GPU device "
                "plugins (NVIDIA GPU Operator)\". %1 has: %2. Needed: Kubernetes with the GPU Operator and "
                "autoscaling. %3")
                .arg(stackOrigin, stackText, kSource)));
    }

    // STACK-PARTITION: a mixed cluster keeps capacity for inference.
    if (type == ClusterType::Mixed) {
        const bool mechanism = (stack.scheduler != Scheduler::None && stack.reservations) || stack.baseCommandManager;
        const int gpusPerServer = gpus / static_cast<int>(servers.size());
        const int reservedServers = intent.inferenceShare
            ? static_cast<int>(std::lround(*intent.inferenceShare * static_cast<double>(servers.size())))
            : -1;
        const QString share = intent.inferenceShare
            ? QStringLiteral("Inference share %1 x %2 GPU servers = %3 servers (%4 GPUs) reserved for inference.")
                  .arg(fmt(*intent.inferenceShare, 2))
                  .arg(servers.size())
                  .arg(reservedServers)
                  .arg(reservedServers * gpusPerServer)
            : QStringLiteral("The inference share is not stated.");
        if (!mechanism || reservedServers == 0) {
            out.push_back(make("STACK-PARTITION",
                !mechanism ? QStringLiteral("a mixed cluster without a partition or reservation for inference")
                           : QStringLiteral("a mixed cluster whose inference share reserves no GPU server"),
                {},
                QStringLiteral(
                    "The source document: a mixed training + inference cluster \"requires careful resource "
                    "partitioning to prevent training jobs from starving inference capacity. NVIDIA Base "
                    "Command and Slurm support priority queues and resource reservations for this use case.\" "
                    "%1 %2 has: %3. Needed: a scheduler partition or reservation (Slurm or PBS Pro with "
                    "reservations, or Base Command Manager) covering at least one GPU server. %4")
                    .arg(share, stackOrigin, stackText, kSource)));
        }
    }

    // MGMT-DCGM: every GPU node reports to DCGM, scraped over the in-band network.
    // Out-of-band (BMC) reachability is MGMT-OOB's; no in-band network at all is MGMT-INBAND's.
    if (!stack.hasMonitoring(QStringLiteral("dcgm"))) {
        out.push_back(make("MGMT-DCGM",
            QStringLiteral("%1 GPU servers are not monitored: the stack has no NVIDIA DCGM").arg(servers.size()),
            refs(servers),
            QStringLiteral(
                "The source document's management layer: a \"monitoring stack (Prometheus, Grafana, NVIDIA DCGM) "
                "for GPU health and utilization visibility\"; its minimum viable cluster uses \"DCGM for "
                "monitoring\". %1 has: %2. %3")
                .arg(stackOrigin, stackText, kSource)));
    } else if (anyInBand && !withoutInBand.empty()) {
        out.push_back(make("MGMT-DCGM",
            QStringLiteral("%1 GPU servers cannot report DCGM metrics: no in-band link").arg(withoutInBand.size()),
            refs(withoutInBand),
            QStringLiteral(
                "DCGM's exporter on each GPU node is scraped by the monitoring servers (Prometheus) over the "
                "in-band management network; these GPU servers have no in-band link: %1. The source "
                "document's management layer asks for GPU health and utilization visibility (DCGM). %2")
                .arg(nameList(d, withoutInBand), kSource)));
    }

    // STORAGE-NFS-TRAINING: NFS-only storage on a training cluster beyond development size.
    if (trains(type) && gpus > kDevelopmentMaxGpus && !arrays.empty() && !parallelFs) {
        out.push_back(make("STORAGE-NFS-TRAINING",
            QStringLiteral("a %1-GPU %2 cluster on NFS-class storage only").arg(gpus).arg(typeName(type)),
            refs(nfsArrays),
            QStringLiteral(
                "%1 GPUs > %2 (the tier table's development cluster, 8-32 GPUs, the only row that lists NFS "
                "for training). The source document: \"NFS is insufficient for high-throughput training I/O\"; "
                "training clusters require a parallel file system (Lustre, GPFS/Spectrum Scale, WEKA). "
                "Storage systems here (none parallel-fs or certified for DGX SuperPOD): %3. %4")
                .arg(gpus)
                .arg(kDevelopmentMaxGpus)
                .arg(nameList(d, arrays), kSource)));
    }

    // STORAGE-AGGREGATE-TRAINING: large training clusters need 100-500 GB/s.
    if (trains(type) && gpus >= kLargeTrainingMinGpus && !arrays.empty() && readGBps < kLargeTrainingStorageGBps) {
        out.push_back(make("STORAGE-AGGREGATE-TRAINING",
            QStringLiteral("aggregate storage read %1 GB/s on a %2-GPU training cluster; at least %3 GB/s expected")
                .arg(fmt(readGBps))
                .arg(gpus)
                .arg(kLargeTrainingStorageGBps),
            refs(arrays),
            QStringLiteral(
                "Aggregate read = sum of the storage systems' read throughput = %1 GB/s < %2 GB/s. %3 GPUs >= %4 "
                "(the tier table's large-scale training cluster). The source document: \"Storage bandwidth "
                "requirements: 100-500 GB/s for large training clusters.\" %5")
                .arg(fmt(readGBps))
                .arg(kLargeTrainingStorageGBps)
                .arg(gpus)
                .arg(kLargeTrainingMinGpus)
                .arg(kSource)));
    }

    // FABRIC-CLASS: training needs InfiniBand or RoCE at full bisection.
    if (trains(type) && servers.size() > 1) {
        QStringList problems;
        if (slowestCompute == 0)
            problems << QStringLiteral("the GPU servers have no compute-fabric links");
        else if (!ibFabric && slowestCompute < kRoceMinGbps)
            problems << QStringLiteral(
                "the compute fabric is Ethernet at %1 Gb/s, below the %2 Gb/s of a RoCEv2 training fabric (estimate)")
                            .arg(slowestCompute)
                            .arg(kRoceMinGbps);
        if (intent.bisectionTarget && *intent.bisectionTarget < 1.0)
            problems << QStringLiteral("the intent's bisection target is %1 of full bisection")
                            .arg(fmt(*intent.bisectionTarget, 2));
        if (!problems.isEmpty())
            out.push_back(make("FABRIC-CLASS",
                QStringLiteral("the interconnect does not fit a %1 cluster: %2").arg(typeName(type), problems.first()),
                {},
                QStringLiteral(
                    "The source document: a training cluster \"requires high-bandwidth, low-latency interconnect "
                    "(InfiniBand or RoCEv2) for all-reduce gradient synchronization\", built fat-tree or "
                    "rail-optimized \"for full bisection bandwidth\"; inference and development clusters have "
                    "lower interconnect requirements. Found: %1. The measured ratio is FABRIC-OVERSUB's and "
                    "FABRIC-BISECTION's. %2")
                    .arg(problems.join(QStringLiteral("; ")), kSource)));
    }
}

} // namespace pw::rules
