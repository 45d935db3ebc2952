#pragma once

#include "util/band.h"

#include <QColor>
#include <QString>

#include <vector>

class QChart;

namespace pw::ui {

// One design placed on the tier chart: its GPUs and its all-in cost band (CostReport::allInBand).
struct TierChartDesign {
    QString name; // legend text ("Design", "proposal-v1.podwright")
    QString objectName; // the point series' object name; the band's is objectName + "Band"
    QString pointLabel; // text next to the point ("this design")
    int gpus = 0;
    Band allIn;
    QColor color = Qt::black;
};

// Draws the tier table's typical GPU and cost ranges as shaded bands (log GPU count against log
// all-in cost, in millions of USD) and each design as a range bar (its band) with its mid as a
// point. Clears the chart first; the title is the caller's. The inference row only when asked.
// The Charts dock draws one design, the compare view two, so both read the same drawing.
void drawTierChart(QChart* chart, const std::vector<TierChartDesign>& designs, bool inferenceRow);

// Removes every series and axis of `chart`.
void clearChart(QChart* chart);

} // namespace pw::ui
