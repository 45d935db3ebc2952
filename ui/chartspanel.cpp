#include "chartspanel.h"

#include "designanalysis.h"
#include "tierchart.h"

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

QString money(double usd)
{
    return Money::usd().rounded(usd);
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
    clearChart(chart);
    const auto& cost = mAnalysis->cost();
    const int gpus = mAnalysis->summary().gpus;
    // The tier table's typical cost is all-in (hardware and the support bought with it): the design is
    // placed by that band (CostReport::allInBand), its mid as the point.
    const Band allIn = cost ? cost->allInBand : Band{};
    const double capex = allIn.mid;
    const bool inference = cost && cost->tier && cost->tier->id == QLatin1String("inference");
    // The facility power beside the cost: the power chain's figure (IT maximum x PUE), which also
    // prices the energy and the facility in the ownership cost.
    const auto& power = mAnalysis->figures().power;
    const QString facility = power ? tr("; facility %1 kW at PUE %2")
                                         .arg(QLocale().toString(power->figures.facilityMaxKw, 'f', 1))
                                         .arg(power->figures.pue)
                                   : QString();
    chart->setTitle(cost && cost->tier
            ? tr("All-in cost against the tier table — this design: %1 GPUs, %2 (band %3–%4; %5)%6")
                  .arg(QLocale().toString(gpus), money(capex), money(allIn.low), money(allIn.high), cost->tier->name,
                      facility)
            : tr("Capital cost against the tier table"));

    std::vector<TierChartDesign> designs;
    if (gpus > 0 && capex > 0)
        designs.push_back(TierChartDesign{
            QStringLiteral("Design"), QStringLiteral("design"), QStringLiteral("this design"), gpus, allIn, Qt::black});
    drawTierChart(chart, designs, inference);
}

void ChartsPanel::refreshBreakdown()
{
    QChart* chart = breakdownChart();
    clearChart(chart);
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
    clearChart(chart);
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
