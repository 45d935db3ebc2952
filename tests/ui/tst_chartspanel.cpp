// The Charts dock: the tier chart's bands and design point, the cost breakdown and the rack power
// bars are the cost report's and the racks' numbers, and they follow edits.
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"
#include "integration/helpers/clirunner.h"

#include "chartspanel.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "legendwidget.h"
#include "networkpalette.h"

#include "commands/setdesignpropertiescommand.h"
#include "cost/costmodel.h"
#include "cost/tiertable.h"
#include "model/designintent.h"
#include "util/money.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QPieSeries>
#include <QtCharts/QPieSlice>
#include <QtCharts/QScatterSeries>

#include <map>

using namespace pw;
using namespace pw::ui;

class TestChartsPanel : public QObject {
    Q_OBJECT

    template <typename S>
    static S* series(QChart* chart, const QString& name)
    {
        for (QAbstractSeries* s : chart->series())
            if (s->objectName() == name)
                return qobject_cast<S*>(s);
        return nullptr;
    }

    static CostReport costOf(const Design& d)
    {
        return CostModel::compute(d, CostAssumptions::ofProperties(d.properties()));
    }

private Q_SLOTS:
    void tierChartShowsTheTiersAndTheDesign()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        w->action(QStringLiteral("actionShowCharts"))->trigger();
        QVERIFY(w->chartsDock()->isVisible());
        const CostReport cost = costOf(w->document()->design());
        QChart* chart = w->chartsPanel()->tierChart();
        QVERIFY(!chart->title().isEmpty());
        QCOMPARE(chart->axes(Qt::Horizontal).size(), 1);
        QVERIFY(chart->axes(Qt::Horizontal).first()->titleText().contains(QStringLiteral("GPUs")));
        QVERIFY(chart->axes(Qt::Vertical).first()->titleText().contains(QStringLiteral("USD")));

        auto* point = series<QScatterSeries>(chart, QStringLiteral("design"));
        QVERIFY(point);
        QCOMPARE(point->count(), 1);
        QCOMPARE(point->at(0), QPointF(cost.gpus, cost.allInBand.mid / 1e6)); // millions of USD, all-in
        QCOMPARE(cost.gpus, 16);
        // The design placed by its capital-cost band (hardware-specs.md section 10): a range bar
        // from the low to the high end at its GPU count, wider than a point.
        auto* range = series<QLineSeries>(chart, QStringLiteral("designBand"));
        QVERIFY(range);
        QCOMPARE(range->count(), 2);
        QCOMPARE(range->at(0), QPointF(cost.gpus, cost.allInBand.low / 1e6));
        QCOMPARE(range->at(1), QPointF(cost.gpus, cost.allInBand.high / 1e6));
        QVERIFY(cost.allInBand.low < cost.allInBand.high);
        QVERIFY(cost.allInBand.mid > cost.capex); // hardware plus the support bought with it

        // Every training tier as a band spanning its GPU and typical cost ranges; no inference row.
        for (const Tier& t : TierTable::rows()) {
            auto* band = series<QAreaSeries>(chart, t.id);
            if (t.id == QLatin1String("inference")) {
                QVERIFY(!band);
                continue;
            }
            QVERIFY2(band, qPrintable(t.id));
            QCOMPARE(band->lowerSeries()->at(0), QPointF(std::max(1, t.minGpus), t.typicalCostMin / 1e6));
            if (t.maxGpus)
                QCOMPARE(band->upperSeries()->at(1).x(), double(*t.maxGpus));
            if (t.typicalCostMax)
                QCOMPARE(band->upperSeries()->at(0).y(), *t.typicalCostMax / 1e6);
        }

