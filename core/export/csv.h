#pragma once

#include "export/safetext.h"

#include <QString>
#include <QStringList>

namespace pw::csv {

// RFC 4180 quoting: a field with a comma or a double quote is enclosed in double quotes, with
// inner quotes doubled. Records end with CRLF, as the RFC asks (every CSV reader accepts it).
// Our files are opened in spreadsheets by installers and buyers, so every cell is made inert first:
// control characters (newlines, NUL) are removed and formula cells neutralised (safetext).
[[nodiscard]] inline QString field(const QString& value)
{
    const QString s = safetext::neutralizeFormula(safetext::stripControls(value));
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))
        && !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

[[nodiscard]] inline QString record(const QStringList& fields)
{
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += QLatin1Char(',');
        line += field(fields.at(i));
    }
    return line + QLatin1String("\r\n");
}

// Parses RFC 4180 text into records of fields (quoted fields may hold commas, quotes and newlines).
// Used by tests and importers; tolerant of LF-only line ends.
[[nodiscard]] inline QList<QStringList> parse(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString cur;
    bool quoted = false;
    bool any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    cur += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                cur += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
            any = true;
        } else if (c == QLatin1Char(',')) {
            row << cur;
            cur.clear();
            any = true;
        } else if (c == QLatin1Char('\r')) {
            // part of CRLF
        } else if (c == QLatin1Char('\n')) {
            row << cur;
            rows << row;
            row.clear();
            cur.clear();
            any = false;
        } else {
            cur += c;
            any = true;
        }
    }
    if (any || !row.isEmpty()) {
        row << cur;
        rows << row;
    }
    return rows;
}

} // namespace pw::csv
