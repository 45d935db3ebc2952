// Edits a design file from the command line as the studio does, through the same core commands:
// `regenerate` turns a generated design's dials (Regenerate), `connect` joins the matching ports
// of chosen nodes (BulkConnect, the studio's Connect Selection).
#include "cli.h"

#include "commands/compositecommand.h"
#include "commands/replacedesigncommand.h"
#include "generate/bulkconnect.h"
#include "generate/regenerate.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "util/plural.h"

#include <QFileInfo>
#include <QJsonArray>

namespace pw::cli {

namespace {

const QCommandLineOption kOutput(QStringList{QStringLiteral("o"), QStringLiteral("output")},
    QStringLiteral("The design file to write (default: rewrite the input)."), QStringLiteral("FILE"));

} // namespace

int runRegenerate(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption nodes(
        QStringLiteral("nodes"), QStringLiteral("Number of GPU servers."), QStringLiteral("N"));
    const QCommandLineOption over(
        QStringLiteral("oversubscription"), QStringLiteral("Leaf down:up ratio, e.g. 2:1."), QStringLiteral("D:U"));
    const QCommandLineOption tier(
        QStringLiteral("storage-tier"), QStringLiteral("good, better or best."), QStringLiteral("TIER"));
    const QCommandLineOption type(QStringLiteral("type"),
        QStringLiteral("Cluster type: unspecified, training, inference, mixed or development."), QStringLiteral("T"));
    const QCommandLineOption keepAll(QStringLiteral("keep-all-nodes"),
        QStringLiteral("Add a scalable unit for the UFM instead of giving it one server's slot."));
    const QCommandLineOption ufmSlot(QStringLiteral("ufm-takes-slot"),
        QStringLiteral("Let the UFM take one server's slot when every leaf port is taken (the generator's default)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print a JSON summary of the change."));
    p.addOptions({nodes, over, tier, type, keepAll, ufmSlot, kOutput, json});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A generated .podwright design (or .json)."));
    ctx.parse(p,
        QStringLiteral("Change a generated design's dials (servers, oversubscription, storage tier, type) and "
                       "rebuild it; the other dials are kept."),
        1, 1, QStringLiteral("one design file"));
    if (p.isSet(keepAll) && p.isSet(ufmSlot))
        throw UsageError(QStringLiteral("give --keep-all-nodes or --ufm-takes-slot, not both"));

    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);
    const std::optional<DesignDials> before = Regenerate::dialsOf(design);
    if (!before)
        throw UsageError(
            QStringLiteral("%1 was not made by the reference-design generator, so it has no dials to change")
                .arg(path));
    DesignDials dials = *before;
    if (p.isSet(nodes)) {
        bool ok = false;
        dials.nodes = p.value(nodes).toInt(&ok);
        if (!ok || dials.nodes <= 0)
            throw UsageError(
                QStringLiteral("--nodes needs a whole number of at least 1 (got '%1')").arg(p.value(nodes)));
    }
    if (p.isSet(over)) {
        const auto r = Oversubscription::parse(p.value(over));
        if (!r)
            throw UsageError(QStringLiteral("--oversubscription takes D:U, e.g. 2:1 (got '%1')").arg(p.value(over)));
        dials.oversubscription = *r;
    }
    if (p.isSet(tier)) {
        const auto t = storageTierFromString(p.value(tier));
        if (!t)
            throw UsageError(QStringLiteral("unknown --storage-tier '%1' (good, better, best)").arg(p.value(tier)));
        if (!before->hasStorage)
            throw UsageError(QStringLiteral("the design has no storage fabric, so it has no storage tier"));
        dials.storageTier = *t;
    }
    if (p.isSet(type)) {
        const auto t = clusterTypeFromString(p.value(type));
        if (!t)
            throw UsageError(
                QStringLiteral("unknown --type '%1' (unspecified, training, inference, mixed, development)")
                    .arg(p.value(type)));
        dials.clusterType = *t;
    }
    if (p.isSet(keepAll))
        dials.keepEveryNode = true;
    if (p.isSet(ufmSlot))
        dials.keepEveryNode = false;
    if (dials == *before)
        throw UsageError(QStringLiteral("no dial changes: give --nodes, --oversubscription, --storage-tier, --type or "
                                        "--keep-all-nodes with a new value"));

