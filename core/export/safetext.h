#pragma once

#include <QString>

namespace pw::safetext {

// Control characters (C0, DEL, C1 and the Unicode line and paragraph separators) removed. Every
// value written into a line-oriented format (CSV, Slurm topology.conf, the P2P list) goes through
// this, so a newline in a name cannot start a record or a directive of its own.
[[nodiscard]] inline QString stripControls(const QString& s)
{
    auto control = [](QChar c) {
        const char16_t u = c.unicode();
        return u < 0x20 || (u >= 0x7f && u < 0xa0) || u == 0x2028 || u == 0x2029;
    };
    bool any = false;
    for (QChar c : s)
        if (control(c)) {
            any = true;
            break;
        }
    if (!any)
        return s;
    QString out;
    out.reserve(s.size());
    for (QChar c : s)
        if (!control(c))
            out += c;
    return out;
}

// A spreadsheet treats a cell starting with =, +, -, @, tab or CR as a formula. The OWASP rule:
// such a cell gets a leading single quote, so it shows as text and never runs.
[[nodiscard]] inline QString neutralizeFormula(const QString& s)
{
    if (s.isEmpty())
        return s;
    const QChar c = s.front();
    if (c == QLatin1Char('=') || c == QLatin1Char('+') || c == QLatin1Char('-') || c == QLatin1Char('@')
        || c == QLatin1Char('\t') || c == QLatin1Char('\r'))
        return QLatin1Char('\'') + s;
    return s;
}

// Text safe inside an XML element or attribute: markup characters escaped, and the characters
// XML 1.0 forbids (C0 controls other than tab, LF, CR) removed.
[[nodiscard]] inline QString xmlText(const QString& s)
{
    QString out;
    out.reserve(s.size());
    for (QChar c : s) {
        const char16_t u = c.unicode();
        if (u < 0x20 && u != 0x09 && u != 0x0a && u != 0x0d)
            continue;
        if (u == 0xfffe || u == 0xffff)
            continue;
        switch (u) {
        case '<':
            out += QLatin1String("&lt;");
            break;
        case '>':
            out += QLatin1String("&gt;");
            break;
        case '&':
            out += QLatin1String("&amp;");
            break;
        case '"':
            out += QLatin1String("&quot;");
            break;
        case '\'':
            out += QLatin1String("&apos;");
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace pw::safetext
