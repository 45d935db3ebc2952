#pragma once

#include <QJsonObject>
#include <QString>

namespace pw {

// One number the cost model assumes, with where it came from: a source tag from
// ../shared/reference/hardware-specs.md, "estimate: ..." for our own guesses, or "design" when the
// user set it.
struct Assumption {
    double value = 0;
    QString source;
    bool operator==(const Assumption&) const = default;
};

// What the cost model assumes beyond the design itself. Defaults name their source or say they are
// estimates. The user's values live in design.properties()["assumptions"] with keys "pue",
// "power_price_usd_per_kwh", "years", "utilization", "cloud_price_per_gpu_hour", "support_share",
// "staff_per_year" (USD); command-line options override both.
struct CostAssumptions {
    Assumption pue;
    Assumption powerPriceUsdPerKwh;
    Assumption years;
    Assumption utilization; // 0..1, share of hours the GPUs do useful work
    Assumption cloudPricePerGpuHour; // USD
    Assumption supportShare; // share of capital cost per year
    Assumption staffPerYear; // USD per year; 0 = not counted

    [[nodiscard]] static CostAssumptions defaults();
    // Defaults overlaid with the design's stored assumptions (invalid values are ignored).
    [[nodiscard]] static CostAssumptions ofProperties(const QJsonObject& properties);
    // Overlays the keys present in `json` (the format stored in the design); marks them "design".
    void overlay(const QJsonObject& json, const QString& source = QStringLiteral("design"));

    [[nodiscard]] QJsonObject toJson() const; // values, keys as stored
    [[nodiscard]] QJsonObject sourcesJson() const; // key -> source
};

} // namespace pw
