#pragma once

#include <QDir>
#include <QString>
#include <QWidget>

namespace pw::testing {

// Where screenshots go when PODWRIGHT_SCREENSHOTS names a folder (for a person to look at).
inline void screenshot(QWidget* widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("PODWRIGHT_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace pw::testing
