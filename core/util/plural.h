#pragma once

#include <QLocale>
#include <QString>

namespace pw {

// The noun that agrees with a count ("1 switch", "2 switches"). English only, as the studio is;
// the plural is given rather than built by appending "s" (switch/switches, entry/entries).
[[nodiscard]] inline QString plural(long long count, const char* singular, const char* pluralForm)
{
    return QString::fromLatin1(count == 1 || count == -1 ? singular : pluralForm);
}

// The count and its noun, digits grouped as the report and the CLI print them: "1 rack",
// "1,024 racks". The one helper the CLI, the studio and the PDF write a counted noun with.
[[nodiscard]] inline QString counted(long long count, const char* singular, const char* pluralForm)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(count) + QLatin1Char(' ') + plural(count, singular, pluralForm);
}

} // namespace pw
