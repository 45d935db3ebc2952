#include "cli.h"

#include "commands/setdesignpropertiescommand.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/designintent.h"
#include "model/softwarestack.h"
#include "util/money.h"

#include <QFileInfo>
#include <QJsonArray>

namespace pw::cli {

namespace {

bool onOff(const QCommandLineParser& p, const QCommandLineOption& o)
{
    const QString v = p.value(o).trimmed().toLower();
    if (v == QLatin1String("on") || v == QLatin1String("yes") || v == QLatin1String("true") || v == QLatin1String("1"))
        return true;
    if (v == QLatin1String("off") || v == QLatin1String("no") || v == QLatin1String("false") || v == QLatin1String("0"))
        return false;
    throw UsageError(QStringLiteral("--%1 takes on or off (got '%2')").arg(o.names().constFirst(), p.value(o)));
}

QStringList listOf(const QCommandLineParser& p, const QCommandLineOption& o, const QStringList& known)
{
    const QString v = p.value(o).trimmed().toLower();
    if (v == QLatin1String("none") || v.isEmpty())
        return {};
    QStringList out;
    for (const QString& part : v.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString id = part.trimmed();
        if (!known.contains(id))
            throw UsageError(QStringLiteral("unknown --%1 '%2' (%3, or none)")
                                 .arg(o.names().constFirst(), id, known.join(QStringLiteral(", "))));
        if (!out.contains(id))
            out << id;
    }
    return out;
}

QString text(const QJsonObject& block)
{
    QString s;
    QTextStream t(&s);
    t << "cluster type: " << block.value(QLatin1String("cluster_type")).toString() << '\n';
    t << "users: "
      << (block.value(QLatin1String("users")).isDouble() ? QString::number(block.value(QLatin1String("users")).toInt())
                                                         : QStringLiteral("not stated"))
      << '\n';
    if (block.value(QLatin1String("inference_share")).isDouble())
        t << "inference share: " << block.value(QLatin1String("inference_share")).toDouble() << " ("
          << block.value(QLatin1String("inference_gpus")).toInt() << " GPUs)\n";
    t << "software stack" << (block.value(QLatin1String("stack_stored")).toBool() ? "" : " (default for the type)")
      << ":\n";
    for (const QJsonValue& c : block.value(QLatin1String("components")).toArray())
        t << "  " << c.toString() << '\n';
    t << "management servers the stack needs (estimates):\n";
    for (const QJsonValue& v : block.value(QLatin1String("management_roles")).toArray()) {
        const QJsonObject r = v.toObject();
        t << "  " << r.value(QLatin1String("count")).toInt() << " x " << r.value(QLatin1String("role")).toString()
          << " (" << r.value(QLatin1String("name_prefix")).toString() << "-N)\n";
    }
    const QJsonArray nodes = block.value(QLatin1String("management_nodes")).toArray();
    t << "management nodes in the design: " << nodes.size() << ", "
      << block.value(QLatin1String("management_power_max_w")).toDouble() << " W max, "
      << Money::usd().exact(block.value(QLatin1String("management_price_usd")).toDouble()) << '\n';
    for (const QJsonValue& v : nodes) {
        const QJsonObject n = v.toObject();
        t << "  " << n.value(QLatin1String("name")).toString() << " (" << n.value(QLatin1String("role")).toString()
          << ", " << n.value(QLatin1String("sku")).toString() << ")\n";
    }
    return s;
}

} // namespace

void IntentOptions::apply(const QCommandLineParser& p, DesignIntent& intent) const
{
    if (p.isSet(type)) {
        const auto t = clusterTypeFromString(p.value(type).trimmed());
        if (!t || *t == ClusterType::Unspecified)
            throw UsageError(
                QStringLiteral("unknown --type '%1' (training, inference, mixed, development)").arg(p.value(type)));
        if (*t != ClusterType::Mixed)
            intent.inferenceShare.reset(); // only a mixed cluster reserves GPUs for inference
        intent.clusterType = *t;
    }
    if (p.isSet(users)) {
        bool ok = false;
        const int n = p.value(users).toInt(&ok);
        if (!ok || n < 1)
            throw UsageError(
                QStringLiteral("--users needs a whole number of at least 1 (got '%1')").arg(p.value(users)));
        intent.users = n;
    }
    if (p.isSet(inferenceShare)) {
        bool ok = false;
        const double f = p.value(inferenceShare).toDouble(&ok);
        if (!ok || !(f >= 0 && f <= 1))
            throw UsageError(
                QStringLiteral("--inference-share needs a number from 0 to 1 (got '%1')").arg(p.value(inferenceShare)));
        if (intent.clusterType != ClusterType::Mixed)
            throw UsageError(QStringLiteral("--inference-share applies to mixed clusters only (--type mixed)"));
        intent.inferenceShare = f;
    }
}

int runIntent(Context& ctx)
{
    QCommandLineParser p;
    const IntentOptions io;
    const QCommandLineOption scheduler(
        QStringLiteral("scheduler"), QStringLiteral("Job scheduler: slurm, pbs-pro or none."), QStringLiteral("S"));
    const QCommandLineOption priority(QStringLiteral("priority-queues"),
        QStringLiteral("Scheduler priority queues: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption reservations(QStringLiteral("reservations"),
        QStringLiteral("Scheduler partitions / reservations: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption orchestration(QStringLiteral("orchestration"),
        QStringLiteral("Container orchestration: kubernetes or none."), QStringLiteral("O"));
    const QCommandLineOption gpuOperator(QStringLiteral("gpu-operator"),
        QStringLiteral("Kubernetes NVIDIA GPU Operator: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption autoscaling(
        QStringLiteral("autoscaling"), QStringLiteral("Kubernetes autoscaling: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption bcm(QStringLiteral("base-command-manager"),
        QStringLiteral("NVIDIA Base Command Manager: on or off."), QStringLiteral("on|off"));
    const QCommandLineOption frameworks(QStringLiteral("frameworks"),
        QStringLiteral("Comma list: pytorch-nccl, deepspeed, megatron-lm, jax, or none."), QStringLiteral("LIST"));
    const QCommandLineOption monitoring(QStringLiteral("monitoring"),
        QStringLiteral("Comma list: dcgm, prometheus, grafana, or none."), QStringLiteral("LIST"));
    const QCommandLineOption devTools(
        QStringLiteral("dev-tools"), QStringLiteral("Comma list: jupyter, mlflow, or none."), QStringLiteral("LIST"));
    const QCommandLineOption defaults(
        QStringLiteral("default-stack"), QStringLiteral("Reset the software stack to the cluster type's default."));
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print one JSON object (the report's cluster type and stack block)."));
    p.addOptions(io.all());
    p.addOptions({scheduler, priority, reservations, orchestration, gpuOperator, autoscaling, bcm, frameworks,
        monitoring, devTools, defaults, json});
    p.addPositionalArgument(QStringLiteral("design"),
        QStringLiteral("A .podwright design file (or .json); rewritten in place when options change it."));
    ctx.parse(p,
        QStringLiteral("Show or change a design's intent (cluster type, users, inference share) and software stack."),
        1, 1, QStringLiteral("one design file"));
    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);

    const QJsonObject before = design.properties();
    DesignIntent intent = DesignIntent::ofProperties(before);
    const ClusterType oldType = intent.clusterType;
    SoftwareStack stack = SoftwareStack::ofProperties(before);
    bool storeStack = SoftwareStack::isStored(before);
    io.apply(p, intent);
    // A stack still at the old type's default follows the new type; a customised one stays.
    if (intent.clusterType != oldType && stack == SoftwareStack::defaultFor(oldType)) {
        stack = SoftwareStack::defaultFor(intent.clusterType);
    }
    if (p.isSet(defaults)) {
        stack = SoftwareStack::defaultFor(intent.clusterType);
        storeStack = true;
    }
    const QList<QCommandLineOption> stackOptions{scheduler, priority, reservations, orchestration, gpuOperator,
        autoscaling, bcm, frameworks, monitoring, devTools};
    for (const QCommandLineOption& o : stackOptions)
        storeStack = storeStack || p.isSet(o);
    if (p.isSet(scheduler)) {
        const auto s = schedulerFromString(p.value(scheduler));
        if (!s)
            throw UsageError(QStringLiteral("unknown --scheduler '%1' (slurm, pbs-pro, none)").arg(p.value(scheduler)));
        if (*s != stack.scheduler && !p.isSet(priority))
            stack.priorityQueues = *s != Scheduler::None; // a new scheduler comes with priority queues
        if (*s == Scheduler::None)
            stack.reservations = false;
        stack.scheduler = *s;
    }
    if (p.isSet(orchestration)) {
        const auto o = orchestrationFromString(p.value(orchestration));
        if (!o)
            throw UsageError(
                QStringLiteral("unknown --orchestration '%1' (kubernetes, none)").arg(p.value(orchestration)));
        if (*o != stack.orchestration && *o == Orchestration::Kubernetes) {
            stack.gpuOperator
                = true; // Kubernetes on GPUs comes with the GPU Operator and autoscaling unless told otherwise
            stack.autoscaling = true;
        }
        if (*o == Orchestration::None)
            stack.gpuOperator = stack.autoscaling = false;
        stack.orchestration = *o;
    }
    auto needs = [&](const QCommandLineOption& o, bool ok, const char* what) {
        if (p.isSet(o) && !ok)
            throw UsageError(QStringLiteral("--%1 needs %2").arg(o.names().constFirst(), QLatin1String(what)));
    };
    needs(priority, stack.scheduler != Scheduler::None, "a scheduler (--scheduler slurm or pbs-pro)");
    needs(reservations, stack.scheduler != Scheduler::None, "a scheduler (--scheduler slurm or pbs-pro)");
    needs(gpuOperator, stack.orchestration != Orchestration::None, "--orchestration kubernetes");
    needs(autoscaling, stack.orchestration != Orchestration::None, "--orchestration kubernetes");
    if (p.isSet(priority))
        stack.priorityQueues = onOff(p, priority);
    if (p.isSet(reservations))
        stack.reservations = onOff(p, reservations);
    if (p.isSet(gpuOperator))
        stack.gpuOperator = onOff(p, gpuOperator);
    if (p.isSet(autoscaling))
        stack.autoscaling = onOff(p, autoscaling);
    if (p.isSet(bcm))
        stack.baseCommandManager = onOff(p, bcm);
    if (p.isSet(frameworks))
        stack.frameworks = listOf(p, frameworks, SoftwareStack::knownFrameworks());
    if (p.isSet(monitoring))
        stack.monitoring = listOf(p, monitoring, SoftwareStack::knownMonitoring());
    if (p.isSet(devTools))
        stack.devTools = listOf(p, devTools, SoftwareStack::knownDevTools());

    bool changed = false;
    if (io.anySet(p) || storeStack != SoftwareStack::isStored(before) || storeStack) {
        QJsonObject props = before;
        if (intent.toJson().isEmpty())
            props.remove(QStringLiteral("intent"));
        else
            props.insert(QStringLiteral("intent"), intent.toJson());
        if (storeStack)
            props.insert(QStringLiteral("stack"), stack.toJson());
        SetDesignPropertiesCommand cmd(QStringLiteral("Change design intent"), props);
        if (cmd.apply(design).ok) {
            changed = true;
            if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
                DesignJson::writeFile(design, path);
            else
                Context::saveDesign(design, path);
        }
    }

    QJsonObject block = describeClusterTypeAndStack(design);
    int planned = 0;
    for (const QJsonValue& r : block.value(QLatin1String("management_roles")).toArray())
        planned += r.toObject().value(QLatin1String("count")).toInt();
    int present = 0;
    for (const QJsonValue& n : block.value(QLatin1String("management_nodes")).toArray())
        present += n.toObject().value(QLatin1String("role")).toString() != QLatin1String("fabric-manager");
    if (planned != present)
        ctx.err << "podwright-cli: note: the stack needs " << planned << " management servers and the design has "
                << present << "; `generate --type` places them (the intent command does not add or remove nodes)\n";
    if (p.isSet(json)) {
        block.insert(QStringLiteral("file"), path);
        block.insert(QStringLiteral("changed"), changed);
        ctx.writeJson(block);
    } else {
        ctx.out << text(block);
        if (changed)
            ctx.out << "wrote " << path << '\n';
    }
    return 0;
}

} // namespace pw::cli
