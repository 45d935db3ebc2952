#include "placementwarninglabel.h"

#include "placementwarning.h"

#include <QStringList>

namespace pw::ui {

PlacementWarningLabel::PlacementWarningLabel(PlacementWarning* warning, QWidget* parent)
    : QLabel(parent), mWarning(warning)
{
    setObjectName(QStringLiteral("placementWarning"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setMargin(6);
    // Fixed colours: the band reads the same in the light and the dark palette.
    setStyleSheet(QStringLiteral("QLabel { background: #fff3cd; color: #5c4400; border: 1px solid #e0b23b; }"));
    setToolTip(tr("A move made a rack or row concentrate a failure domain of the compute fabric (a rack's "
                  "is the PLACEMENT-FAILURE-DOMAIN finding too). Undo it (Ctrl+Z), or see View > Failure "
                  "Domains for the exact figures of its loss."));
    connect(warning, &PlacementWarning::changed, this, &PlacementWarningLabel::refresh);
    refresh();
}

void PlacementWarningLabel::refresh()
{
    QStringList lines;
    for (const QString& line : mWarning->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        lines << tr("Placement warning: %1").arg(line);
    setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}

} // namespace pw::ui
