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
    {"facility_usd_per_kw_month", &CostAssumptions::facilityUsdPerKwMonth, 0.0, 10000.0},
    {"gpus_per_engineer", &CostAssumptions::gpusPerEngineer, 0.0, 1e6},
    {"engineer_usd_per_year", &CostAssumptions::engineerUsdPerYear, 0.0, 1e8},
    {"support_prepaid_years", &CostAssumptions::supportPrepaidYears, 0.0, 50.0},
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
    a.staffPerYear = {0, QStringLiteral("not set: staff is estimated per GPU (gpus_per_engineer)")};
    a.facilityUsdPerKwMonth = {196,
        QStringLiteral("Encor Advisors, 'Data Center Colocation Pricing: 2026 Cost Per Rack & kW' "
                       "(encoradvisors.com/data-center-colocation-pricing), quoting industry reporting: 250-500 kW "
                       "colocation deployments in primary North American markets approaching about US$196 per kW "
                       "per month in H2 2025 (secondary); charged on the IT maximum, energy billed separately")};
    a.gpusPerEngineer = {250,
        QStringLiteral("estimate: one operations engineer per 250 GPUs, after the HPC rule of thumb of one FTE per "
                       "~250 processors and 8-12 FTEs for a large stand-alone system (Roskies and Zacharia, "
                       "'Designing and Supporting High-end Computational Facilities', CTWatch Quarterly 2(2), "
                       "May 2006), applied to GPUs")};
    a.engineerUsdPerYear = {200000,
        QStringLiteral("estimate: loaded annual cost of one HPC/ML infrastructure engineer in the US; no source")};
    a.supportPrepaidYears = {3,
        QStringLiteral("estimate: 3 years of support bought with the systems; hardware-specs.md section 10 reads the "
                       "tier table's cost as all-in, reached 'once storage, network and support are added'")};
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
        if (f.member == &CostAssumptions::staffPerYear)
            staffPerYearGiven = true;
        if (f.member == &CostAssumptions::cloudPricePerGpuHour)
            cloudPriceGiven = true;
    }
}

double CostAssumptions::staffCostPerYear(int gpus) const
{
    if (staffPerYearGiven)
        return staffPerYear.value;
    if (gpusPerEngineer.value <= 0)
        return 0;
    return gpus / gpusPerEngineer.value * engineerUsdPerYear.value;
}

QString CostAssumptions::staffFormula(int gpus) const
{
    if (staffPerYearGiven)
        return QStringLiteral("staff per year as given: %1 USD").arg(staffPerYear.value, 0, 'f', 0);
    if (gpusPerEngineer.value <= 0)
        return QStringLiteral("staff not counted (gpus_per_engineer = 0)");
    return QStringLiteral("GPUs / GPUs per engineer x engineer cost = %1 / %2 x %3 = %4 USD")
        .arg(gpus)
        .arg(gpusPerEngineer.value)
        .arg(engineerUsdPerYear.value, 0, 'f', 0)
        .arg(staffCostPerYear(gpus), 0, 'f', 0);
}

QString CostAssumptions::omissions()
{
    return QStringLiteral("not counted: land and building (beyond colocation), network transit and cross-connects, "
                          "software licences beyond the support share, installation, financing and taxes");
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
