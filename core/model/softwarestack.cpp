#include "model/softwarestack.h"
#include "catalog/itemrole.h"

#include "model/design.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace pw {

namespace {

const char* const kKnownKeys[]
    = {"scheduler", "orchestration", "base_command_manager", "frameworks", "monitoring", "dev_tools"};

QStringList stringList(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& e : v.toArray()) {
        const QString s = e.toString().trimmed().toLower();
        if (!s.isEmpty() && !out.contains(s))
            out << s;
    }
    return out;
}

bool isManagementServer(const CatalogItem& item)
{
    return item.kind == ItemKind::Server && item.gpuCount() == 0;
}

bool isFabricManager(const CatalogItem& item)
{
    return item.kind == ItemKind::Appliance
        && (hasRole(item, ItemRole::SubnetManager) || item.model.contains(QLatin1String("UFM"), Qt::CaseInsensitive)
            || item.description.contains(QLatin1String("subnet manager"), Qt::CaseInsensitive));
}

} // namespace

QString softwareComponentName(const QString& id)
{
    static const QHash<QString, QString> kNames{
        {QStringLiteral("pytorch-nccl"), QStringLiteral("PyTorch Distributed (NCCL)")},
        {QStringLiteral("deepspeed"), QStringLiteral("DeepSpeed")},
        {QStringLiteral("megatron-lm"), QStringLiteral("Megatron-LM")},
        {QStringLiteral("jax"), QStringLiteral("JAX")},
        {QStringLiteral("dcgm"), QStringLiteral("NVIDIA DCGM")},
        {QStringLiteral("prometheus"), QStringLiteral("Prometheus")},
        {QStringLiteral("grafana"), QStringLiteral("Grafana")},
        {QStringLiteral("jupyter"), QStringLiteral("Jupyter notebooks")},
        {QStringLiteral("mlflow"), QStringLiteral("MLflow")},
    };
    return kNames.value(id, id);
}

QString toString(Scheduler scheduler)
{
    switch (scheduler) {
    case Scheduler::None:
        return QStringLiteral("none");
    case Scheduler::Slurm:
        return QStringLiteral("slurm");
    case Scheduler::PbsPro:
        return QStringLiteral("pbs-pro");
    }
    return QStringLiteral("none");
}

std::optional<Scheduler> schedulerFromString(const QString& text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("none"))
        return Scheduler::None;
    if (t == QLatin1String("slurm"))
        return Scheduler::Slurm;
    if (t == QLatin1String("pbs-pro") || t == QLatin1String("pbspro") || t == QLatin1String("pbs"))
        return Scheduler::PbsPro;
    return std::nullopt;
}

QString toString(Orchestration orchestration)
{
    return orchestration == Orchestration::Kubernetes ? QStringLiteral("kubernetes") : QStringLiteral("none");
}

std::optional<Orchestration> orchestrationFromString(const QString& text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("none"))
        return Orchestration::None;
    if (t == QLatin1String("kubernetes") || t == QLatin1String("k8s"))
        return Orchestration::Kubernetes;
    return std::nullopt;
}

const QStringList& SoftwareStack::knownFrameworks()
{
    static const QStringList k{QStringLiteral("pytorch-nccl"), QStringLiteral("deepspeed"),
        QStringLiteral("megatron-lm"), QStringLiteral("jax")};
    return k;
}

const QStringList& SoftwareStack::knownMonitoring()
{
    static const QStringList k{QStringLiteral("dcgm"), QStringLiteral("prometheus"), QStringLiteral("grafana")};
    return k;
}

const QStringList& SoftwareStack::knownDevTools()
{
    static const QStringList k{QStringLiteral("jupyter"), QStringLiteral("mlflow")};
    return k;
}

SoftwareStack SoftwareStack::defaultFor(ClusterType type)
{
    SoftwareStack s;
    s.monitoring = knownMonitoring();
    switch (type) {
    case ClusterType::Unspecified:
    case ClusterType::Training:
        s.scheduler = Scheduler::Slurm;
        s.priorityQueues = true;
        s.frameworks = {QStringLiteral("pytorch-nccl")};
        break;
    case ClusterType::Inference:
        s.orchestration = Orchestration::Kubernetes;
        s.gpuOperator = true;
        s.autoscaling = true;
        break;
    case ClusterType::Mixed:
        s.scheduler = Scheduler::Slurm;
        s.priorityQueues = true;
        s.reservations = true;
        s.orchestration = Orchestration::Kubernetes;
        s.gpuOperator = true;
        s.autoscaling = true;
        s.frameworks = {QStringLiteral("pytorch-nccl")};
        break;
    case ClusterType::Development:
        s.scheduler = Scheduler::Slurm;
        s.priorityQueues = true;
        s.frameworks = {QStringLiteral("pytorch-nccl")};
        s.devTools = knownDevTools();
        break;
    }
    return s;
}

