#include "chartspanel.h"

#include "designanalysis.h"

#include "cost/tiertable.h"
#include "model/designintent.h"
#include "util/money.h"

#include <QLocale>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QPieSeries>
#include <QtCharts/QPieSlice>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace pw::ui {

namespace {

QChartView* makeView(QWidget* parent, const QString& name)
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation); // live updates: animations would lag the edits
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(160);
    return view;
}

void clear(QChart* chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QString money(double usd)
{
    return Money::usd().rounded(usd);
}

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

ChartsPanel::ChartsPanel(DesignAnalysis* analysis, QWidget* parent)
    : QWidget(parent),
      mAnalysis(analysis),
      mTabs(new QTabWidget(this)),
      mTierView(makeView(this, QStringLiteral("tierChart"))),
      mBreakdownView(makeView(this, QStringLiteral("breakdownChart"))),
      mRackView(makeView(this, QStringLiteral("rackPowerChart")))
{
    mTabs->setDocumentMode(true);
    mTabs->addTab(mTierView, tr("Cost vs tiers"));
    mTabs->addTab(mBreakdownView, tr("Cost breakdown"));
    mTabs->addTab(mRackView, tr("Rack power"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTabs);
    connect(mAnalysis, &DesignAnalysis::updated, this, &ChartsPanel::refresh);
    refresh();
}

QChart* ChartsPanel::tierChart() const
{
    return mTierView->chart();
}
QChart* ChartsPanel::breakdownChart() const
{
    return mBreakdownView->chart();
}
QChart* ChartsPanel::rackPowerChart() const
{
    return mRackView->chart();
}

void ChartsPanel::refresh()
{
    refreshTiers();
    refreshBreakdown();
    refreshRacks();
}

void ChartsPanel::refreshTiers()
{
    QChart* chart = tierChart();
    clear(chart);
    const auto& cost = mAnalysis->cost();
    const int gpus = mAnalysis->summary().gpus;
    // The tier table's typical cost is all-in (hardware and the support bought with it): the design is
    // placed by that band (CostReport::allInBand), its mid as the point.
    const Band allIn = cost ? cost->allInBand : Band{};
    const double capex = allIn.mid;
    const bool inference = cost && cost->tier && cost->tier->id == QLatin1String("inference");
    chart->setTitle(cost && cost->tier
            ? tr("All-in cost against the tier table — this design: %1 GPUs, %2 (band %3–%4; %5)")
                  .arg(QLocale().toString(gpus), money(capex), money(allIn.low), money(allIn.high), cost->tier->name)
            : tr("Capital cost against the tier table"));

    const double xMax = std::max(200000.0, gpus * 2.0);
    // Costs in millions of USD: a log axis prints plain numbers (0.1 … 10000), not "$1e+06".
    constexpr double kM = 1e6;
    const double yMin = allIn.low > 0 ? std::min(0.1, allIn.low / kM / 2) : 0.1;
    const double yMax = std::max(1e4, allIn.high / kM * 2);
    auto* x = new QLogValueAxis;
    x->setTitleText(tr("GPUs (log scale)"));
    x->setLabelFormat(QStringLiteral("%g"));
    x->setBase(10);
    x->setRange(1, xMax);
    x->setMinorTickCount(-1);
    auto* y = new QLogValueAxis;
    y->setTitleText(tr("USD M (log)"));
    y->setLabelFormat(QStringLiteral("%g"));
    y->setBase(10);
    y->setRange(yMin, yMax);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    for (const Tier& t : TierTable::rows()) {
        if (t.id == QLatin1String("inference") && !inference)
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
    if (gpus > 0 && capex > 0) {
        // The design is placed by its band (hardware-specs.md section 10): a range bar from the low
        // to the high capital cost, the mid as the point.
        auto* range = new QLineSeries;
        range->setName(tr("Design band"));
        range->setObjectName(QStringLiteral("designBand"));
        QPen rangePen(Qt::black);
        rangePen.setWidthF(4);
        rangePen.setCapStyle(Qt::FlatCap);
        range->setPen(rangePen);
        range->append(gpus, allIn.low / kM);
        range->append(gpus, allIn.high / kM);
        chart->addSeries(range);
        range->attachAxis(x);
        range->attachAxis(y);
        auto* point = new QScatterSeries;
        point->setName(tr("Design"));
        point->setObjectName(QStringLiteral("design"));
        point->setMarkerSize(13);
        point->setColor(Qt::black);
        point->setBorderColor(Qt::white);
        point->append(gpus, capex / kM);
        point->setPointLabelsFormat(QStringLiteral("this design"));
        point->setPointLabelsVisible(true);
        chart->addSeries(point);
        point->attachAxis(x);
        point->attachAxis(y);
    }
}

void ChartsPanel::refreshBreakdown()
{
    QChart* chart = breakdownChart();
    clear(chart);
    const auto& cost = mAnalysis->cost();
    if (!cost) {
        chart->setTitle(tr("Cost breakdown unavailable: %1").arg(mAnalysis->costError()));
        return;
    }
    // The areas are computed once, in core (CostReport::capexByArea); only their colours live here.
    const std::array colors{
        QColor(0x42, 0xa5, 0xf5), QColor(0xab, 0x47, 0xbc), QColor(0x26, 0xa6, 0x9a), QColor(0x8d, 0x6e, 0x63)};
    chart->setTitle(tr("Capital cost by area — total %1").arg(money(cost->capex)));
    auto* pie = new QPieSeries;
    pie->setObjectName(QStringLiteral("breakdown"));
    pie->setHoleSize(0.35);
    for (size_t i = 0; i < cost->capexByArea.size(); ++i) {
        const CapexShare& area = cost->capexByArea[i];
        QPieSlice* slice = pie->append(
            QStringLiteral("%1: %2 (%3%)").arg(area.name, money(area.usd)).arg(100.0 * area.share, 0, 'f', 1),
            area.usd);
        slice->setObjectName(area.name);
        slice->setColor(colors[i % colors.size()]);
        slice->setLabelVisible(area.share >= 0.05); // small slices: the legend says it
    }
    chart->addSeries(pie);
}

void ChartsPanel::refreshRacks()
{
    QChart* chart = rackPowerChart();
    clear(chart);
    std::vector<RackLoad> racks = mAnalysis->racks();
    const int all = int(racks.size());
    if (racks.empty()) {
        chart->setTitle(tr("Rack power: no racks in this design (group nodes into a rack with Ctrl+G)"));
        return;
    }
    if (all > kMaxRackBars) {
        std::stable_sort(
            racks.begin(), racks.end(), [](const RackLoad& a, const RackLoad& b) { return a.powerKw > b.powerKw; });
        racks.resize(kMaxRackBars);
    }
    int over = 0;
    for (const RackLoad& r : mAnalysis->racks())
        over += r.budgetKw > 0 && r.powerKw > r.budgetKw + 1e-9 ? 1 : 0;
    chart->setTitle(
        tr("Maximum power per rack against its budget%1%2")
            .arg(all > kMaxRackBars ? QStringLiteral(" — the %1 most loaded of %2 racks").arg(kMaxRackBars).arg(all)
                                    : QString(),
                over ? QStringLiteral(" — %1 over budget").arg(over) : QString()));

    auto* set = new QBarSet(tr("Maximum power (kW)"));
    set->setObjectName(QStringLiteral("power"));
    set->setColor(QColor(0x42, 0xa5, 0xf5));
    QStringList names;
    double top = 0;
    for (const RackLoad& r : racks) {
        *set << r.powerKw;
        names << r.name;
        top = std::max({top, r.powerKw, r.budgetKw});
    }
    auto* bars = new QBarSeries;
    bars->setObjectName(QStringLiteral("racks"));
    bars->append(set);
    bars->setLabelsVisible(racks.size() <= 16);
    bars->setLabelsFormat(QStringLiteral("@value"));
    bars->setLabelsPrecision(3);
    chart->addSeries(bars);

    auto* categories = new QBarCategoryAxis;
    categories->append(names);
    categories->setTitleText(tr("Rack"));
    auto* y = new QValueAxis;
    y->setTitleText(tr("Power (kW)"));
    y->setRange(0, top > 0 ? top * 1.15 : 1.0);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(categories, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(categories);
    bars->attachAxis(y);

    // The budget as a step line over the bars: a hidden value axis that spans the categories.
    auto* budget = new QLineSeries;
    budget->setName(tr("Budget (kW)"));
    budget->setObjectName(QStringLiteral("budget"));
    QPen pen(QColor(0xc6, 0x28, 0x28));
    pen.setWidthF(2);
    pen.setStyle(Qt::DashLine);
    budget->setPen(pen);
    bool anyBudget = false;
    for (int i = 0; i < int(racks.size()); ++i) {
        if (racks[size_t(i)].budgetKw <= 0)
            continue;
        anyBudget = true;
        budget->append(i - 0.5, racks[size_t(i)].budgetKw);
        budget->append(i + 0.5, racks[size_t(i)].budgetKw);
    }
    if (!anyBudget) {
        delete budget;
        return;
    }
    chart->addSeries(budget);
    auto* span = new QValueAxis;
    span->setRange(-0.5, int(racks.size()) - 0.5);
    span->setVisible(false);
    chart->addAxis(span, Qt::AlignTop);
    budget->attachAxis(span);
    budget->attachAxis(y);
}

} // namespace pw::ui
