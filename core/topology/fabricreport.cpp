#include "topology/fabricreport.h"

#include <QJsonArray>

#include <cmath>
#include <numeric>

namespace pw {

namespace {

QJsonObject counts(const std::map<QString, int>& m)
{
    QJsonObject o;
    for (const auto& [k, v] : m)
        o.insert(k, v);
    return o;
}

double round3(double v)
{
    return std::round(v * 1000.0) / 1000.0;
}

} // namespace

QString TierOversubscription::text() const
{
    if (worst <= 0)
        return QStringLiteral("n/a");
    // An oversubscribed switch: the exact ratio when it has a denominator up to 64 (a leaf of 32
    // down and 11 up is 32:11, not the 23:8 a small-denominator fit gives). Else, or when the
    // switch has spare uplink capacity, the closest small ratio d:u (u up to 8).
    for (int u = 1; worst > 1 + 1e-9 && u <= 64; ++u) {
        const long long dd = std::llround(worst * u);
        if (dd > 0 && std::abs(static_cast<double>(dd) / u - worst) < 1e-9 * std::max(1.0, worst)) {
            const long long g = std::gcd(dd, static_cast<long long>(u));
            return QStringLiteral("%1:%2").arg(dd / g).arg(u / g);
        }
    }
    int bestD = 1;
    int bestU = 1;
    double bestErr = 1e9;
    for (int u = 1; u <= 8; ++u) {
        const int dd = static_cast<int>(std::lround(worst * u));
        const double err = std::abs(static_cast<double>(dd) / u - worst);
        if (dd > 0 && err < bestErr - 1e-9) {
            bestErr = err;
            bestD = dd;
            bestU = u;
        }
    }
    const int g = std::gcd(bestD, bestU);
    return QStringLiteral("%1:%2").arg(bestD / g).arg(bestU / g);
}

QJsonObject FabricReport::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("gpus"), gpus);
    o.insert(QStringLiteral("servers"), servers);
    o.insert(QStringLiteral("injection_gbps"), injectionGbps);
    o.insert(QStringLiteral("compute_fabric"),
        QJsonObject{
            {QStringLiteral("tiers"), tiers},
            {QStringLiteral("switches"),
                QJsonObject{{QStringLiteral("leaf"), leafSwitches}, {QStringLiteral("spine"), spineSwitches},
                    {QStringLiteral("core"), coreSwitches}}},
            {QStringLiteral("links"),
                QJsonObject{{QStringLiteral("node_leaf"), nodeLeafLinks},
                    {QStringLiteral("leaf_spine"), leafSpineLinks}, {QStringLiteral("spine_core"), spineCoreLinks},
                    {QStringLiteral("other_leaf"), otherLeafLinks}}},
        });
    o.insert(QStringLiteral("switches_by_model"), counts(switchesByModel));
    o.insert(QStringLiteral("cables"),
        QJsonObject{{QStringLiteral("total"), cables}, {QStringLiteral("by_type"), counts(cablesByType)},
            {QStringLiteral("links_without_cable"), linksWithoutCable}});
    o.insert(QStringLiteral("transceivers"),
        QJsonObject{
            {QStringLiteral("total"), transceivers}, {QStringLiteral("by_model"), counts(transceiversByModel)}});
    o.insert(QStringLiteral("racks"), racks);
    o.insert(QStringLiteral("power_kw"),
        QJsonObject{{QStringLiteral("max"), round3(powerMaxKw)}, {QStringLiteral("typical"), round3(powerTypicalKw)}});
    QJsonObject bis;
    if (bisectionComputed) {
        bis.insert(QStringLiteral("bandwidth_gbps"), bisectionGbps);
        bis.insert(QStringLiteral("ratio"), round3(bisectionRatio));
        bis.insert(QStringLiteral("method"), bisectionMethod);
        bis.insert(QStringLiteral("worst_split"), worstSplit);
        bis.insert(QStringLiteral("cuts_examined"), cutsExamined);
    } else {
        bis.insert(QStringLiteral("bandwidth_gbps"), QJsonValue());
        bis.insert(QStringLiteral("ratio"), QJsonValue());
        bis.insert(
            QStringLiteral("method"), bisectionMethod.isEmpty() ? QStringLiteral("not computed") : bisectionMethod);
        bis.insert(QStringLiteral("cuts_examined"), 0);
    }
    o.insert(QStringLiteral("bisection"), bis);
    QJsonObject over;
    for (const auto& [tier, t] : oversubscription)
        over.insert(tier,
            QJsonObject{{QStringLiteral("ratio"), round3(t.worst)}, {QStringLiteral("text"), t.text()},
                {QStringLiteral("switches"), t.switches}, {QStringLiteral("down_gbps"), t.downGbps},
                {QStringLiteral("up_gbps"), t.upGbps}});
    o.insert(QStringLiteral("oversubscription"), over);
    o.insert(QStringLiteral("degraded"),
        QJsonObject{
            {QStringLiteral("one_spine_lost_ratio"),
                oneSpineLostRatio ? QJsonValue(round3(*oneSpineLostRatio)) : QJsonValue()},
            {QStringLiteral("one_leaf_lost_ratio"),
                oneLeafLostRatio ? QJsonValue(round3(*oneLeafLostRatio)) : QJsonValue()},
            {QStringLiteral("one_plane_lost_ratio"),
                onePlaneLostRatio ? QJsonValue(round3(*onePlaneLostRatio)) : QJsonValue()},
            {QStringLiteral("one_plane_lost_note"), onePlaneLostNote},
            {QStringLiteral("planes"), planes},
        });
    // The planes of record: count, kind, and per plane its switches and bisection (separate planes).
    QJsonArray perPlane;
    for (size_t i = 0; i < planeBisectionGbps.size(); ++i)
        perPlane.append(QJsonObject{{QStringLiteral("plane"), static_cast<int>(i) + 1},
            {QStringLiteral("switches"), i < planeSwitches.size() ? planeSwitches[i] : 0},
            {QStringLiteral("bisection_gbps"), planeBisectionGbps[i]}});
    double planesTotal = 0;
    for (double g : planeBisectionGbps)
        planesTotal += g;
    o.insert(QStringLiteral("planes"),
        QJsonObject{{QStringLiteral("count"), std::max(1, separatePlanes ? planes : 1)},
            {QStringLiteral("kind"),
                separatePlanes ? QStringLiteral("separate fabrics") : QStringLiteral("one fabric")},
            {QStringLiteral("per_plane"), perPlane},
            {QStringLiteral("total_bisection_gbps"),
                separatePlanes && !planeBisectionGbps.empty()
                    ? QJsonValue(planesTotal)
                    : (bisectionComputed ? QJsonValue(bisectionGbps) : QJsonValue())},
            {QStringLiteral("one_plane_lost_ratio"),
                separatePlanes && onePlaneLostRatio ? QJsonValue(round3(*onePlaneLostRatio)) : QJsonValue()},
            {QStringLiteral("one_plane_lost_note"), separatePlanes ? onePlaneLostNote : QString()}});
    o.insert(QStringLiteral("diameter_hops"), diameterHops);
    o.insert(QStringLiteral("path_diversity"),
        QJsonObject{{QStringLiteral("between"), pathDiversityBetween},
            {QStringLiteral("shortest_paths"), pathDiversityShortestPaths},
            {QStringLiteral("max_flow_gbps"), pathDiversityGbps}});
    o.insert(QStringLiteral("analysis_seconds"), round3(analysisSeconds));
    return o;
}

} // namespace pw
