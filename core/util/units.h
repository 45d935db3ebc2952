#pragma once

namespace pw {

// A quantity in one unit. The tag keeps watts from being added to dollars; conversions are
// explicit functions so the unit of every number in the code is visible at its use.
template <typename Tag>
class Quantity {
public:
    constexpr Quantity() = default;
    constexpr explicit Quantity(double value) : mValue(value) {}

    [[nodiscard]] constexpr double value() const { return mValue; }

    constexpr Quantity operator+(Quantity o) const { return Quantity(mValue + o.mValue); }
    constexpr Quantity operator-(Quantity o) const { return Quantity(mValue - o.mValue); }
    constexpr Quantity operator*(double f) const { return Quantity(mValue * f); }
    constexpr Quantity operator/(double f) const { return Quantity(mValue / f); }
    constexpr double operator/(Quantity o) const { return mValue / o.mValue; }
    constexpr Quantity& operator+=(Quantity o)
    {
        mValue += o.mValue;
        return *this;
    }
    constexpr Quantity& operator-=(Quantity o)
    {
        mValue -= o.mValue;
        return *this;
    }
    constexpr bool operator==(const Quantity& o) const { return mValue == o.mValue; }
    constexpr bool operator!=(const Quantity& o) const { return mValue != o.mValue; }
    constexpr bool operator<(const Quantity& o) const { return mValue < o.mValue; }
    constexpr bool operator>(const Quantity& o) const { return mValue > o.mValue; }
    constexpr bool operator<=(const Quantity& o) const { return mValue <= o.mValue; }
    constexpr bool operator>=(const Quantity& o) const { return mValue >= o.mValue; }

private:
    double mValue = 0.0;
};

using Watts = Quantity<struct WattsTag>;
using GigabitsPerSecond = Quantity<struct GbpsTag>;
using GigabytesPerSecond = Quantity<struct GBpsTag>;
using Dollars = Quantity<struct DollarsTag>;
using Meters = Quantity<struct MetersTag>;
using Terabytes = Quantity<struct TerabytesTag>;

[[nodiscard]] constexpr double kilowatts(Watts w)
{
    return w.value() / 1000.0;
}
[[nodiscard]] constexpr GigabytesPerSecond toGigabytes(GigabitsPerSecond g)
{
    return GigabytesPerSecond(g.value() / 8.0);
}

} // namespace pw
