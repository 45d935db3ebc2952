#pragma once

#include <QString>

namespace pw {

// The noun that agrees with a count ("1 switch", "2 switches"). English only, as the studio is;
// the plural is given rather than built by appending "s" (switch/switches, entry/entries).
[[nodiscard]] inline QString plural(long long count, const char* singular, const char* pluralForm)
{
    return QString::fromLatin1(count == 1 || count == -1 ? singular : pluralForm);
}

} // namespace pw
