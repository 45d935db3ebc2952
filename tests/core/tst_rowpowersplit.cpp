#include "cost/powerfigures.h"
#include "facility/facilityassumptions.h"
#include "facility/powerchain.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "generate/rowpowersplit.h"
#include "helpers/testcatalog.h"
#include "validate/designrules.h"

#include <QtTest>

#include <set>

using namespace pw;

// Issue 17, section 1: the generator places racks under the row limit (FacilityAssumptions
// row_limit_kw, 1,200 kW by default). A scalable unit whose one row would draw more is split evenly
// over the fewest rows that each stay under it; a rack over the limit on its own cannot be helped,
// and POWER-ROW-LIMIT says so. The row's kW is PowerChain's (the sum of its racks' PowerFigures and
// its CDUs), before the design exists (RowPowerSplit) and after (the rule).
class TestRowPowerSplit : public QObject {
    Q_OBJECT

    // A GB300 NVL72 scalable unit as the generator plans it with two planes on SN5600: its network
    // rack of 24 SN5600 leaves (2 planes x 12, 2.1 kW each = 50.4 kW, air-cooled), 8 NVL72 racks of
    // 142 kW (liquid share 0.85 of the catalog's estimate: 120.7 kW each to liquid), CDUs of
    // 15 kW and 1,350 kW, one spare per loop, 8 racks per loop.
    static std::vector<PlannedRack> head() { return {{50.4, 0}}; }
    static std::vector<PlannedRack> nvl72Racks(int n) { return std::vector<PlannedRack>(n, {142, 142 * 0.85}); }
    static RowCdus cdus() { return {15, 1350, 1, 8}; }
    static FacilityAssumptions limit(double kw)
    {
        FacilityAssumptions a = FacilityAssumptions::defaults();
        a.rowLimitKw.value = kw;
        return a;
    }

    static GenerateResult gb300(int racks, const QJsonObject& chain = {})
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-gb300-nvl72");
        o.nodes = racks;
        o.switchSku = QStringLiteral("sn5600");
        o.planes = 2;
        if (!chain.isEmpty())
            o.properties.insert(QLatin1String(FacilityAssumptions::kKey), chain);
        return FabricGenerator::generate(o, test::shippedCatalog());
    }
    static PowerChain chainOf(const Design& d) { return PowerChain::of(d, 1.0); }
    static int findings(const Design& d, const char* code)
    {
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        int n = 0;
        for (const Finding& f : validate(d, vo))
            n += f.code == QLatin1String(code);
        return n;
    }
    static QStringList rowNames(const PowerChain& c)
    {
        QStringList names;
        for (const RowChain& r : c.rows)
            names << r.name;
        return names;
    }

