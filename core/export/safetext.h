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

namespace pw::safetext {

// A character a terminal acts on instead of showing: C0 controls (newline, ESC starting an escape
// sequence), DEL, C1 controls (U+0080-U+009F, CSI among them), the Unicode line and paragraph
// separators, and the bidirectional overrides, embeddings and isolates (U+202A-U+202E,
// U+2066-U+2069) that reorder what follows them on the line.
[[nodiscard]] inline bool isTerminalControl(char16_t u)
{
    return u < 0x20 || (u >= 0x7f && u < 0xa0) || u == 0x2028 || u == 0x2029 || (u >= 0x202a && u <= 0x202e)
        || (u >= 0x2066 && u <= 0x2069);
}

[[nodiscard]] inline bool hasTerminalControls(const QString& s)
{
    for (QChar c : s)
        if (isTerminalControl(c.unicode()))
            return true;
    return false;
}

// Text for one line of a terminal listing: each control character (isTerminalControl) shown as an
// escape a reader sees, \n, \t, \r, \e or \xHH below U+0100, \uHHHH above, and a backslash doubled
// so that an escape in the text cannot pass for one of ours. Everything else is kept.
[[nodiscard]] inline QString terminalText(const QString& s)
{
    if (!hasTerminalControls(s) && !s.contains(QLatin1Char('\\')))
        return s;
    QString out;
    out.reserve(s.size() + 8);
    for (QChar c : s) {
        const char16_t u = c.unicode();
        if (u == '\\')
            out += QLatin1String("\\\\");
        else if (!isTerminalControl(u))
            out += c;
        else if (u == '\n')
            out += QLatin1String("\\n");
        else if (u == '\t')
            out += QLatin1String("\\t");
        else if (u == '\r')
            out += QLatin1String("\\r");
        else if (u == 0x1b)
            out += QLatin1String("\\e");
        else if (u < 0x100)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace pw::safetext
