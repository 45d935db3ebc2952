#include "helpers/poweredracks.h"
#include "helpers/testcatalog.h"

#include "analysis/designfigures.h"
#include "cost/costmodel.h"
#include "facility/powerchain.h"
#include "floor/floorlayout.h"
#include "validate/designrules.h"

#include <algorithm>

#include <QtTest>

using namespace pw;

// The power and cooling chain (issue 17, section 3): kW per rack, row, hall and facility, rack
// feeds, liquid and air heat, coolant loops and CDUs, and what one feed or loop failure takes down.
// Every expected figure is worked by hand in the comment beside it.
class TestPowerChain : public QObject {
    Q_OBJECT

private:
    static Design build(const char* sku, int racks, int perRack, int pdus, int perRow)
    {
        return test::poweredRacks(sku, racks, perRack, pdus, perRow);
    }

    static void setChain(Design& d, const QJsonObject& values)
    {
        QJsonObject props = d.properties();
        props.insert(QLatin1String(FacilityAssumptions::kKey), values);
        d.setProperties(props);
    }
    static std::vector<Finding> findings(const Design& d, const char* code)
    {
        ValidationOptions o;
        o.tierChecks = false;
        o.fabricAnalysis = false;
        std::vector<Finding> all = validate(d, o);
        std::vector<Finding> some;
        std::copy_if(all.begin(), all.end(), std::back_inserter(some),
            [&](const Finding& f) { return f.code == QLatin1String(code); });
        return some;
    }

private Q_SLOTS:
    void dgxH100RacksRowsAndFacility()
    {
        // 4 racks of 4 DGX H100 and 3 PDUs, two racks to a row; PUE 1.3.
        const Design d = build("dgx-h100", 4, 4, 3, 2);
        const PowerChain c = PowerChain::of(d, 1.3);
        QCOMPARE(c.racks.size(), size_t(4));
        // rack: 4 x 10.2 kW + 3 PDU controllers x 0.02 kW = 40.8 + 0.06 = 40.86 kW
        QCOMPARE(c.racks[0].maxKw, 40.86);
        QCOMPARE(c.racks[0].gpus, 32); // 4 x 8
        // row: 2 racks x 40.86 = 81.72 kW; IT: 4 x 40.86 = 163.44 kW; facility 163.44 x 1.3 = 212.472 kW
        QCOMPARE(c.rows.size(), size_t(2));
        QCOMPARE(c.rows[0].name, QStringLiteral("row1"));
        QCOMPARE(c.rows[0].racks.size(), size_t(2));
        QVERIFY(qFuzzyCompare(c.rows[0].maxKw, 81.72));
        QVERIFY(qFuzzyCompare(c.figures.itMaxKw, 163.44));
        QVERIFY(qFuzzyCompare(c.figures.facilityMaxKw, 212.472));
        // air-cooled: all heat to air, no loop, no CDU
        QCOMPARE(c.liquidKw, 0.0);
        QVERIFY(qFuzzyCompare(c.airKw, 163.44));
        QVERIFY(c.loops.empty());
        QCOMPARE(c.cdusPlanned(), 0);
        // feeds: 3 PDUs of 60 kW per rack, each carrying 40.86 / 3 = 13.62 kW; one lost leaves
        // 2 x 60 = 120 kW >= 40.86 kW, so the rack runs on (degraded), no GPU lost.
        QCOMPARE(c.feeds.size(), size_t(12));
        QCOMPARE(c.racks[0].feeds.size(), size_t(3));
        const PowerFeed& f = c.feeds[c.racks[0].feeds[0]];
        QVERIFY(f.kind == FeedKind::Pdu);
        QCOMPARE(f.ratingKw, 60.0);
        QVERIFY(qFuzzyCompare(f.loadKw, 13.62));
        QVERIFY(c.racks[0].survivesOneFeedLost(c.feeds));
        const FailureImpact lostPdu = c.withoutFeed(c.racks[0].feeds[0]);
        QCOMPARE(lostPdu.gpusLost, 0);
        QVERIFY(lostPdu.racksDegraded == std::vector<GroupId>{c.racks[0].id});
        QVERIFY(qFuzzyCompare(lostPdu.itKwLeft, 163.44));
    }

    void singlePduRackIsLostWithItsFeed()
    {
        // One PDU: nothing carries the rack when it fails: 32 GPUs and 40.82 kW (4 x 10.2 + 0.02) lost.
        const Design d = build("dgx-h100", 1, 4, 1, 1);
        const PowerChain c = PowerChain::of(d, 1.3);
        QVERIFY(!c.racks[0].survivesOneFeedLost(c.feeds));
        const FailureImpact lost = c.withoutFeed(0);
        QCOMPARE(lost.gpusLost, 32);
        QVERIFY(qFuzzyCompare(lost.itKwLost, 40.82));
        QCOMPARE(lost.itKwLeft, 0.0);
    }

