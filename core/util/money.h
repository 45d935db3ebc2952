#pragma once

#include <QString>

namespace pw {

// How an amount of money reads, everywhere: the studio, the CLI and the report format amounts
// through this one class, so "$1,613,985" in a table and "$1.6M" on a chart are the same figure.
// Amounts are given in US dollars (the catalog's currency) and converted at `perUsd` units of
// `currency` per dollar; USD, EUR and GBP print their symbol, other codes print after the number.
class Money {
public:
    Money() = default; // US dollars
    Money(QString currency, double perUsd);

    // "$1,613,985" (grouped digits, `decimals` after the point, "-$5" for a negative amount).
    [[nodiscard]] QString exact(double usd, int decimals = 0) const;
    // "$1.6M", "$41.2M", "$215K", "$2.5K", "$950", "$1.2B", "$2.13": for charts, ranges and
    // sentences where the reader wants the size. One decimal below 100 of the unit, none above; a
    // trailing ".0" is dropped ("$50M"); cents below $100 (a cost per GPU-hour).
    [[nodiscard]] QString rounded(double usd) const;

    [[nodiscard]] const QString& currency() const { return mCurrency; }
    [[nodiscard]] double perUsd() const { return mPerUsd; }

    // The formatter for US dollars (the studio and the CLI; the report may convert).
    [[nodiscard]] static const Money& usd();

private:
    [[nodiscard]] QString withSymbol(bool negative, const QString& digits) const;

    QString mCurrency = QStringLiteral("USD");
    double mPerUsd = 1.0;
};

} // namespace pw
