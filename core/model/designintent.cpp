#include "model/designintent.h"

#include <array>
#include <utility>

namespace pw {

namespace {

constexpr std::array kClusterTypes{
    std::pair{ClusterType::Unspecified, "unspecified"},
    std::pair{ClusterType::Training, "training"},
    std::pair{ClusterType::Inference, "inference"},
    std::pair{ClusterType::Mixed, "mixed"},
    std::pair{ClusterType::Development, "development"},
};
constexpr std::array kTasks{
    std::pair{WorkloadTask::Train, "train"},
    std::pair{WorkloadTask::FineTune, "finetune"},
    std::pair{WorkloadTask::Inference, "inference"},
};
constexpr std::array kFineTuneMethods{
    std::pair{FineTuneMethod::Full, "full"},
    std::pair{FineTuneMethod::Lora, "lora"},
    std::pair{FineTuneMethod::Qlora, "qlora"},
};

template <typename Table, typename Enum>
QString nameOf(const Table& table, Enum value)
{
    for (const auto& [e, name] : table)
        if (e == value)
            return QString::fromLatin1(name);
    return {};
}

template <typename Enum, typename Table>
std::optional<Enum> valueOf(const Table& table, const QString& text)
{
    for (const auto& [e, name] : table)
        if (text.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return e;
    return std::nullopt;
}

std::optional<double> positive(const QJsonObject& o, const char* key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isDouble() || !(v.toDouble() > 0))
        return std::nullopt;
    return v.toDouble();
}

const char* const kKnownKeys[] = {"cluster_type", "bisection_target", "site_power_budget_kw", "dataset_tb",
    "storage_tier", "workload", "users", "inference_share"};

} // namespace

QString toString(ClusterType type)
{
    return nameOf(kClusterTypes, type);
}
std::optional<ClusterType> clusterTypeFromString(const QString& text)
{
    return valueOf<ClusterType>(kClusterTypes, text);
}
QString toString(WorkloadTask task)
{
    return nameOf(kTasks, task);
}
std::optional<WorkloadTask> workloadTaskFromString(const QString& text)
{
    if (text.compare(QLatin1String("fine-tune"), Qt::CaseInsensitive) == 0)
        return WorkloadTask::FineTune;
    return valueOf<WorkloadTask>(kTasks, text);
}

QString toString(FineTuneMethod method)
{
    return nameOf(kFineTuneMethods, method);
}
std::optional<FineTuneMethod> fineTuneMethodFromString(const QString& text)
{
    return valueOf<FineTuneMethod>(kFineTuneMethods, text);
}

double DesignIntent::effectiveBisectionTarget() const
{
    if (bisectionTarget)
        return *bisectionTarget;
    switch (clusterType) {
    case ClusterType::Training:
    case ClusterType::Mixed:
    case ClusterType::Unspecified:
        return 1.0;
    case ClusterType::Inference:
    case ClusterType::Development:
        return 0.5;
    }
    return 1.0;
}

DesignIntent DesignIntent::fromJson(const QJsonObject& json)
{
    DesignIntent intent;
    intent.clusterType = clusterTypeFromString(json.value(QLatin1String("cluster_type")).toString())
                             .value_or(ClusterType::Unspecified);
    intent.bisectionTarget = positive(json, "bisection_target");
    intent.sitePowerBudgetKw = positive(json, "site_power_budget_kw");
    intent.datasetTb = positive(json, "dataset_tb");
    intent.storageTier = storageTierFromString(json.value(QLatin1String("storage_tier")).toString());
    const QJsonObject w = json.value(QLatin1String("workload")).toObject();
    if (auto params = positive(w, "parameters")) {
        StatedWorkload workload;
        workload.parameters = *params;
        workload.task = workloadTaskFromString(w.value(QLatin1String("task")).toString()).value_or(WorkloadTask::Train);
        workload.tokens = positive(w, "tokens");
        workload.targetDays = positive(w, "target_days");
        workload.fineTuneMethod = fineTuneMethodFromString(w.value(QLatin1String("finetune_method")).toString());
        intent.workload = workload;
    }
    const QJsonValue users = json.value(QLatin1String("users"));
    if (users.isDouble() && users.toDouble() >= 1 && users.toDouble() <= 1e9)
        intent.users = static_cast<int>(users.toDouble());
    const QJsonValue share = json.value(QLatin1String("inference_share"));
    if (share.isDouble() && share.toDouble() >= 0 && share.toDouble() <= 1)
        intent.inferenceShare = share.toDouble();
    intent.extra = json;
    for (const char* key : kKnownKeys)
        intent.extra.remove(QLatin1String(key));
    return intent;
}

QJsonObject DesignIntent::toJson() const
{
    QJsonObject o = extra;
    if (clusterType != ClusterType::Unspecified)
        o.insert(QStringLiteral("cluster_type"), toString(clusterType));
    if (bisectionTarget)
        o.insert(QStringLiteral("bisection_target"), *bisectionTarget);
    if (sitePowerBudgetKw)
        o.insert(QStringLiteral("site_power_budget_kw"), *sitePowerBudgetKw);
    if (datasetTb)
        o.insert(QStringLiteral("dataset_tb"), *datasetTb);
    if (storageTier)
        o.insert(QStringLiteral("storage_tier"), toString(*storageTier));
    if (workload) {
        QJsonObject w{
            {QStringLiteral("parameters"), workload->parameters}, {QStringLiteral("task"), toString(workload->task)}};
        if (workload->tokens)
            w.insert(QStringLiteral("tokens"), *workload->tokens);
        if (workload->targetDays)
            w.insert(QStringLiteral("target_days"), *workload->targetDays);
        if (workload->fineTuneMethod)
            w.insert(QStringLiteral("finetune_method"), toString(*workload->fineTuneMethod));
        o.insert(QStringLiteral("workload"), w);
    }
    if (users)
        o.insert(QStringLiteral("users"), *users);
    if (inferenceShare)
        o.insert(QStringLiteral("inference_share"), *inferenceShare);
    return o;
}

DesignIntent DesignIntent::ofProperties(const QJsonObject& properties)
{
    return fromJson(properties.value(QLatin1String("intent")).toObject());
}

} // namespace pw
