#include "catalog/catalog.h"
#include "catalog/catalogitemparser.h"
#include "cost/billofmaterials.h"
#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "failures/failuredomains.h"
#include "floor/floorlayout.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"
#include "validate/designrules.h"

#include <QtTest>

#include <map>

using namespace pw;

// Issue 28: 800 VDC as a power-chain option, with a sidecar power rack on the floor
// (`generate --power-chain 800vdc`, design property power_chain "distribution").
// Catalog: sidecar-power-rack-800vdc feeds at most 4 racks and at most 800 kW of their draw
// (estimates, band 660-1,000 kW and 2-4 racks); NVIDIA claims up to 5% better end-to-end
// efficiency, taken as facility power x 0.95. vera-rubin-nvl72 accepts 800vdc (power_chains);
// dgx-gb300-nvl72 does not.
// The Vera Rubin POD: 1,152 GPUs = 16 NVL72 racks = 2 SU, one floor row of 8 racks per SU.
//   Max-P, 227 kW a rack: 4 racks = 908 kW > 800 kW, 3 racks = 681 kW fit, so 3 per sidecar:
//     a row of 8 racks takes ceil(8 / 3) = 3 sidecars (3, 3 and 2 racks), 2 rows = 6 sidecars;
//     losing one takes down 3 x 72 = 216 GPUs (four of them) or 2 x 72 = 144 GPUs (two).
//   Max-Q, 190 kW a rack: 4 racks = 760 kW fit, and 4 is the most one feeds, so 4 per sidecar:
//     ceil(8 / 4) = 2 per row, 4 sidecars, each losing 4 x 72 = 288 GPUs.
class TestPowerChain800V : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Catalog> mCatalog;
    static constexpr const char* kSidecar = "sidecar-power-rack-800vdc";

    GenerateResult generate(const QString& server, PowerMode mode, PowerDistribution chain)
    {
        GeneratorOptions o;
        o.serverSku = server;
        o.gpus = 1152;
        o.switchSku = QStringLiteral("sn5610");
        o.management = true;
        o.properties = PowerFigures::withDistribution(PowerFigures::withMode(o.properties, mode), chain);
        return FabricGenerator::generate(o, *mCatalog);
    }

    static QJsonObject sidecarEntry(double capacityKw, double racksFed)
    {
        auto figure = [](double v) {
            return QJsonObject{{QStringLiteral("value"), v}, {QStringLiteral("source"), QStringLiteral("test")}};
        };
        return QJsonObject{{QStringLiteral("sku"), QStringLiteral("test-sidecar")},
            {QStringLiteral("kind"), QStringLiteral("appliance")}, {QStringLiteral("vendor"), QStringLiteral("t")},
            {QStringLiteral("model"), QStringLiteral("t")}, {QStringLiteral("rack_units"), figure(0)},
            {QStringLiteral("power_max_w"), figure(0)},
            {QStringLiteral("cooling"),
                QJsonObject{
                    {QStringLiteral("value"), QStringLiteral("air")}, {QStringLiteral("source"), QStringLiteral("t")}}},
            {QStringLiteral("sidecar_power"),
                QJsonObject{{QStringLiteral("capacity_kw"), figure(capacityKw)},
                    {QStringLiteral("racks_fed"), figure(racksFed)}, {QStringLiteral("efficiency_gain"), figure(0.05)},
                    {QStringLiteral("source"), QStringLiteral("t")}}},
            {QStringLiteral("price"),
                QJsonObject{{QStringLiteral("value"), 1}, {QStringLiteral("currency"), QStringLiteral("USD")},
                    {QStringLiteral("kind"), QStringLiteral("estimate")},
                    {QStringLiteral("source"), QStringLiteral("t")}}}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        mCatalog = std::make_unique<Catalog>();
        const auto issues = mCatalog->loadDirectory(qEnvironmentVariable("PODWRIGHT_CATALOG_DIR"));
        for (const CatalogIssue& i : issues)
            qWarning("%s", qPrintable(i.toString()));
        QVERIFY(issues.empty());
    }

    // The sidecar is a typed catalog block that checks itself: no capacity, or no rack fed, is an
    // error with its reason; the shipped entry reads 800 kW, 4 racks, 5% (NVIDIA's claim).
    void sidecarBlockIsTypedAndChecked()
    {
        const CatalogItem* sidecar = mCatalog->item(QLatin1String(kSidecar));
        QVERIFY(sidecar && sidecar->sidecarPower);
        QCOMPARE(sidecar->sidecarPower->capacityKw, 800.0);
        QCOMPARE(sidecar->sidecarPower->racksFed, 4);
        QCOMPARE(sidecar->sidecarPower->efficiencyGain, 0.05);
        QVERIFY(sidecar->sidecarPower->capacitySource.startsWith(QLatin1String("estimate")));
        QVERIFY(sidecar->sidecarPower->efficiencySource.contains(QLatin1String("NVIDIA's claim")));
        const auto good = CatalogItemParser::parse(sidecarEntry(800, 4));
        QVERIFY2(std::holds_alternative<CatalogItem>(good),
            qPrintable(std::holds_alternative<QString>(good) ? std::get<QString>(good) : QString()));
        const auto noCapacity = CatalogItemParser::parse(sidecarEntry(0, 4));
        QVERIFY(std::holds_alternative<QString>(noCapacity));
        QVERIFY(std::get<QString>(noCapacity).contains(QLatin1String("capacity_kw must be positive")));
        const auto noRack = CatalogItemParser::parse(sidecarEntry(800, 0));
        QVERIFY(std::holds_alternative<QString>(noRack));
        QVERIFY(std::get<QString>(noRack).contains(QLatin1String("racks_fed")));

        QVERIFY(mCatalog->item(QStringLiteral("vera-rubin-nvl72"))->acceptsPowerChain(PowerDistribution::Dc800V));
        QVERIFY(!mCatalog->item(QStringLiteral("dgx-gb300-nvl72"))->acceptsPowerChain(PowerDistribution::Dc800V));
        QVERIFY(mCatalog->item(QStringLiteral("dgx-gb300-nvl72"))->acceptsPowerChain(PowerDistribution::Shelves54V));
    }

    // The choice lives in the power_chain property: 54 V shelves unless it says 800vdc, and
    // storing 54 V shelves writes nothing.
    void distributionIsStoredInThePowerChain()
    {
        QVERIFY(PowerFigures::distributionOf(QJsonObject{}) == PowerDistribution::Shelves54V);
        const QJsonObject dc = PowerFigures::withDistribution(QJsonObject{}, PowerDistribution::Dc800V);
        QCOMPARE(dc.value(QLatin1String("power_chain")).toObject().value(QLatin1String("distribution")).toString(),
            QStringLiteral("800vdc"));
        QVERIFY(PowerFigures::distributionOf(dc) == PowerDistribution::Dc800V);
        QVERIFY(PowerFigures::withDistribution(dc, PowerDistribution::Shelves54V).isEmpty());
        QVERIFY(!powerDistributionFromString(QStringLiteral("800v")));
    }

    void veraRubinPod_data()
    {
        QTest::addColumn<bool>("maxQ");
        QTest::addColumn<int>("sidecars");
        QTest::addColumn<QList<int>>("racksFed"); // per sidecar, in row and slot order
        QTest::newRow("Max-P, 227 kW racks, 3 per sidecar") << false << 6 << QList<int>{3, 3, 2, 3, 3, 2};
        QTest::newRow("Max-Q, 190 kW racks, 4 per sidecar") << true << 4 << QList<int>{4, 4, 4, 4};
    }
    // Sidecar count, placement after the racks each feeds in their row, BOM line, no validation
    // error, one failure domain per sidecar with its racks' GPUs, and the facility figure x 0.95.
    void veraRubinPod()
    {
        QFETCH(bool, maxQ);
        QFETCH(int, sidecars);
        QFETCH(QList<int>, racksFed);
        const PowerMode mode = maxQ ? PowerMode::MaxQ : PowerMode::MaxP;
        const GenerateResult r = generate(QStringLiteral("vera-rubin-nvl72"), mode, PowerDistribution::Dc800V);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const Design& d = *r.design;

        const PowerChain chain = PowerChain::of(d, 1.56);
        QCOMPARE(int(chain.sidecars.size()), sidecars);
        QVERIFY(chain.racksWithoutSidecar.empty());
        const std::optional<FloorLayout> floor = FloorLayout::of(d);
        QVERIFY(floor);
        QList<int> fed;
        int racksOnSidecars = 0;
        for (const SidecarChain& s : chain.sidecars) {
            fed.push_back(int(s.racks.size()));
            racksOnSidecars += int(s.racks.size());
            QCOMPARE(s.gpus, 72 * int(s.racks.size()));
            QVERIFY(s.loadKw <= s.capacityKw);
            QVERIFY2(s.name.contains(QLatin1String("-pwr-0")), qPrintable(s.name));
            // In the row of its racks, after the last of them and before the next compute rack.
            const RackPlace* own = floor->place(d.node(s.node)->rack);
            QVERIFY(own);
            for (GroupId rack : s.racks) {
                const RackPlace* p = floor->place(rack);
                QCOMPARE(p->row, own->row);
                QVERIFY(p->slot < own->slot);
            }
            for (const RackChain& other : chain.racks)
                if (other.gpus > 0 && std::find(s.racks.begin(), s.racks.end(), other.id) == s.racks.end())
                    if (const RackPlace* p = floor->place(other.id); p && p->row == own->row)
                        QVERIFY(p->slot < floor->place(s.racks.front())->slot || p->slot > own->slot);
        }
        QCOMPARE(fed, racksFed);
        QCOMPARE(racksOnSidecars, 16);

        const BillOfMaterials bom = BillOfMaterials::of(d);
        int bought = 0;
        for (const BomLine& l : bom.lines())
            if (l.sku == QLatin1String(kSidecar))
                bought += l.quantity;
        QCOMPARE(bought, sidecars);

        ValidationOptions vo;
        vo.fabricAnalysis = false;
        for (const Finding& finding : validate(d, vo))
            QVERIFY2(
                finding.severity != Severity::Error, qPrintable(finding.code + QStringLiteral(": ") + finding.message));

        AnalysisOptions ao;
        ao.bisection = false;
        const FailureDomains domains = FailureDomains::of(d, ao);
        std::map<QString, int> lost; // sidecar -> GPUs lost
        for (const FailureScenario& s : domains.scenarios)
            if (s.kind == FailureKind::Sidecar) {
                QCOMPARE(s.equivalent, 1);
                lost[s.entity] = s.gpusLost;
            }
        QCOMPARE(int(lost.size()), sidecars);
        int worstSidecar = 0;
        for (const SidecarChain& s : chain.sidecars) {
            QCOMPARE(lost[s.name], 72 * int(s.racks.size()));
            worstSidecar = std::max(worstSidecar, lost[s.name]);
        }
        // Losing the rack a sidecar stands in takes down what it feeds (Max-P 3 x 72 = 216, Max-Q
        // 4 x 72 = 288 GPUs), not 0: the worst rack failure is the worst sidecar's, not one compute
        // rack's 72.
        int worstRack = 0;
        for (const FailureScenario& s : domains.scenarios)
            if (s.kind == FailureKind::Rack)
                worstRack = std::max(worstRack, s.gpusLost);
        QCOMPARE(worstRack, worstSidecar);

        // The same design on 54 V shelves: the facility draws 1 / 0.95 of the 800 VDC figure, the IT
        // load is the same. PUE 1.56: facility = IT x 1.56 x 0.95 = IT x 1.482.
        Design shelves = d;
        shelves.setProperties(PowerFigures::withDistribution(d.properties(), PowerDistribution::Shelves54V));
        const PowerFigures dc = PowerFigures::of(d, 1.56);
        const PowerFigures ac = PowerFigures::of(shelves, 1.56);
        QCOMPARE(dc.itMaxKw, ac.itMaxKw);
        QVERIFY(qFuzzyCompare(dc.facilityMaxKw, ac.facilityMaxKw * 0.95));
        QVERIFY(qFuzzyCompare(dc.facilityMaxKw, dc.itMaxKw * 1.482));
        QVERIFY(qFuzzyCompare(chain.facilityTypicalKw, dc.itTypicalKw * 1.482));
        QVERIFY(dc.methodText().contains(QLatin1String("NVIDIA's claim")));
        QVERIFY(ac.distributionNote().isEmpty());
    }

    // One SU in Max-Q: 8 racks of 190 kW, 2 sidecars of 4 (760 kW each). Without the second, its 4
    // racks fall to the first (the row's last sidecar before them): 8 racks of at most 4 and
    // 8 x 190 = 1,520 kW of 800 kW, a POWER-SIDECAR error naming it.
    void missingSidecarIsAnError()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("vera-rubin-nvl72");
        o.gpus = 576;
        o.switchSku = QStringLiteral("sn5610");
        o.management = false;
        o.properties = PowerFigures::withDistribution(
            PowerFigures::withMode(o.properties, PowerMode::MaxQ), PowerDistribution::Dc800V);
        GenerateResult r = FabricGenerator::generate(o, *mCatalog);
        QVERIFY2(r.ok(), qPrintable(r.error));
        Design d = std::move(*r.design);
        const PowerChain before = PowerChain::of(d, 1.0);
        QCOMPARE(int(before.sidecars.size()), 2);
        ValidationOptions vo;
        vo.fabricAnalysis = false;
        auto sidecarFindings = [&] {
            std::vector<Finding> out;
            for (const Finding& f : validate(d, vo))
                if (f.code == QLatin1String("POWER-SIDECAR"))
                    out.push_back(f);
            return out;
        };
        QVERIFY(sidecarFindings().empty());
        const NodeId second = before.sidecars.back().node;
        for (LinkId l : d.linksOf(second))
            (void)d.takeLink(l);
        (void)d.takeNode(second);
        const std::vector<Finding> f = sidecarFindings();
        QCOMPARE(f.size(), size_t(1));
        QVERIFY(f.front().severity == Severity::Error);
        QCOMPARE(f.front().message,
            QStringLiteral("800 VDC power chain: %1: 8 racks (at most 4), 1520 kW of 800 kW")
                .arg(before.sidecars.front().name));
    }

    // A system whose catalog entry does not accept 800 VDC is refused with the reason; on 54 V
    // shelves (the default) no sidecar is placed.
    void refusedWhereTheSystemDoesNotTakeIt()
    {
        const GenerateResult gb300
            = generate(QStringLiteral("dgx-gb300-nvl72"), PowerMode::MaxP, PowerDistribution::Dc800V);
        QVERIFY(!gb300.ok());
        QVERIFY2(gb300.error.contains(QLatin1String("does not take an 800 VDC power chain")), qPrintable(gb300.error));
        const GenerateResult shelves
            = generate(QStringLiteral("vera-rubin-nvl72"), PowerMode::MaxP, PowerDistribution::Shelves54V);
        QVERIFY2(shelves.ok(), qPrintable(shelves.error));
        QVERIFY(PowerChain::of(*shelves.design, 1.0).sidecars.empty());
        QVERIFY(!shelves.design->item(QLatin1String(kSidecar)));
    }
};

QTEST_GUILESS_MAIN(TestPowerChain800V)
#include "tst_powerchain800v.moc"