SoftwareStack SoftwareStack::fromJson(const QJsonObject& json)
{
    SoftwareStack s;
    const QJsonObject sched = json.value(QLatin1String("scheduler")).toObject();
    s.scheduler = schedulerFromString(sched.value(QLatin1String("name")).toString()).value_or(Scheduler::None);
    s.priorityQueues = s.scheduler != Scheduler::None && sched.value(QLatin1String("priority_queues")).toBool();
    s.reservations = s.scheduler != Scheduler::None && sched.value(QLatin1String("reservations")).toBool();
    const QJsonObject orch = json.value(QLatin1String("orchestration")).toObject();
    s.orchestration
        = orchestrationFromString(orch.value(QLatin1String("name")).toString()).value_or(Orchestration::None);
    s.gpuOperator = s.orchestration != Orchestration::None && orch.value(QLatin1String("gpu_operator")).toBool();
    s.autoscaling = s.orchestration != Orchestration::None && orch.value(QLatin1String("autoscaling")).toBool();
    s.baseCommandManager = json.value(QLatin1String("base_command_manager")).toBool();
    s.frameworks = stringList(json.value(QLatin1String("frameworks")));
    s.monitoring = stringList(json.value(QLatin1String("monitoring")));
    s.devTools = stringList(json.value(QLatin1String("dev_tools")));
    s.extra = json;
    for (const char* key : kKnownKeys)
        s.extra.remove(QLatin1String(key));
    return s;
}

QJsonObject SoftwareStack::toJson() const
{
    QJsonObject o = extra;
    QJsonObject sched{{QStringLiteral("name"), toString(scheduler)}};
    if (scheduler != Scheduler::None) {
        sched.insert(QStringLiteral("priority_queues"), priorityQueues);
        sched.insert(QStringLiteral("reservations"), reservations);
    }
    o.insert(QStringLiteral("scheduler"), sched);
    QJsonObject orch{{QStringLiteral("name"), toString(orchestration)}};
    if (orchestration != Orchestration::None) {
        orch.insert(QStringLiteral("gpu_operator"), gpuOperator);
        orch.insert(QStringLiteral("autoscaling"), autoscaling);
    }
    o.insert(QStringLiteral("orchestration"), orch);
    o.insert(QStringLiteral("base_command_manager"), baseCommandManager);
    o.insert(QStringLiteral("frameworks"), QJsonArray::fromStringList(frameworks));
    o.insert(QStringLiteral("monitoring"), QJsonArray::fromStringList(monitoring));
    o.insert(QStringLiteral("dev_tools"), QJsonArray::fromStringList(devTools));
    return o;
}

bool SoftwareStack::isStored(const QJsonObject& properties)
{
    return properties.value(QLatin1String("stack")).isObject();
}

SoftwareStack SoftwareStack::ofProperties(const QJsonObject& properties)
{
    if (isStored(properties))
        return fromJson(properties.value(QLatin1String("stack")).toObject());
    return defaultFor(DesignIntent::ofProperties(properties).clusterType);
}

QStringList SoftwareStack::components() const
{
    QStringList out;
    if (scheduler != Scheduler::None) {
        QStringList flags;
        if (priorityQueues)
            flags << QStringLiteral("priority queues");
        if (reservations)
            flags << QStringLiteral("reservations");
        out << QStringLiteral("%1%2").arg(
            scheduler == Scheduler::Slurm ? QStringLiteral("Slurm") : QStringLiteral("PBS Pro"),
            flags.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(flags.join(QStringLiteral(", "))));
    }
    if (orchestration == Orchestration::Kubernetes) {
        QStringList flags;
        if (gpuOperator)
            flags << QStringLiteral("NVIDIA GPU Operator");
        if (autoscaling)
            flags << QStringLiteral("autoscaling");
        out << QStringLiteral("Kubernetes%1")
                   .arg(flags.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(flags.join(QStringLiteral(", "))));
    }
    if (baseCommandManager)
        out << QStringLiteral("NVIDIA Base Command Manager");
    for (const QStringList* list : {&frameworks, &monitoring, &devTools})
        for (const QString& id : *list)
            out << softwareComponentName(id);
    return out;
}

