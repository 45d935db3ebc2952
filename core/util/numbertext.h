#pragma once

#include <QString>

namespace pw {

// "1.50" -> "1.5", "2.000" -> "2", "250,000" unchanged: a figure printed with a fixed number of
// decimals, without the zeros that add nothing (the report's and the comparison's readable numbers).
[[nodiscard]] inline QString withoutTrailingZeros(QString t)
{
    if (t.contains(QLatin1Char('.'))) {
        while (t.endsWith(QLatin1Char('0')))
            t.chop(1);
        if (t.endsWith(QLatin1Char('.')))
            t.chop(1);
    }
    return t;
}

} // namespace pw
