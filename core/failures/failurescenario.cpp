#include "failures/failurescenario.h"

#include <QJsonArray>

#include <cmath>

namespace pw {

QString toString(FailureKind kind)
{
    switch (kind) {
    case FailureKind::Switch:
        return QStringLiteral("switch");
    case FailureKind::Plane:
        return QStringLiteral("plane");
    case FailureKind::Pdu:
        return QStringLiteral("pdu");
    case FailureKind::CduLoop:
        return QStringLiteral("cdu-loop");
    case FailureKind::Rack:
        return QStringLiteral("rack");
    case FailureKind::Row:
        return QStringLiteral("row");
    case FailureKind::Sidecar:
        return QStringLiteral("sidecar");
    }
    return {};
}

namespace {

double rounded(double v, double step)
{
    return std::round(v / step) * step;
}

} // namespace

QJsonObject FailureScenario::toJson() const
{
    QJsonObject o{{QStringLiteral("kind"), toString(kind)}, {QStringLiteral("entity"), entity},
        {QStringLiteral("detail"), detail}, {QStringLiteral("effect"), effect},
        {QStringLiteral("equivalent"), equivalent}, {QStringLiteral("gpus_lost"), gpusLost},
        {QStringLiteral("servers_lost"), serversLost},
        {QStringLiteral("servers_degraded"), static_cast<int>(degradedServers.size())},
        {QStringLiteral("injection_lost_gbps"), injectionLostGbps},
        {QStringLiteral("blocks_affected"), blocksAffected.size()},
        {QStringLiteral("blocks"), QJsonArray::fromStringList(blocksAffected)},
        {QStringLiteral("bisection_ratio"), bisectionRatio ? QJsonValue(rounded(*bisectionRatio, 1e-4)) : QJsonValue()},
        {QStringLiteral("power_left_kw"), rounded(powerLeftKw, 0.01)},
        {QStringLiteral("cooling_left_kw"),
            QJsonObject{{QStringLiteral("liquid"), rounded(liquidLeftKw, 0.01)},
                {QStringLiteral("air"), rounded(airLeftKw, 0.01)},
                {QStringLiteral("liquid_capacity"), rounded(liquidCapacityLeftKw, 0.01)}}},
        {QStringLiteral("racks_lost"), static_cast<int>(failedRacks.size())},
        {QStringLiteral("racks_degraded"), static_cast<int>(degradedRacks.size())}};
    if (network != Network::None)
        o.insert(QStringLiteral("network"), toString(network));
    if (network != Network::None && network != Network::Compute) {
        o.insert(QStringLiteral("hosts_cut_off"), hostsCutOff);
        o.insert(QStringLiteral("network_gbps_left"), rounded(networkGbpsLeft, 0.01));
        o.insert(QStringLiteral("network_gbps"), rounded(networkGbps, 0.01));
    }
    return o;
}

} // namespace pw
