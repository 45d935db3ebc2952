#include "catalog/catalog.h"
#include "cost/costmodel.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"

#include <QtTest>

using namespace pw;

// Issue 28 section 2: a design runs its rack-scale systems in the power mode the user picks
// (design property "power_mode", `generate --power-mode`), and every power figure takes their draw
// in that mode, while the racks' feeds are sized from the power shelves (provisioned, not a draw).
// The same GB300 NVL72 scalable unit (8 racks, Quantum-X800 Q3400, no management) in both modes.
// Catalog (dgx-gb300-nvl72 power_modes): max_q 120 kW (estimate), max_p 142 kW (NVIDIA NVL72 AI
// Factory RA), provisioned 8 shelves x 33 kW = 264 kW.
class TestPowerMode : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;

    std::optional<Design> gb300Unit(std::optional<PowerMode> mode)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = 8;
        o.switchSku = QStringLiteral("q3400");
        o.management = false;
        if (mode)
            o.properties = PowerFigures::withMode(o.properties, *mode);
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        if (!r.ok())
            qWarning("%s", qPrintable(r.error));
        return std::move(r.design);
    }

    static std::vector<const RackPower*> nvl72Racks(const Design& d, const PowerFigures& p)
    {
        std::vector<const RackPower*> out;
        d.nodes().forEach([&](const Node& n) {
            if (n.sku == QLatin1String("dgx-gb300-nvl72"))
                out.push_back(p.rack(n.rack));
        });
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        QVERIFY(mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR")).empty());
    }

    // The mode is read from the properties: max-p when absent (every older design), and only
    // max-q is written (max-p is the default).
    void modeIsStoredInTheProperties()
    {
        QVERIFY(PowerFigures::modeOf(QJsonObject{}) == PowerMode::MaxP);
        const QJsonObject q = PowerFigures::withMode(QJsonObject{}, PowerMode::MaxQ);
        QCOMPARE(q.value(QLatin1String(PowerFigures::kModeKey)).toString(), QStringLiteral("max-q"));
        QVERIFY(PowerFigures::modeOf(q) == PowerMode::MaxQ);
        QVERIFY(PowerFigures::withMode(q, PowerMode::MaxP).isEmpty());
        QVERIFY(PowerFigures::modeOf(QJsonObject{{QStringLiteral("power_mode"), QStringLiteral("turbo")}})
            == PowerMode::MaxP);
        QVERIFY(!powerModeFromString(QStringLiteral("max q")));
    }

    // One function gives a node's draw in the mode: a rack-scale system its power_modes figure,
    // anything else its catalog maximum in either mode.
    void drawOfANodeInEachMode()
    {
        const CatalogItem* gb300 = mCatalog->item(QStringLiteral("dgx-gb300-nvl72"));
        const CatalogItem* q3400 = mCatalog->item(QStringLiteral("q3400"));
        QVERIFY(gb300 && q3400);
        QCOMPARE(PowerFigures::maxKwOf(*gb300, PowerMode::MaxP), 142.0);
        QCOMPARE(PowerFigures::maxKwOf(*gb300, PowerMode::MaxQ), 120.0);
        QCOMPARE(PowerFigures::feedKwOf(*gb300), 264.0);
        QCOMPARE(PowerFigures::maxKwOf(*q3400, PowerMode::MaxQ), PowerFigures::maxKwOf(*q3400, PowerMode::MaxP));
    }

    // Each NVL72 rack carries 142 kW (Max-P) or 120 kW (Max-Q) against a 264 kW feed (its power
    // shelves) in both modes: 8 x (142 - 120) = 176 kW less for the racks in Max-Q. The row limit
    // (1,200 kW, the GB300 facility defaults) then decides the floor: the SU's row is its 8 racks, its
    // leaf rack (48 kW: 8 Q3400 leaves) and its loop's 2 CDUs (ceil(liquid / 1,350 kW) + 1 spare, 15 kW
    // each): Max-P 8 x 142 + 48 + 30 = 1,214 kW is over, so the racks split over two rows of 4, each
    // its own coolant loop with 2 CDUs (4 in all); Max-Q 8 x 120 + 48 + 30 = 1,038 kW stays in one
    // row with 2 CDUs. IT load: 176 kW + 2 CDUs x 15 kW = 206 kW less in Max-Q.
    // Liquid heat: 176 x 0.85 (the default liquid share; the entry gives none) = 149.6 kW less.
    // Energy: GB300 has no typical figure, so typical = maximum for every item and the energy falls
    // by 206 kW x PUE 1.56 x 8,760 h = 2,815,113.6 kWh a year, x US$0.081 = US$228,024.20.
    void sameUnitInBothModes()
    {
        const auto maxP = gb300Unit(std::nullopt);
        const auto maxQ = gb300Unit(PowerMode::MaxQ);
        QVERIFY(maxP && maxQ);
        QCOMPARE(maxQ->properties().value(QLatin1String("power_mode")).toString(), QStringLiteral("max-q"));
        QVERIFY(!maxP->properties().contains(QLatin1String("power_mode")));

        const PowerFigures p = PowerFigures::of(*maxP, 1.0);
        const PowerFigures q = PowerFigures::of(*maxQ, 1.0);
        QVERIFY(p.mode == PowerMode::MaxP);
        QVERIFY(q.mode == PowerMode::MaxQ);
        QVERIFY(qAbs((p.itMaxKw - q.itMaxKw) - 206.0) < 1e-6);
        QVERIFY(qAbs((p.itTypicalKw - q.itTypicalKw) - 206.0) < 1e-6);
        QCOMPARE(q.toJson().value(QLatin1String("power_mode")).toString(), QStringLiteral("max-q"));

        const auto racksP = nvl72Racks(*maxP, p);
        const auto racksQ = nvl72Racks(*maxQ, q);
        QCOMPARE(racksP.size(), size_t(8));
        QCOMPARE(racksQ.size(), size_t(8));
        for (size_t i = 0; i < 8; ++i) {
            QVERIFY(racksP[i] && racksQ[i]);
            QCOMPARE(racksP[i]->maxKw, 142.0);
            QCOMPARE(racksQ[i]->maxKw, 120.0);
            QCOMPARE(racksP[i]->budgetKw, 264.0);
            QCOMPARE(racksQ[i]->budgetKw, 264.0);
        }

        const PowerChain chainP = PowerChain::of(*maxP, 1.0);
        const PowerChain chainQ = PowerChain::of(*maxQ, 1.0);
        QVERIFY(qAbs((chainP.liquidKw - chainQ.liquidKw) - 149.6) < 1e-6);
        auto gpuRows = [](const PowerChain& c) {
            int rows = 0;
            for (const RowChain& r : c.rows)
                rows += r.gpus > 0 ? 1 : 0;
            return rows;
        };
        QCOMPARE(gpuRows(chainP), 2);
        QCOMPARE(gpuRows(chainQ), 1);
        QCOMPARE(chainP.cdusPlaced, 4);
        QCOMPARE(chainQ.cdusPlaced, 2);
        for (const RowChain& r : chainP.rows)
            QVERIFY(!chainP.assumptions.rowOverLimit(r.maxKw));
        for (const RowChain& r : chainQ.rows)
            QVERIFY(!chainQ.assumptions.rowOverLimit(r.maxKw));

        const CostAssumptions a = CostAssumptions::defaults();
        QCOMPARE(a.pue.value, 1.56);
        QCOMPARE(a.powerPriceUsdPerKwh.value, 0.081);
        const CostReport costP = CostModel::compute(*maxP, a);
        const CostReport costQ = CostModel::compute(*maxQ, a);
        QVERIFY(qAbs((costP.energyKwhPerYear - costQ.energyKwhPerYear) - 2'815'113.6) < 1e-3);
        QVERIFY(qAbs((costP.energyCostPerYear - costQ.energyCostPerYear) - 228'024.2016) < 0.01);
    }
};

QTEST_GUILESS_MAIN(TestPowerMode)
#include "tst_powermode.moc"
