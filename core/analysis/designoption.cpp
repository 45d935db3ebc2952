#include "analysis/designoption.h"

#include "analysis/designfigures.h"

#include <QJsonArray>

#include <tuple>

namespace pw {

namespace {

QJsonValue optionalNumber(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

std::optional<double> readOptional(const QJsonValue& v)
{
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

// A failure a user would call worse: more GPUs cut off, then less bisection left (none computed
// counts as the least).
bool worseThan(const FailureScenario& a, const FailureScenario& b)
{
    if (a.gpusLost != b.gpusLost)
        return a.gpusLost > b.gpusLost;
    return a.bisectionRatio.value_or(-1) < b.bisectionRatio.value_or(-1);
}

// The dials an option sets, as one tuple of references (one list for picking and for comparing).
template <class Options>
auto optionDials(Options& o)
{
    return std::tie(o.serverSku, o.nodes, o.gpus, o.switchSku, o.topology, o.oversubscription, o.suSize, o.planes);
}

} // namespace

DesignOption DesignOption::of(const GeneratorOptions& arguments, const DesignFigures& f)
{
    DesignOption o;
    o.arguments = arguments;
    o.racks = f.summary.racks;
    o.switches = f.summary.switches;
    if (f.cost) {
        o.capex = f.cost->capexBand;
        o.itKw = f.cost->power.itMaxKw;
    }
    if (f.fabric) {
        o.leaves = f.fabric->leafSwitches;
        o.spines = f.fabric->spineSwitches;
        o.cores = f.fabric->coreSwitches;
        if (const auto leaf = f.fabric->oversubscription.find(QStringLiteral("leaf"));
            leaf != f.fabric->oversubscription.end())
            o.leafOversubscription = leaf->second.text();
    }
    o.bisectionRatio = f.bisectionRatio();
    // The planes the dial built (the analysis would count two unlinked leaves as two planes too).
    o.planes = arguments.planes > 0 ? arguments.planes : 1;
    if (f.failures) {
        const FailureScenario* worst = nullptr;
        for (const FailureScenario& s : f.failures->scenarios)
            if ((s.kind == FailureKind::Switch || s.kind == FailureKind::Rack) && (!worst || worseThan(s, *worst)))
                worst = &s;
        if (worst)
            o.worstSingleFailure = WorstFailure{
                toString(worst->kind), worst->entity, worst->detail, worst->gpusLost, worst->bisectionRatio};
        else
            o.worstSingleFailure = WorstFailure{};
    }
    o.errors = f.findingCounts.errors;
    return o;
}

QString DesignOption::nameOf(const GeneratorOptions& a, int builtPlanes, int defaultSu)
{
    QStringList parts;
    parts << (a.topology == TopologyKind::FatTree
            ? (a.radix > 0 ? QStringLiteral("fat-tree k=%1").arg(a.radix) : toString(a.topology))
            : QStringLiteral("%1 %2").arg(toString(a.topology), a.oversubscription.toString()));
    parts << a.switchSku;
    if (builtPlanes > 1)
        parts << QStringLiteral("%1 planes").arg(builtPlanes);
    if (a.topology == TopologyKind::RailOptimized && a.suSize > 0 && a.suSize != defaultSu)
        parts << QStringLiteral("SU %1").arg(a.suSize);
    return parts.join(QStringLiteral(" · "));
}

GeneratorOptions DesignOption::appliedTo(GeneratorOptions base) const
{
    optionDials(base) = optionDials(arguments);
    return base;
}

bool DesignOption::isAskedBy(const GeneratorOptions& dials) const
{
    return optionDials(dials) == optionDials(arguments);
}

bool DesignOption::meets(const Oversubscription& asked) const
{
    // down/up <= asked.down/asked.up, in integers.
    return static_cast<long long>(arguments.oversubscription.down) * asked.up
        <= static_cast<long long>(asked.down) * arguments.oversubscription.up;
}

bool DesignOption::dominates(const DesignOption& b) const
{
    // Each figure as "smaller is better".
    auto key = [](const DesignOption& o) {
        const int cut = o.worstSingleFailure ? o.worstSingleFailure->gpusCutOff : 0;
        const double left = o.worstSingleFailure ? o.worstSingleFailure->bisectionLeft.value_or(0) : 0;
        return std::make_tuple(o.capex.mid, -o.bisectionRatio.value_or(0), cut, -left, o.itKw);
    };
    const auto [c1, b1, g1, l1, k1] = key(*this);
    const auto [c2, b2, g2, l2, k2] = key(b);
    const bool noWorse = c1 <= c2 && b1 <= b2 && g1 <= g2 && l1 <= l2 && k1 <= k2;
    const bool better = c1 < c2 || b1 < b2 || g1 < g2 || l1 < l2 || k1 < k2;
    return noWorse && better;
}

QJsonObject DesignOption::toJson() const
{
    const GeneratorOptions& a = arguments;
    QJsonObject args{{QStringLiteral("server"), a.serverSku}, {QStringLiteral("switch"), a.switchSku},
        {QStringLiteral("topology"), toString(a.topology)},
        {QStringLiteral("oversubscription"), a.oversubscription.toString()}, {QStringLiteral("su_size"), a.suSize},
        {QStringLiteral("planes"), a.planes}};
    if (a.radix > 0)
        args.insert(QStringLiteral("radix"), a.radix);
    if (a.gpus > 0)
        args.insert(QStringLiteral("gpus"), a.gpus);
    else
        args.insert(QStringLiteral("nodes"), a.nodes);
    QJsonObject o{{QStringLiteral("name"), name}, {QStringLiteral("arguments"), args},
        {QStringLiteral("capex"), capex.toJson()}, {QStringLiteral("bisection_ratio"), optionalNumber(bisectionRatio)},
        {QStringLiteral("it_kw"), itKw}, {QStringLiteral("racks"), racks}, {QStringLiteral("switches"), switches},
        {QStringLiteral("leaves"), leaves}, {QStringLiteral("spines"), spines}, {QStringLiteral("cores"), cores},
        {QStringLiteral("planes"), planes}, {QStringLiteral("leaf_oversubscription"), leafOversubscription},
        {QStringLiteral("errors"), errors}, {QStringLiteral("pareto"), pareto}};
    if (worstSingleFailure)
        o.insert(QStringLiteral("worst_single_failure"),
            QJsonObject{{QStringLiteral("kind"), worstSingleFailure->kind},
                {QStringLiteral("entity"), worstSingleFailure->entity},
                {QStringLiteral("detail"), worstSingleFailure->detail},
                {QStringLiteral("gpus_cut_off"), worstSingleFailure->gpusCutOff},
                {QStringLiteral("bisection_left"), optionalNumber(worstSingleFailure->bisectionLeft)}});
    else
        o.insert(QStringLiteral("worst_single_failure"), QJsonValue(QJsonValue::Null));
    return o;
}

std::optional<DesignOption> DesignOption::fromJson(const QJsonObject& j)
{
    const QJsonObject args = j.value(QLatin1String("arguments")).toObject();
    const auto topology = topologyKindFromString(args.value(QLatin1String("topology")).toString());
    const auto over = Oversubscription::parse(args.value(QLatin1String("oversubscription")).toString());
    if (!j.value(QLatin1String("name")).isString() || !topology || !over)
        return std::nullopt;
    DesignOption o;
    o.name = j.value(QLatin1String("name")).toString();
    GeneratorOptions& a = o.arguments;
    a.serverSku = args.value(QLatin1String("server")).toString();
    a.switchSku = args.value(QLatin1String("switch")).toString();
    a.topology = *topology;
    a.oversubscription = *over;
    a.gpus = args.value(QLatin1String("gpus")).toInt();
    a.nodes = args.value(QLatin1String("nodes")).toInt();
    a.suSize = args.value(QLatin1String("su_size")).toInt();
    a.planes = args.value(QLatin1String("planes")).toInt();
    a.radix = args.value(QLatin1String("radix")).toInt();
    const QJsonObject capex = j.value(QLatin1String("capex")).toObject();
    o.capex = Band{capex.value(QLatin1String("low")).toDouble(), capex.value(QLatin1String("mid")).toDouble(),
        capex.value(QLatin1String("high")).toDouble()};
    o.bisectionRatio = readOptional(j.value(QLatin1String("bisection_ratio")));
    o.itKw = j.value(QLatin1String("it_kw")).toDouble();
    o.racks = j.value(QLatin1String("racks")).toInt();
    o.switches = j.value(QLatin1String("switches")).toInt();
    o.leaves = j.value(QLatin1String("leaves")).toInt();
    o.spines = j.value(QLatin1String("spines")).toInt();
    o.cores = j.value(QLatin1String("cores")).toInt();
    o.planes = j.value(QLatin1String("planes")).toInt(1);
    o.leafOversubscription = j.value(QLatin1String("leaf_oversubscription")).toString();
    o.errors = j.value(QLatin1String("errors")).toInt();
    o.pareto = j.value(QLatin1String("pareto")).toBool(true);
    if (const QJsonValue w = j.value(QLatin1String("worst_single_failure")); w.isObject()) {
        const QJsonObject wo = w.toObject();
        o.worstSingleFailure = WorstFailure{wo.value(QLatin1String("kind")).toString(),
            wo.value(QLatin1String("entity")).toString(), wo.value(QLatin1String("detail")).toString(),
            wo.value(QLatin1String("gpus_cut_off")).toInt(), readOptional(wo.value(QLatin1String("bisection_left")))};
    }
    return o;
}

} // namespace pw