private Q_SLOTS:
    void rowKwAddsUpAsThePowerChainDoes()
    {
        // 50.4 + 8 x 142 = 1,186.4 kW of racks; one loop of 8 x 120.7 = 965.6 kW of liquid heat:
        // ceil(965.6 / 1,350) = 1 CDU + 1 spare = 2 x 15 kW = 30 kW; the row: 1,216.4 kW.
        std::vector<PlannedRack> row = head();
        for (const PlannedRack& r : nvl72Racks(8))
            row.push_back(r);
        QCOMPARE(RowPowerSplit::rowKw(row, cdus()), 1216.4);
        // 4 racks per loop: two loops, each 1 + 1 CDUs: 1,186.4 + 4 x 15 = 1,246.4 kW.
        RowCdus small = cdus();
        small.racksPerLoop = 4;
        QCOMPARE(RowPowerSplit::rowKw(row, small), 1246.4);
        // No CDU in the catalog: racks only.
        QCOMPARE(RowPowerSplit::rowKw(row, RowCdus{}), 1186.4);
    }

    void splitsEvenlyOverTheFewestRowsUnderTheLimit()
    {
        // 1,200 kW: one row would draw 1,216.4 kW. Two rows of 4 racks: the first 50.4 + 4 x 142
        // + 2 x 15 (its loop: 482.8 kW of liquid, 1 + 1 CDUs) = 648.4 kW, the second 568 + 30 =
        // 598 kW, both under.
        RowPowerSplit::Split s = RowPowerSplit::of(head(), nvl72Racks(8), cdus(), limit(1200));
        QCOMPARE(s.unsplitKw, 1216.4);
        QCOMPARE(s.serverRacks, (std::vector<int>{4, 4}));
        QVERIFY(!s.cannotHelp);
        // 600 kW: two rows of 4 are over (648.4 kW); three rows, 8 = 2 + 3 + 3 (the head's row the
        // smaller): 50.4 + 2 x 142 + 30 = 364.4 kW, then 3 x 142 + 30 = 456 kW twice.
        s = RowPowerSplit::of(head(), nvl72Racks(8), cdus(), limit(600));
        QCOMPARE(s.serverRacks, (std::vector<int>{2, 3, 3}));
        // Under the limit, or no limit (0): one row.
        QCOMPARE(RowPowerSplit::of(head(), nvl72Racks(8), cdus(), limit(1300)).serverRacks, std::vector<int>{8});
        QCOMPARE(RowPowerSplit::of(head(), nvl72Racks(8), cdus(), limit(0)).serverRacks, std::vector<int>{8});
        // 150 kW: one rack and its loop's 2 CDUs are 142 + 30 = 172 kW on their own; no split
        // helps, so the unit keeps one row and the rule says why.
        s = RowPowerSplit::of(head(), nvl72Racks(8), cdus(), limit(150));
        QCOMPARE(s.serverRacks, std::vector<int>{8});
        QVERIFY(s.cannotHelp);
    }

    // The generated two-plane GB300 NVL72 SU: before, one row of 1,216.4 kW (and POWER-ROW-LIMIT
    // straight out of the generator); now two rows, each under 1,200 kW.
    void generatedGb300SuStaysUnderTheRowLimit()
    {
        const GenerateResult r = gb300(8);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerChain c = chainOf(*r.design);
        QCOMPARE(rowNames(c).filter(QRegularExpression(QStringLiteral("^U001"))),
            (QStringList{QStringLiteral("U001"), QStringLiteral("U001b")}));
        for (const RowChain& row : c.rows)
            QVERIFY2(row.maxKw <= 1200, qPrintable(QStringLiteral("%1: %2 kW").arg(row.name).arg(row.maxKw)));
        // U001: the network rack, 4 NVL72 racks (568 kW) and its loop's 2 CDUs (30 kW); U001b: 4
        // racks and 2 CDUs, 598 kW. The network rack holds half the unit's 24 leaves since issue 26
        // (the other 12 stand in the management rack, so no rack lost cuts an NVL72 rack off):
        // 12 x 2.1 = 25.2 kW, an out-of-band SN2201 (0.18 kW) and its 2 PDUs (0.02 kW each): 25.42;
        // 25.42 + 568 + 30 = 623.42 kW (648.4 with all 24 leaves).
        const RowChain* first = nullptr;
        const RowChain* second = nullptr;
        for (const RowChain& row : c.rows) {
            if (row.name == QLatin1String("U001"))
                first = &row;
            if (row.name == QLatin1String("U001b"))
                second = &row;
        }
        QVERIFY(first && second);
        QCOMPARE(first->gpus, 4 * 72);
        QCOMPARE(second->gpus, 4 * 72);
        QCOMPARE(std::round(second->maxKw * 10) / 10, 598.0);
        QVERIFY2(first->maxKw >= 623.4 && first->maxKw < 623.5, qPrintable(QString::number(first->maxKw)));
        // Each row is a loop of its own with its 1 + 1 CDUs.
        QCOMPARE(int(c.loops.size()), 2);
        for (const CoolantLoop& l : c.loops) {
            QCOMPARE(int(l.racks.size()), 4);
            QCOMPARE(l.cdusInService, 2);
        }
        QCOMPARE(findings(*r.design, "POWER-ROW-LIMIT"), 0);
        QVERIFY2(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("1 scalable unit split over up to 2 rows")),
            qPrintable(r.notes.join(QLatin1Char('\n'))));
    }

    // The limit the design carries is the one its rows were placed under: a lower limit, more rows.
    void aLowerLimitGivesMoreRows()
    {
        const GenerateResult r = gb300(8, QJsonObject{{QStringLiteral("row_limit_kw"), 600}});
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerChain c = chainOf(*r.design);
        QCOMPARE(c.assumptions.rowLimitKw.value, 600.0);
        QCOMPARE(rowNames(c).filter(QRegularExpression(QStringLiteral("^U001"))),
            (QStringList{QStringLiteral("U001"), QStringLiteral("U001b"), QStringLiteral("U001c")}));
        for (const RowChain& row : c.rows)
            QVERIFY2(row.maxKw <= 600, qPrintable(QStringLiteral("%1: %2 kW").arg(row.name).arg(row.maxKw)));
        QCOMPARE(findings(*r.design, "POWER-ROW-LIMIT"), 0);
    }

    // A rack over the limit on its own: the generator cannot help; the finding says so.
    void aRackOverTheLimitAloneIsSaidSo()
    {
        const GenerateResult r = gb300(8, QJsonObject{{QStringLiteral("row_limit_kw"), 100}});
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY2(r.notes.join(QLatin1Char('\n')).contains(QLatin1String("no split of its racks keeps every row under")),
            qPrintable(r.notes.join(QLatin1Char('\n'))));
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        bool alone = false;
        for (const Finding& f : validate(*r.design, vo))
            if (f.code == QLatin1String("POWER-ROW-LIMIT") && f.message.contains(QLatin1String("alone draws 142 kW")))
                alone = f.explanation.contains(QLatin1String("no placement of the racks keeps this row under it"));
        QVERIFY(alone);
    }

    // Designs whose rows were under the limit keep one row per scalable unit, as before: DGX H100
    // (4 SU, air-cooled, about 330 kW a row) and DGX B300 (one SU of 72 in 18 racks of 4).
    void rowsUnderTheLimitAreUnchanged_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("units");
        QTest::newRow("h100 4 SU") << QStringLiteral("dgx-h100") << 128 << QStringLiteral("qm9700") << 4;
        QTest::newRow("b300 1 SU") << QStringLiteral("dgx-b300") << 72 << QStringLiteral("q3400") << 1;
    }
    void rowsUnderTheLimitAreUnchanged()
    {
        QFETCH(QString, server);
        QFETCH(int, nodes);
        QFETCH(QString, sw);
        QFETCH(int, units);
        GeneratorOptions o;
        o.serverSku = server;
        o.nodes = nodes;
        o.switchSku = sw;
        const GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerChain c = chainOf(*r.design);
        std::set<QString> unitRows;
        for (const RowChain& row : c.rows) {
            QVERIFY(row.maxKw <= 1200);
            if (row.name.startsWith(QLatin1Char('U')))
                unitRows.insert(row.name);
        }
        QCOMPARE(int(unitRows.size()), units);
        QVERIFY(!r.notes.join(QLatin1Char('\n')).contains(QLatin1String("split over")));
        QCOMPARE(findings(*r.design, "POWER-ROW-LIMIT"), 0);
    }
};

QTEST_GUILESS_MAIN(TestRowPowerSplit)
#include "tst_rowpowersplit.moc"
