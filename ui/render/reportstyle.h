#pragma once

#include <QColor>
#include <QFont>
#include <QString>

namespace pw::reportstyle {

// The proposal's palette and its one typeface, shared by the page flow, tables, charts and sections.
inline const QColor kInk(0x1d, 0x23, 0x2b);
inline const QColor kMuted(0x5f, 0x6b, 0x78);
inline const QColor kAccent(0x1f, 0x5f, 0xbf);
inline const QColor kRule(0xc9, 0xd1, 0xda);
inline const QColor kZebra(0xf4, 0xf6, 0xf9);
inline const QColor kError(0xc0, 0x2b, 0x2b);
inline const QColor kWarning(0xc7, 0x7c, 0x00);
inline const QColor kInfo(0x2b, 0x6c, 0xb0);
inline const QColor kOk(0x2e, 0x8b, 0x57);

inline QFont font(double pt, bool bold = false, bool italic = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pt);
    f.setBold(bold);
    f.setItalic(italic);
    return f;
}

} // namespace pw::reportstyle
