#include "cost/costassumptions.h"

#include <functional>
#include <utility>

namespace pw {

namespace {

struct Field {
    const char* key;
    Assumption CostAssumptions::*member;
    double min;
    double max;
};

const Field kFields[] = {
    {"pue", &CostAssumptions::pue, 1.0, 5.0},
    {"power_price_usd_per_kwh", &CostAssumptions::powerPriceUsdPerKwh, 0.0, 10.0},
    {"years", &CostAssumptions::years, 1.0, 50.0},
    {"utilization", &CostAssumptions::utilization, 0.0, 1.0},
    {"cloud_price_per_gpu_hour", &CostAssumptions::cloudPricePerGpuHour, 0.0, 1000.0},
    {"support_share", &CostAssumptions::supportShare, 0.0, 1.0},
    {"staff_per_year", &CostAssumptions::staffPerYear, 0.0, 1e10},
};

} // namespace

CostAssumptions CostAssumptions::defaults()
{
    CostAssumptions a;
    a.pue = {1.56, QStringLiteral("[S29b] industry average PUE 1.56 (2024 survey, respondents' largest site)")};
    a.powerPriceUsdPerKwh = {0.081,
        QStringLiteral("[S30] EIA Electric Power Monthly table 5.6.B, US industrial price, "
                       "East North Central 8.10 cents/kWh (2024 YTD July); the national average "
                       "was not captured, so set your own tariff")};
    a.years = {5, QStringLiteral("estimate: a 5-year ownership horizon, common for server depreciation")};
    a.utilization = {0.7,
        QStringLiteral("estimate: 70% sustained utilization; the source document says owning wins above "
                       "about 60%")};
    a.cloudPricePerGpuHour = {3.90,
        QStringLiteral("[S25][S26] AWS P5 (H100) on-demand after the June 2025 cut, about "
                       "US$3.90 per GPU-hour (March 2026 snapshot, secondary)")};
    a.supportShare = {0.10, QStringLiteral("estimate: hardware and software support at 10% of capital cost per year")};
    a.staffPerYear = {0, QStringLiteral("not set: staff cost is counted only when given")};
    return a;
}

CostAssumptions CostAssumptions::ofProperties(const QJsonObject& properties)
{
    CostAssumptions a = defaults();
    a.overlay(properties.value(QLatin1String("assumptions")).toObject());
    return a;
}

void CostAssumptions::overlay(const QJsonObject& json, const QString& source)
{
    for (const Field& f : kFields) {
        const QJsonValue v = json.value(QLatin1String(f.key));
        if (!v.isDouble())
            continue;
        const double d = v.toDouble();
        if (!(d >= f.min && d <= f.max))
            continue;
        this->*f.member = Assumption{d, source};
    }
}

QJsonObject CostAssumptions::toJson() const
{
    QJsonObject o;
    for (const Field& f : kFields)
        o.insert(QLatin1String(f.key), (this->*f.member).value);
    return o;
}

QJsonObject CostAssumptions::sourcesJson() const
{
    QJsonObject o;
    for (const Field& f : kFields)
        o.insert(QLatin1String(f.key), (this->*f.member).source);
    return o;
}

} // namespace pw