std::vector<ManagementRole> managementRoles(const SoftwareStack& stack, int gpuServers)
{
    std::vector<ManagementRole> roles;
    if (stack.scheduler != Scheduler::None)
        roles.push_back({QStringLiteral("scheduler"),
            stack.scheduler == Scheduler::Slurm ? QStringLiteral("slurm-head") : QStringLiteral("pbs-head"), 2,
            QStringLiteral("scheduler controller, active and standby (estimate: common HA practice)")});
    if (stack.orchestration == Orchestration::Kubernetes)
        roles.push_back({QStringLiteral("kubernetes-control-plane"), QStringLiteral("k8s-cp"), 3,
            QStringLiteral("Kubernetes control plane, 3 for an etcd quorum (estimate: common HA practice)")});
    if (stack.baseCommandManager)
        roles.push_back({QStringLiteral("cluster-manager"), QStringLiteral("bcm-head"), 2,
            QStringLiteral("Base Command Manager head pair (estimate: HA head nodes)")});
    if (!stack.monitoring.isEmpty())
        roles.push_back(
            {QStringLiteral("monitoring"), QStringLiteral("monitor"), gpuServers > kMonitoringScaleOutServers ? 2 : 1,
                QStringLiteral("Prometheus/Grafana/DCGM collection, 1 server plus 1 above %1 GPU servers (estimate)")
                    .arg(kMonitoringScaleOutServers)});
    return roles;
}

QJsonObject describeClusterTypeAndStack(const Design& design)
{
    const DesignIntent intent = DesignIntent::ofProperties(design.properties());
    const SoftwareStack stack = SoftwareStack::ofProperties(design.properties());
    int gpuServers = 0;
    int gpus = 0;
    QJsonArray nodes;
    double powerW = 0;
    double price = 0;
    std::vector<ManagementRole> roles;
    design.nodes().forEach([&](const Node& n) {
        if (const CatalogItem* item = design.item(n.sku); item && item->gpuCount() > 0) {
            ++gpuServers;
            gpus += item->gpuCount();
        }
    });
    roles = managementRoles(stack, gpuServers);
    design.nodes().forEach([&](const Node& n) {
        const CatalogItem* item = design.item(n.sku);
        if (!item)
            return;
        QString role;
        if (isFabricManager(*item)) {
            role = QStringLiteral("fabric-manager");
        } else if (isManagementServer(*item)) {
            // By every name the management plane gives, not only the current stack's: a node placed
            // for a component since removed from the stack still draws power and costs money.
            static const std::pair<const char*, const char*> kPrefixes[]
                = {{"slurm-head-", "scheduler"}, {"pbs-head-", "scheduler"}, {"k8s-cp-", "kubernetes-control-plane"},
                    {"bcm-head-", "cluster-manager"}, {"monitor-", "monitoring"}, {"head-", "head"}};
            for (const auto& [prefix, id] : kPrefixes)
                if (role.isEmpty() && n.name.startsWith(QLatin1String(prefix)))
                    role = QString::fromLatin1(id);
        }
        if (role.isEmpty())
            return;
        const double p = n.priceOverride.value_or(item->price.value);
        nodes.append(QJsonObject{{QStringLiteral("name"), n.name}, {QStringLiteral("role"), role},
            {QStringLiteral("sku"), n.sku}, {QStringLiteral("power_max_w"), item->powerMaxW.value},
            {QStringLiteral("price_usd"), p}});
        powerW += item->powerMaxW.value;
        price += p;
    });
    QJsonArray needed;
    for (const ManagementRole& r : roles)
        needed.append(QJsonObject{{QStringLiteral("role"), r.id}, {QStringLiteral("count"), r.count},
            {QStringLiteral("name_prefix"), r.prefix}, {QStringLiteral("reason"), r.reason}});
    QJsonObject o{
        {QStringLiteral("cluster_type"), toString(intent.clusterType)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("users"), intent.users ? QJsonValue(*intent.users) : QJsonValue()},
        {QStringLiteral("inference_share"), intent.inferenceShare ? QJsonValue(*intent.inferenceShare) : QJsonValue()},
        {QStringLiteral("stack"), stack.toJson()},
        {QStringLiteral("stack_stored"), SoftwareStack::isStored(design.properties())},
        {QStringLiteral("components"), QJsonArray::fromStringList(stack.components())},
        {QStringLiteral("management_roles"), needed},
        {QStringLiteral("management_nodes"), nodes},
        {QStringLiteral("management_power_max_w"), powerW},
        {QStringLiteral("management_price_usd"), price},
        {QStringLiteral("source"),
            QStringLiteral("gpu-clusters-source.txt: GPU Cluster Types, Management Layer, GPU Cluster Software Stack; "
                           "management node counts are estimates")},
    };
    if (intent.clusterType == ClusterType::Mixed && intent.inferenceShare)
        o.insert(QStringLiteral("inference_gpus"), static_cast<int>(std::lround(*intent.inferenceShare * gpus)));
    return o;
}

} // namespace pw
