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
    setToolTip(tr("A move made this rack concentrate a failure domain of the compute fabric "
                  "(PLACEMENT-FAILURE-DOMAIN). Undo the move (Ctrl+Z), or see Findings and View > Failure Domains."));
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
