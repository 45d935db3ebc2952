#include "placementwarning.h"

#include "designdocument.h"

#include <QStringList>

namespace pw::ui {

PlacementWarning::PlacementWarning(DesignDocument* document, QObject* parent) : QObject(parent), mDocument(document)
{
    // resetDone comes before changed(): the replaced design is the new baseline.
    connect(document, &DesignDocument::resetDone, this, [this] { mRebase = true; });
    connect(document, &DesignDocument::changed, this, &PlacementWarning::check);
    check();
}

QString PlacementWarning::text() const
{
    QStringList lines;
    for (const PlacementConcentration& c : mWarned)
        lines << c.message();
    return lines.join(QLatin1Char('\n'));
}

void PlacementWarning::check()
{
    std::vector<PlacementConcentration> now = PlacementCheck::ofRacksAndRows(mDocument->design());
    const QString before = text();
    if (mRebase) {
        mBaseline = std::move(now);
        mWarned.clear();
        mRebase = false;
    } else {
        mWarned = PlacementCheck::introduced(mBaseline, now);
    }
    if (text() != before)
        Q_EMIT changed();
}

} // namespace pw::ui
