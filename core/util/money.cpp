#include "util/money.h"

#include <QLocale>

#include <array>
#include <cmath>
#include <utility>

namespace pw {

namespace {

// Amounts read the same on every machine: grouped with commas, a point before the cents.
const QLocale& digits()
{
    static const QLocale l(QLocale::English, QLocale::UnitedStates);
    return l;
}

} // namespace

Money::Money(QString currency, double perUsd) : mCurrency(std::move(currency)), mPerUsd(perUsd)
{
    if (mCurrency.trimmed().isEmpty())
        mCurrency = QStringLiteral("USD");
    if (!(mPerUsd > 0) || !std::isfinite(mPerUsd))
        mPerUsd = 1.0;
}

const Money& Money::usd()
{
    static const Money m;
    return m;
}

QString Money::withSymbol(bool negative, const QString& number) const
{
    const QString sign = negative ? QStringLiteral("-") : QString();
    if (mCurrency == QLatin1String("USD"))
        return sign + QLatin1Char('$') + number;
    if (mCurrency == QLatin1String("EUR"))
        return sign + QChar(0x20AC) + number;
    if (mCurrency == QLatin1String("GBP"))
        return sign + QChar(0x00A3) + number;
    return sign + number + QLatin1Char(' ') + mCurrency;
}

QString Money::exact(double usd, int decimals) const
{
    const double v = usd * mPerUsd;
    const QString number = digits().toString(std::abs(v), 'f', decimals);
    // "-$0" reads as a debt; an amount that rounds to zero has no sign.
    const bool negative = v < 0 && number != digits().toString(0.0, 'f', decimals);
    return withSymbol(negative, number);
}

QString Money::rounded(double usd) const
{
    const double v = usd * mPerUsd;
    const double a = std::abs(v);
    constexpr std::array<std::pair<double, char>, 3> kUnits{{{1e9, 'B'}, {1e6, 'M'}, {1e3, 'K'}}};
    for (std::size_t i = 0; i < kUnits.size(); ++i) {
        const auto [scale, unit] = kUnits[i];
        if (a < scale)
            continue;
        const double scaled = a / scale;
        const int decimals = scaled < 100 ? 1 : 0;
        QString n = QString::number(scaled, 'f', decimals);
        // 999,960 rounds to "1000K": say "1M" instead.
        if (i > 0 && n.toDouble() >= 1000) {
            const auto [upScale, upUnit] = kUnits[i - 1];
            n = QString::number(a / upScale, 'f', 1);
            if (n.endsWith(QLatin1String(".0")))
                n.chop(2);
            return withSymbol(v < 0, n + QLatin1Char(upUnit));
        }
        if (n.endsWith(QLatin1String(".0")))
            n.chop(2);
        return withSymbol(v < 0, n + QLatin1Char(unit));
    }
    // Below a hundred the cents matter (a cost per GPU-hour of $2.13), unless there are none ($48).
    QString n = QString::number(a, 'f', a > 0 && a < 100 ? 2 : 0);
    if (n.endsWith(QLatin1String(".00"))) // also 99.996 -> "100.00" and 0.001 -> "0.00"
        n.chop(3);
    if (n == QLatin1String("1000"))
        return withSymbol(v < 0, QStringLiteral("1K"));
    return withSymbol(v < 0 && n != QLatin1String("0"), n);
}

} // namespace pw
