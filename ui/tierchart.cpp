#include "tierchart.h"

#include "cost/tiertable.h"

#include <QCoreApplication>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>

namespace pw::ui {

namespace {

QColor tierColor(const QString& id)
{
    if (id == QLatin1String("development"))
        return QColor(0x66, 0xbb, 0x6a);
    if (id == QLatin1String("mid-scale"))
        return QColor(0x42, 0xa5, 0xf5);
    if (id == QLatin1String("large-scale"))
        return QColor(0xab, 0x47, 0xbc);
    if (id == QLatin1String("hyperscale"))
        return QColor(0xef, 0x53, 0x50);
    return QColor(0xff, 0xa7, 0x26); // inference
}

} // namespace

void clearChart(QChart* chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

void drawTierChart(QChart* chart, const std::vector<TierChartDesign>& designs, bool inferenceRow)
{
    clearChart(chart);
    int maxGpus = 0;
    double lowest = 0;
    double highest = 0;
    for (const TierChartDesign& d : designs) {
        maxGpus = std::max(maxGpus, d.gpus);
        if (d.allIn.low > 0)
            lowest = lowest > 0 ? std::min(lowest, d.allIn.low) : d.allIn.low;
        highest = std::max(highest, d.allIn.high);
    }
    const double xMax = std::max(200000.0, maxGpus * 2.0);
    // Costs in millions of USD: a log axis prints plain numbers (0.1 … 10000), not "$1e+06".
    constexpr double kM = 1e6;
    const double yMin = lowest > 0 ? std::min(0.1, lowest / kM / 2) : 0.1;
    const double yMax = std::max(1e4, highest / kM * 2);
    auto* x = new QLogValueAxis;
    x->setTitleText(QCoreApplication::translate("TierChart", "GPUs (log scale)"));
    x->setLabelFormat(QStringLiteral("%g"));
    x->setBase(10);
    x->setRange(1, xMax);
    x->setMinorTickCount(-1);
    auto* y = new QLogValueAxis;
    y->setTitleText(QCoreApplication::translate("TierChart", "USD M (log)"));
    y->setLabelFormat(QStringLiteral("%g"));
    y->setBase(10);
    y->setRange(yMin, yMax);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    for (const Tier& t : TierTable::rows()) {
        if (t.id == QLatin1String("inference") && !inferenceRow)
            continue; // the inference row only for inference clusters
        const double x0 = std::max(1, t.minGpus);
        const double x1 = t.maxGpus ? double(*t.maxGpus) : xMax;
        const double y0 = t.typicalCostMin / kM;
        const double y1 = t.typicalCostMax ? *t.typicalCostMax / kM : yMax;
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->append(x0, y1);
        upper->append(x1, y1);
        lower->append(x0, y0);
        lower->append(x1, y0);
        auto* band = new QAreaSeries(upper, lower);
        // QAreaSeries does not own its boundary series (LeakSanitizer found them leaked).
        upper->setParent(band);
        lower->setParent(band);
        band->setName(QStringLiteral("%1 (%2)").arg(t.name, t.id));
        band->setObjectName(t.id);
        QColor fill = tierColor(t.id);
        fill.setAlpha(70);
        band->setBrush(fill);
        QPen pen(tierColor(t.id));
        pen.setWidthF(1.2);
        band->setPen(pen);
        chart->addSeries(band);
        band->attachAxis(x);
        band->attachAxis(y);
    }
    for (const TierChartDesign& d : designs) {
        if (d.gpus <= 0 || d.allIn.mid <= 0)
            continue;
        // The design is placed by its band (hardware-specs.md section 10): a range bar from the low
        // to the high capital cost, the mid as the point.
        auto* range = new QLineSeries;
        range->setName(QStringLiteral("%1 band").arg(d.name));
        range->setObjectName(d.objectName + QStringLiteral("Band"));
        QPen rangePen(d.color);
        rangePen.setWidthF(4);
        rangePen.setCapStyle(Qt::FlatCap);
        range->setPen(rangePen);
        range->append(d.gpus, d.allIn.low / kM);
        range->append(d.gpus, d.allIn.high / kM);
        chart->addSeries(range);
        range->attachAxis(x);
        range->attachAxis(y);
        auto* point = new QScatterSeries;
        point->setName(d.name);
        point->setObjectName(d.objectName);
        point->setMarkerSize(13);
        point->setColor(d.color);
        point->setBorderColor(Qt::white);
        point->append(d.gpus, d.allIn.mid / kM);
        point->setPointLabelsFormat(d.pointLabel);
        point->setPointLabelsVisible(!d.pointLabel.isEmpty());
        chart->addSeries(point);
        point->attachAxis(x);
        point->attachAxis(y);
    }
}

} // namespace pw::ui