    GenerateResult result = Regenerate::withDials(design, dials, ctx.catalog());
    if (!result.ok()) {
        ctx.err << "podwright-cli regenerate: " << result.error << '\n';
        return 1;
    }
    const QString change = Regenerate::describeChange(*before, dials);
    ReplaceDesignCommand cmd(change, std::move(*result.design));
    if (const CommandResult r = cmd.apply(design); !r.ok) {
        ctx.err << "podwright-cli regenerate: " << r.reason << '\n';
        return 1;
    }
    const QString target = p.isSet(kOutput) ? p.value(kOutput) : path;
    Context::saveDesign(design, target);
    for (const QString& note : result.notes)
        ctx.err << "podwright-cli: note: " << note << '\n';
    const auto nodeCount = qint64(design.nodes().size());
    const auto linkCount = qint64(design.links().size());
    ctx.err << "podwright-cli: " << change << "; wrote " << target << " (" << nodeCount << ' '
            << plural(nodeCount, "node", "nodes") << ", " << linkCount << ' ' << plural(linkCount, "link", "links")
            << ")\n";
    if (p.isSet(json))
        ctx.writeJson(QJsonObject{{QStringLiteral("file"), target}, {QStringLiteral("change"), change},
            {QStringLiteral("nodes"), static_cast<double>(nodeCount)},
            {QStringLiteral("links"), static_cast<double>(linkCount)},
            {QStringLiteral("notes"), QJsonArray::fromStringList(result.notes)}});
    return 0;
}

int runConnect(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption node(QStringLiteral("node"),
        QStringLiteral("A node to connect, by name or as node:ID; repeat."), QStringLiteral("NAME"));
    const QCommandLineOption group(QStringLiteral("group"),
        QStringLiteral("Every node of a rack, scalable unit or pod, by its name; repeat."), QStringLiteral("NAME"));
    const QCommandLineOption all(QStringLiteral("all"), QStringLiteral("Every node of the design."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print a JSON summary of the links made."));
    p.addOptions({node, group, all, kOutput, json});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Bulk connect: join the free ports of the chosen servers, storage and switches to the chosen "
                       "switches of their network (GPU rails to leaves, storage to storage, in-band to in-band, "
                       "BMCs to out-of-band), as the studio's Connect Selection (Ctrl+K) does."),
        1, 1, QStringLiteral("one design file"));
    if (!p.isSet(node) && !p.isSet(group) && !p.isSet(all))
        throw UsageError(QStringLiteral("connect needs --node NAME, --group NAME or --all"));

    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);
    std::vector<NodeId> chosen;
    auto choose = [&chosen](NodeId id) {
        if (std::find(chosen.begin(), chosen.end(), id) == chosen.end())
            chosen.push_back(id);
    };
    if (p.isSet(all))
        design.nodes().forEach([&](const Node& n) { choose(n.id); });
    for (const QString& wanted : p.values(node)) {
        NodeId found;
        design.nodes().forEach([&](const Node& n) {
            if (!found.isValid() && (n.name == wanted || QStringLiteral("node:%1").arg(n.id.value()) == wanted))
                found = n.id;
        });
        if (!found.isValid())
            throw UsageError(QStringLiteral("no node named '%1' in %2").arg(wanted, path));
        choose(found);
    }
    for (const QString& wanted : p.values(group)) {
        GroupId found;
        design.groups().forEach([&](const Group& g) {
            if (!found.isValid() && g.name == wanted)
                found = g.id;
        });
        if (!found.isValid())
            throw UsageError(QStringLiteral("no rack, scalable unit or pod named '%1' in %2").arg(wanted, path));
        for (NodeId id : design.membersOf(found))
            choose(id);
    }
    if (chosen.size() < 2)
        throw UsageError(QStringLiteral("connect needs at least two nodes (servers or storage and their switches)"));

    const BulkConnect::Plan plan = BulkConnect::plan(design, ctx.catalog(), chosen);
    for (const QString& line : plan.skipped)
        ctx.err << "podwright-cli: not connected: " << line << '\n';
    if (plan.isEmpty()) {
        ctx.err << "podwright-cli connect: " << plan.refusal() << '\n';
        return 1;
    }
    const std::unique_ptr<CompositeCommand> cmd = BulkConnect::command(plan, ctx.catalog());
    if (const CommandResult r = cmd->apply(design); !r.ok) {
        ctx.err << "podwright-cli connect: " << r.reason << '\n';
        return 1;
    }
    const QString target = p.isSet(kOutput) ? p.value(kOutput) : path;
    Context::saveDesign(design, target);
    const auto made = qint64(plan.links.size());
    ctx.err << "podwright-cli: connected " << made << ' ' << plural(made, "link", "links") << "; wrote " << target
            << '\n';
    if (p.isSet(json)) {
        QJsonObject byNetwork;
        for (const Link& l : plan.links) {
            const QString key = toString(design.linkNetwork(l));
            byNetwork.insert(key, byNetwork.value(key).toInt() + 1);
        }
        ctx.writeJson(QJsonObject{{QStringLiteral("file"), target},
            {QStringLiteral("links"), static_cast<double>(made)}, {QStringLiteral("by_network"), byNetwork},
            {QStringLiteral("not_connected"), QJsonArray::fromStringList(plan.skipped)}});
    }
    return 0;
}

} // namespace pw::cli