        // An inference cluster: its row appears (undoable property change, charts follow).
        DesignIntent intent = DesignIntent::ofProperties(w->document()->design().properties());
        intent.clusterType = ClusterType::Inference;
        QJsonObject props = w->document()->design().properties();
        props.insert(QStringLiteral("intent"), intent.toJson());
        QVERIFY(w->document()
                    ->execute(std::make_unique<SetDesignPropertiesCommand>(QStringLiteral("inference"), props))
                    .ok);
        QVERIFY2(testing::waitUntil(
                     [&] {
                         return series<QAreaSeries>(w->chartsPanel()->tierChart(), QStringLiteral("inference"))
                             != nullptr;
                     },
                     w->analysis(), &DesignAnalysis::updated),
            "the inference row after the analysis update");
        QVERIFY(w->chartsPanel()->tierChart()->title().contains(TierTable::row(QStringLiteral("inference")).name));
    }

    void breakdownSumsToTheCapitalCost()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        const CostReport cost = costOf(w->document()->design());
        QChart* chart = w->chartsPanel()->breakdownChart();
        auto* pie = series<QPieSeries>(chart, QStringLiteral("breakdown"));
        QVERIFY(pie);
        QCOMPARE(pie->count(), 4);
        QVERIFY(qAbs(pie->sum() - cost.capex) < 0.01);
        std::map<QString, double> slices;
        for (QPieSlice* s : pie->slices())
            slices[s->objectName()] = s->value();
        const BillOfMaterials& bom = cost.bom;
        QVERIFY(qAbs(slices[QStringLiteral("Compute")]
                    - (bom.totalOf(QStringLiteral("servers")) + bom.totalOf(QStringLiteral("nics"))))
            < 0.01);
        QVERIFY(qAbs(slices[QStringLiteral("Network")]
                    - (bom.totalOf(QStringLiteral("switches")) + bom.totalOf(QStringLiteral("cables"))
                        + bom.totalOf(QStringLiteral("transceivers"))))
            < 0.01);
        QVERIFY(qAbs(slices[QStringLiteral("Storage")] - bom.totalOf(QStringLiteral("storage"))) < 0.01);
        QVERIFY(slices[QStringLiteral("Compute")] > 0 && slices[QStringLiteral("Network")] > 0
            && slices[QStringLiteral("Storage")] > 0);
    }

    // Issue 13: one money formatter. The chart's total, the CLI's `cost` and `catalog show` read the
    // same amount the same way ("$1.6M" rounded on a chart, "$1,613,985" exact in a table).
    void amountsReadTheSameInTheStudioAndTheCli()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        const CostReport cost = costOf(w->document()->design());
        QVERIFY(cost.capex > 1e6);
        const QString title = w->chartsPanel()->breakdownChart()->title();
        QVERIFY2(title.endsWith(QStringLiteral("total %1").arg(Money::usd().rounded(cost.capex))), qPrintable(title));
        QVERIFY2(title.contains(QRegularExpression(QStringLiteral("\\$\\d+(\\.\\d)?M$"))), qPrintable(title));

        const test::CliResult r = test::runCli({QStringLiteral("cost"), testing::samplePath()});
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains(QStringLiteral("Capital cost         %1").arg(Money::usd().exact(cost.capex))),
            qPrintable(text));
    }

    // Issue 13: one network colour table. The canvas legend and the CLI's SVG export draw each network
    // in NetworkPalette's colour (the PDF and the export used to draw a different blue).
    void networksHaveOneColourInTheStudioAndTheExport()
    {
        LegendWidget legend;
        legend.resize(legend.sizeHint());
        const QImage shown = legend.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QSet<QRgb> pixels;
        for (int y = 0; y < shown.height(); ++y)
            for (int x = 0; x < shown.width(); ++x)
                pixels.insert(shown.pixel(x, y) & 0xffffff);
        for (Network n : NetworkPalette::legendNetworks())
            QVERIFY2(pixels.contains(NetworkPalette::color(n).rgb() & 0xffffff), qPrintable(NetworkPalette::label(n)));

        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("sample.svg"));
        const test::CliResult r = test::runCli({QStringLiteral("export"), testing::samplePath(),
            QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("-o"), svg});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray drawn = f.readAll();
        for (Network n : {Network::Compute, Network::InBand, Network::OutOfBand})
            QVERIFY2(drawn.contains(NetworkPalette::color(n).name().toLatin1()), qPrintable(NetworkPalette::label(n)));
    }

    void rackPowerBarsAreTheRackSums()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        const Design& d = w->document()->design();
        std::map<quint32, double> kw;
        d.nodes().forEach([&](const Node& n) {
            if (n.rack.isValid())
                kw[n.rack.value()] += d.item(n.sku)->maxPower().value() / 1000.0;
        });
        QCOMPARE(kw.size(), size_t(1));
        const Group* rack = d.group(GroupId(kw.begin()->first));
        QChart* chart = w->chartsPanel()->rackPowerChart();
        auto* bars = series<QBarSeries>(chart, QStringLiteral("racks"));
        QVERIFY(bars);
        QCOMPARE(bars->barSets().size(), 1);
        QBarSet* set = bars->barSets().first();
        QCOMPARE(set->count(), 1);
        QVERIFY(qAbs(set->at(0) - kw.begin()->second) < 1e-6);
        QVERIFY(kw.begin()->second > 1);
        auto* budget = series<QLineSeries>(chart, QStringLiteral("budget"));
        QVERIFY(budget);
        QCOMPARE(budget->count(), 2);
        QCOMPARE(budget->at(0).y(), rack->powerBudgetKw);
        QCOMPARE(rack->powerBudgetKw, 40.0);
        QVERIFY(chart->axes(Qt::Vertical).first()->titleText().contains(QStringLiteral("kW")));
    }
};

QTEST_MAIN(TestChartsPanel)
#include "tst_chartspanel.moc"