    void nvl72LiquidSplitShelvesAndCdus()
    {
        // 9 GB300 NVL72 racks in one row (no PDUs: busbar), 8 racks per loop, 1,350 kW CDUs, N+1.
        const Design d = build("dgx-gb300-nvl72", 9, 1, 0, 9);
        const PowerChain c = PowerChain::of(d, 1.3);
        const RackChain& r = c.racks[0];
        // rack 142 kW; liquid 0.85 x 142 = 120.7 kW (estimated share), air 142 - 120.7 = 21.3 kW
        QCOMPARE(r.maxKw, 142.0);
        QVERIFY(qFuzzyCompare(r.liquidKw, 120.7));
        QVERIFY(qFuzzyCompare(r.airKw, 21.3));
        QVERIFY(r.liquidEstimated);
        QCOMPARE(r.gpus, 72);
        // feeds: 8 power shelves of 33 kW = 264 kW, each 142 / 8 = 17.75 kW; one lost leaves 231 kW >= 142
        QCOMPARE(r.feeds.size(), size_t(8));
        QVERIFY(c.feeds[r.feeds[0]].kind == FeedKind::PowerShelf);
        QCOMPARE(c.feeds[r.feeds[0]].ratingKw, 33.0);
        QCOMPARE(c.feeds[r.feeds[0]].loadKw, 17.75);
        QCOMPARE(r.feedRatingKw, 264.0);
        QVERIFY(r.survivesOneFeedLost(c.feeds));
        // loops: racks 1-8 (8 x 120.7 = 965.6 kW) and rack 9 (120.7 kW);
        // CDUs needed ceil(965.6 / 1350) = 1 and ceil(120.7 / 1350) = 1, plus one spare each: 2 + 2 = 4
        QCOMPARE(c.loops.size(), size_t(2));
        QCOMPARE(c.loops[0].racks.size(), size_t(8));
        QVERIFY(qFuzzyCompare(c.loops[0].liquidKw, 965.6));
        QCOMPARE(c.loops[0].cdusNeeded, 1);
        QCOMPARE(c.loops[0].cdus, 2);
        QCOMPARE(c.loops[1].racks.size(), size_t(1));
        QCOMPARE(c.cdusPlanned(), 4);
        QCOMPARE(c.loops[0].name, QStringLiteral("loop row1-1"));
        // one CDU of loop 1 lost: 1 x 1350 kW >= 965.6 kW, nothing lost; capacity left 3 x 1350 = 4050 kW
        const FailureImpact oneCdu = c.withoutOneCdu(0);
        QCOMPARE(oneCdu.gpusLost, 0);
        QCOMPARE(oneCdu.racksDegraded.size(), size_t(8));
        QCOMPARE(oneCdu.liquidCapacityLeftKw, 4050.0);
        // the whole loop lost: its 8 racks, 8 x 72 = 576 GPUs, 8 x 142 = 1136 kW; IT left 142 kW
        const FailureImpact loop = c.withoutLoop(0);
        QCOMPARE(loop.gpusLost, 576);
        QCOMPARE(loop.itKwLost, 1136.0);
        QCOMPARE(loop.itKwLeft, 142.0);
        QCOMPARE(loop.liquidCapacityLeftKw, 2700.0); // loop 2's 2 x 1350
    }

    void designValuesOverrideTheDefaults()
    {
        // No spare CDU (N) and 4 racks per loop: 9 racks -> loops of 4, 4, 1 racks;
        // liquid 4 x 120.7 = 482.8 kW -> ceil(482.8 / 1350) = 1 CDU each: 3 CDUs.
        Design d = build("dgx-gb300-nvl72", 9, 1, 0, 9);
        QJsonObject props = d.properties();
        props.insert(QLatin1String(FacilityAssumptions::kKey),
            QJsonObject{{QStringLiteral("cdu_spares"), 0}, {QStringLiteral("racks_per_loop"), 4}});
        d.setProperties(props);
        const PowerChain c = PowerChain::of(d, 1.3);
        QCOMPARE(c.loops.size(), size_t(3));
        QCOMPARE(c.cdusPlanned(), 3);
        QCOMPARE(c.assumptions.cduSpares.source, QStringLiteral("design"));
        // with no spare, losing the loop's one CDU sheds all 4 racks: 288 GPUs
        QCOMPARE(c.withoutOneCdu(0).gpusLost, 288);
        QVERIFY(FacilityAssumptions::whyInvalid(QStringLiteral("racks_per_loop"), 0.5).has_value());
        QVERIFY(FacilityAssumptions::whyInvalid(QStringLiteral("nonsense"), 1).has_value());
        QVERIFY(!FacilityAssumptions::whyInvalid(QStringLiteral("row_limit_kw"), 900).has_value());
    }

