#include "cli.h"

#include "analysis/designoptions.h"
#include "model/designintent.h"
#include "model/softwarestack.h"
#include "util/money.h"

#include <QJsonArray>

namespace pw::cli {

namespace {

// The `generate` flags that build an option (without -o).
QStringList generateFlags(const GeneratorOptions& a)
{
    QStringList out{QStringLiteral("--server"), a.serverSku};
    if (a.gpus > 0)
        out << QStringLiteral("--gpus") << QString::number(a.gpus);
    else
        out << QStringLiteral("--nodes") << QString::number(a.nodes);
    out << QStringLiteral("--switch") << a.switchSku << QStringLiteral("--topology") << toString(a.topology);
    if (a.topology != TopologyKind::FatTree)
        out << QStringLiteral("--oversubscription") << a.oversubscription.toString();
    else if (a.radix > 0)
        out << QStringLiteral("--radix") << QString::number(a.radix);
    if (a.suSize > 0)
        out << QStringLiteral("--su-size") << QString::number(a.suSize);
    if (a.topology == TopologyKind::RailOptimized && a.planes > 0)
        out << QStringLiteral("--planes") << QString::number(a.planes);
    return out;
}

QString ratioText(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'f', 3) : QStringLiteral("-");
}

} // namespace

// `options`: the designs an architect weighs for one cluster (core DesignOptions), as a table or JSON.
int runOptions(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption server(
        QStringLiteral("server"), QStringLiteral("Server model (catalog sku)."), QStringLiteral("SKU"));
    const QCommandLineOption nodes(QStringLiteral("nodes"), QStringLiteral("Number of servers."), QStringLiteral("N"));
    const QCommandLineOption gpus(
        QStringLiteral("gpus"), QStringLiteral("Number of GPUs (rounded up to whole servers)."), QStringLiteral("N"));
    const QCommandLineOption sw(QStringLiteral("switch"),
        QStringLiteral("Compute switch to weigh (repeat or comma-separate; default: every catalog switch at the "
                       "server's compute speed)."),
        QStringLiteral("SKU"));
    const QCommandLineOption topology(QStringLiteral("topology"),
        QStringLiteral("Weigh one topology only: rail-optimized, fat-tree or leaf-spine (default: all)."),
        QStringLiteral("T"));
    const QCommandLineOption over(QStringLiteral("oversubscription"),
        QStringLiteral("The oversubscription asked for, D:U (default 1:1); 1:1 and 2:1 are weighed too."),
        QStringLiteral("D:U"));
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print one JSON object {\"options\": [...]}."));
    p.addOptions({server, nodes, gpus, sw, topology, over, json});
    const IntentOptions intentOptions; // --type, --users, --inference-share (intentcli.cpp)
    p.addOptions(intentOptions.all());
    ctx.parse(p,
        QStringLiteral("The Pareto set of designs for a cluster over topology, oversubscription, switch, scalable unit "
                       "and planes: capital cost, bisection, worst single failure, IT power, racks, switches."),
        0, 0, QStringLiteral("no positional arguments"));

    auto count = [&](const QCommandLineOption& o, const QString& name) {
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok || v <= 0)
            throw UsageError(
                QStringLiteral("--%1 needs a whole number of at least 1 (got '%2')").arg(name, p.value(o)));
        return v;
    };
    DesignOptions::Request r;
    if (!p.isSet(server))
        throw UsageError(QStringLiteral("options needs --server SKU"));
    r.base.serverSku = p.value(server);
    if (p.isSet(nodes) == p.isSet(gpus))
        throw UsageError(QStringLiteral("options needs --nodes N or --gpus N (one of them)"));
    if (p.isSet(nodes))
        r.base.nodes = count(nodes, QStringLiteral("nodes"));
    else
        r.base.gpus = count(gpus, QStringLiteral("gpus"));
    for (const QString& v : p.values(sw))
        for (const QString& sku : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!r.switches.contains(sku.trimmed()))
                r.switches << sku.trimmed();
    if (p.isSet(topology)) {
        const auto t = topologyKindFromString(p.value(topology));
        if (!t)
            throw UsageError(QStringLiteral("unknown --topology '%1' (rail-optimized, fat-tree, leaf-spine)")
                                 .arg(p.value(topology)));
        r.topology = *t;
    }
    if (p.isSet(over)) {
        const auto ratio = Oversubscription::parse(p.value(over));
        if (!ratio)
            throw UsageError(QStringLiteral("--oversubscription takes D:U, e.g. 2:1 (got '%1')").arg(p.value(over)));
        r.asked = *ratio;
    }
    if (intentOptions.anySet(p)) {
        DesignIntent intent;
        intentOptions.apply(p, intent);
        r.base.properties.insert(QStringLiteral("intent"), intent.toJson());
        r.base.properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(intent.clusterType).toJson());
    }
    // An unknown server or switch is a usage error, before any design is built.
    QString error;
    if (DesignOptions::candidates(r, ctx.catalog(), &error).empty())
        throw UsageError(error);

    const DesignOptions result = DesignOptions::of(r, ctx.catalog());
    if (result.options.empty())
        throw UsageError(result.error);
    const DesignOption* cheapest = result.cheapestMeeting(r.asked);
    if (p.isSet(json)) {
        QJsonArray list;
        for (const DesignOption& o : result.options) {
            QJsonObject j = o.toJson();
            j.insert(QStringLiteral("generate"), QJsonArray::fromStringList(generateFlags(o.arguments)));
            list.append(j);
        }
        QJsonObject out{{QStringLiteral("options"), list},
            {QStringLiteral("asked_oversubscription"), r.asked.toString()},
            {QStringLiteral("considered"), static_cast<int>(result.considered.size())},
            {QStringLiteral("refused"), QJsonArray::fromStringList(result.refused)},
            {QStringLiteral("seconds"), result.seconds}};
        out.insert(QStringLiteral("cheapest_meeting"), cheapest ? QJsonValue(cheapest->name) : QJsonValue());
        ctx.writeJson(out);
        return 0;
    }
    const Money usd;
    ctx.out << QStringLiteral("%1 options (Pareto set of %2 designs weighed, %3 s); asked %4\n")
                   .arg(result.options.size())
                   .arg(result.considered.size())
                   .arg(result.seconds, 0, 'f', 1)
                   .arg(r.asked.toString());
    ctx.out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                   .arg(QStringLiteral("option"), -44)
                   .arg(QStringLiteral("capex (low-high)"), -26)
                   .arg(QStringLiteral("bisection"), 9)
                   .arg(QStringLiteral("worst failure"), -26)
                   .arg(QStringLiteral("IT kW"), 8)
                   .arg(QStringLiteral("racks"), 5)
                   .arg(QStringLiteral("switches"), 8);
    for (const DesignOption& o : result.options) {
        const QString worst = o.worstSingleFailure
            ? QStringLiteral("%1 GPUs, bis. %2 (%3)")
                  .arg(o.worstSingleFailure->gpusCutOff)
                  .arg(ratioText(o.worstSingleFailure->bisectionLeft), o.worstSingleFailure->kind)
            : QStringLiteral("-");
        const QString mark = (cheapest && cheapest->name == o.name ? QStringLiteral("*") : QString())
            + (o.pareto ? QString() : QStringLiteral("+"));
        ctx.out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                       .arg(o.name + mark, -44)
                       .arg(QStringLiteral("%1 (%2-%3)")
                                .arg(usd.rounded(o.capex.mid), usd.rounded(o.capex.low), usd.rounded(o.capex.high)),
                           -26)
                       .arg(ratioText(o.bisectionRatio), 9)
                       .arg(worst, -26)
                       .arg(o.itKw, 8, 'f', 1)
                       .arg(o.racks, 5)
                       .arg(o.switches, 8);
    }
    ctx.out << QStringLiteral("* the cheapest meeting %1 with no design-rule error (what generate builds without "
                              "--topology, except at a published design point, where it builds the reference "
                              "architecture's rail-optimized recipe); + not on the Pareto front, shown to make three\n")
                   .arg(r.asked.toString());
    if (!result.options.empty())
        ctx.out << QStringLiteral("build one: podwright-cli generate %1 -o design.podwright\n")
                       .arg(generateFlags(result.options.front().arguments).join(QLatin1Char(' ')));
    return 0;
}

} // namespace pw::cli
