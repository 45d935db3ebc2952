#pragma once

#include <QJsonObject>

namespace pw {

// An estimate as a band: the low and high ends around a point estimate (mid). Where no vendor list
// price exists the sources disagree by up to 1.6x (hardware-specs.md section 10), so prices and the
// costs built from them are carried as bands; `mid` is the figure every single-number view shows.
// Invariant: low <= mid <= high.
struct Band {
    double low = 0;
    double mid = 0;
    double high = 0;

    [[nodiscard]] static constexpr Band point(double v) { return Band{v, v, v}; }
    [[nodiscard]] constexpr bool isPoint() const { return low == mid && mid == high; }
    [[nodiscard]] constexpr bool overlaps(double from, double to) const { return high >= from && low <= to; }

    constexpr Band operator+(const Band& o) const { return Band{low + o.low, mid + o.mid, high + o.high}; }
    constexpr Band operator+(double v) const { return Band{low + v, mid + v, high + v}; }
    constexpr Band operator*(double f) const { return Band{low * f, mid * f, high * f}; }
    constexpr Band operator/(double f) const { return Band{low / f, mid / f, high / f}; }
    constexpr Band& operator+=(const Band& o)
    {
        low += o.low;
        mid += o.mid;
        high += o.high;
        return *this;
    }
    constexpr bool operator==(const Band&) const = default;

    [[nodiscard]] QJsonObject toJson() const
    {
        return QJsonObject{{QStringLiteral("low"), low}, {QStringLiteral("mid"), mid}, {QStringLiteral("high"), high}};
    }
};

} // namespace pw