    void costAndFiguresReadTheChainsFacilityPower()
    {
        // 4 racks of 4 DGX H100 at PUE 1.3 (design assumption): facility 163.44 x 1.3 = 212.472 kW.
        Design d = build("dgx-h100", 4, 4, 3, 2);
        QJsonObject props = d.properties();
        props.insert(QStringLiteral("assumptions"), QJsonObject{{QStringLiteral("pue"), 1.3}});
        d.setProperties(props);
        const DesignFigures f = DesignFigures::of(d, FiguresRequest::forDesign(d));
        QVERIFY(f.cost && f.power);
        QVERIFY(qFuzzyCompare(f.power->figures.facilityMaxKw, 212.472));
        QCOMPARE(f.cost->facilityPowerKw, f.power->figures.facilityMaxKw);
        // Energy per year = facility typical x 8760 h: the chain's typical facility figure priced by
        // the cost model. One definition of typical (issue 26): the PDUs have no typical figure, so
        // every item counts at its maximum (not DGX H100 at typical beside PDUs at maximum).
        QVERIFY(qFuzzyCompare(f.cost->energyKwhPerYear, f.power->facilityTypicalKw * 8760));
        QVERIFY(qFuzzyCompare(f.power->facilityTypicalKw, f.power->figures.facilityMaxKw));
        QVERIFY(!f.power->figures.typicalFromMax.isEmpty());
        QVERIFY(!f.power->figures.typicalFromMax.contains(QStringLiteral("dgx-h100")));
    }

    void rowAndHallLimitsAreFindings()
    {
        // One row of 4 racks: 4 x 40.86 = 163.44 kW. Default row limit 1,200 kW: no finding.
        Design d = build("dgx-h100", 4, 4, 3, 4);
        QVERIFY(findings(d, "POWER-ROW-LIMIT").empty());
        QVERIFY(findings(d, "POWER-HALL-LIMIT").empty()); // no hall limit by default
        // Row limit 150 kW: 163.44 > 150, one finding naming the row's 4 racks.
        setChain(d, QJsonObject{{QStringLiteral("row_limit_kw"), 150}, {QStringLiteral("hall_limit_kw"), 160}});
        const auto row = findings(d, "POWER-ROW-LIMIT");
        QCOMPARE(row.size(), size_t(1));
        QVERIFY2(row.front().message == QStringLiteral("row row1 draws up to 163.44 kW; the row limit is 150 kW"),
            qPrintable(row.front().message));
        QVERIFY(row.front().explanation.contains(QLatin1String("163.44 kW > row limit 150 kW")));
        QCOMPARE(row.front().entities.size(), size_t(4));
        // Hall limit 160 kW: IT 163.44 > 160.
        const auto hall = findings(d, "POWER-HALL-LIMIT");
        QCOMPARE(hall.size(), size_t(1));
        QVERIFY(hall.front().severity == Severity::Error);
    }

    void aRackWithoutASpareFeedIsAFinding()
    {
        // 4 DGX H100 on 3 PDUs of 60 kW: 120 kW left >= 40.86, fine.
        QVERIFY(findings(build("dgx-h100", 2, 4, 3, 2), "POWER-FEED-REDUNDANCY").empty());
        // 5 DGX B200 on 2 PDUs: 5 x 14.3 + 2 x 0.02 = 71.54 kW; one lost leaves 120 - 60 = 60 kW < 71.54.
        const auto weak = findings(build("dgx-b200", 2, 5, 2, 2), "POWER-FEED-REDUNDANCY");
        QCOMPARE(weak.size(), size_t(1));
        QCOMPARE(weak.front().message, QStringLiteral("2 racks go down when one of their feeds fails"));
        QVERIFY2(
            weak.front().explanation.contains(QLatin1String("R1: 2 feeds, 120 kW - largest 60 kW = 60 kW < 71.54 kW")),
            qPrintable(weak.front().explanation));
        // One PDU: no redundancy to lose, so no finding (the chain still says the rack goes down).
        QVERIFY(findings(build("dgx-h100", 1, 4, 1, 1), "POWER-FEED-REDUNDANCY").empty());
    }

    void placedCdusAreCheckedAgainstTheLoops()
    {
        // 9 NVL72 racks need 2 + 2 = 4 CDUs (see above). None placed: the plan only, no finding.
        Design d = build("dgx-gb300-nvl72", 9, 1, 0, 9);
        QVERIFY(findings(d, "COOLING-CDU-CAPACITY").empty());
        // One CDU placed: 1 < 4.
        d.recordItem(*test::shippedCatalog().item(QStringLiteral("cdu-inrow-1350kw")));
        Node cdu;
        cdu.id = d.allocateNodeId();
        cdu.sku = QStringLiteral("cdu-inrow-1350kw");
        cdu.name = QStringLiteral("cdu-1");
        d.insertNode(cdu);
        const auto f = findings(d, "COOLING-CDU-CAPACITY");
        QCOMPARE(f.size(), size_t(1));
        QCOMPARE(f.front().message, QStringLiteral("1 CDUs placed; the coolant loops need 4"));
        QVERIFY2(f.front().explanation.contains(QLatin1String("loop row1-1: ceil(965.6 / 1350) + 1 = 2")),
            qPrintable(f.front().explanation));
        // The CDU item the design records sets the capacity, with its source.
        QVERIFY(PowerChain::of(d, 1.3).assumptions.cduCapacityKw.source.startsWith(QLatin1String("cdu-inrow-1350kw")));
        // The CDU's own 15 kW pumps are IT load, and heat to air, not to a loop.
        QCOMPARE(PowerChain::of(d, 1.3).cdusPlaced, 1);
    }
};

QTEST_GUILESS_MAIN(TestPowerChain)
#include "tst_powerchain.moc"
