#include "helpers/testcatalog.h"

#include "catalog/catalogitemcheck.h"
#include "commands/connectcommand.h"
#include "commands/recorditemcommand.h"
#include "cost/billofmaterials.h"
#include "cost/opticsplan.h"
#include "export/cablingcsv.h"
#include "export/csv.h"
#include "floor/cableplan.h"
#include "io/designjson.h"
#include "presentation/reportdata.h"
#include "topology/fabricanalyzer.h"

#include <QtTest>

#include <map>
#include <set>

using namespace pw;

// A twin-port straight cable (NVIDIA MCP4Y10, OSFP 2x400G DAC: the catalog's links_per_cable 2)
// carries both links of a cage pair (issue 26's finding): the bill of materials buys one per cage
// pair, and the cabling plans keep one row per link but print the one cable's label on both rows,
// so an installer pulls one cable. A twin-port module serves both ports of its cage likewise.
class TestTwinPortCables : public QObject {
    Q_OBJECT

private:
    static Design sample()
    {
        return DesignJson::readFile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_SOURCE_DIR"))
                + QStringLiteral("/resources/samples/minimum-viable-cluster.json"),
            &test::shippedCatalog());
    }
    // Cables (or modules) of one SKU the bill of materials buys, over all its length classes.
    static int bought(const BillOfMaterials& bom, const QString& sku)
    {
        int n = 0;
        for (const BomLine& l : bom.lines())
            n += l.sku == sku ? l.quantity : 0;
        return n;
    }
    // Two QM9700 leaves (64 twin-port OSFP cages each: ports 2c and 2c+1 share cage c) with the
    // given parts in the design's snapshot.
    struct TwoLeaves {
        Design d;
        NodeId a, b;
        explicit TwoLeaves(std::initializer_list<const char*> parts)
        {
            a = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf-a"), Network::Compute);
            b = test::addNode(d, QStringLiteral("qm9700"), QStringLiteral("leaf-b"), Network::Compute);
            for (const char* sku : parts) {
                RecordItemCommand record(*test::shippedCatalog().item(QLatin1String(sku)));
                if (!record.apply(d).ok)
                    qFatal("record %s failed", sku);
            }
        }
        void connect(int portA, int portB, const char* cable, double metres, const char* module = "")
        {
            ConnectCommand c(PortRef{a, portA}, PortRef{b, portB}, QLatin1String(cable), metres, QLatin1String(module));
            const auto r = c.apply(d);
            if (!r.ok)
                qFatal("connect %d-%d failed: %s", portA, portB, qPrintable(r.reason));
        }
    };

private Q_SLOTS:
    void catalogSaysWhichCablesCarryTwoLinks()
    {
        const Catalog& c = test::shippedCatalog();
        QCOMPARE(c.item(QStringLiteral("dac-800g-osfp"))->cable->linksPerCable, 2); // MCP4Y10
        QCOMPARE(c.item(QStringLiteral("acc-800g-osfp"))->cable->linksPerCable, 2);
        QCOMPARE(c.item(QStringLiteral("dac-400g-splitter"))->cable->linksPerCable, 1); // one link per tail
        QCOMPARE(c.item(QStringLiteral("fiber-mpo-mm"))->cable->linksPerCable, 1);
        // A splitter carrying two links per cable as well would be counted twice over: refused.
        CatalogItem both = *c.item(QStringLiteral("dac-400g-splitter"));
        both.cable->linksPerCable = 2;
        QVERIFY(CatalogItemCheck::problem(both).has_value());
    }

    // The source document's minimum viable cluster (resources/samples): 17 MCP4Y10 links of 2 m.
    //   dgx-01 ports 0-7 (4 twin-port cages) to leaf ports 0-7 (leaf cages 0-3): 4 cables;
    //   dgx-02 ports 0-7 to leaf ports 8-15 (leaf cages 4-7): 4 cables;
    //   ufm-01 port 0 (a single-port cage) to leaf port 16: 1 cable, half of its leaf cage idle.
    // 9 cables at the $400 estimate = $3,600; before, one per link: 17 x $400 = $6,800, so the
    // capital cost falls by $3,200.
    void sampleBuysOneCablePerCagePair()
    {
        const Design d = sample();
        const BillOfMaterials bom = BillOfMaterials::of(d);
        QCOMPARE(bought(bom, QStringLiteral("dac-800g-osfp")), 9);
        for (const BomLine& l : bom.lines())
            if (l.sku == QLatin1String("dac-800g-osfp"))
                QCOMPARE(l.extendedPrice(), 3600.0);
        // `analyze` counts the cables the bill of materials buys (one definition).
        AnalysisOptions inventory;
        inventory.bisection = false;
        QCOMPARE(analyzeFabric(d, inventory).cablesByType.at(QStringLiteral("dac-800g-osfp")), 9);
        // The proposal's cabling summary: 43 links on 43 - (17 - 9) = 35 cables, the same count.
        const ReportData report = ReportData::build(d, CostAssumptions::ofProperties(d.properties()), ReportOptions());
        QCOMPARE(report.linkCount, 43);
        QCOMPARE(report.cablesBought, 35);
        QCOMPARE(report.cablesBought, analyzeFabric(d, inventory).cables);
    }

    // The cabling CSV keeps one row per link (43) and names the shared cable: rows 1 and 2
    // (dgx-01 cage 0 to leaf cage 0) both print C-00001, rows 9 and 10 C-00009, the UFM's row 17
    // its own C-00017. The contractor's run-list and a verification's labels print the same, and
    // the labels on MCP4Y10 rows count the cables the bill of materials buys (9).
    void cablingRowsNameTheSharedCable()
    {
        const Design d = sample();
        const auto rows = csv::parse(QString::fromUtf8(CablingCsv::write(d)));
        QCOMPARE(rows.size() - 1, qsizetype(43));
        QCOMPARE(rows.at(1).at(0), QStringLiteral("C-00001"));
        QCOMPARE(rows.at(2).at(0), QStringLiteral("C-00001"));
        QCOMPARE(rows.at(3).at(0), QStringLiteral("C-00003"));
        QCOMPARE(rows.at(10).at(0), QStringLiteral("C-00009"));
        QCOMPARE(rows.at(17).at(0), QStringLiteral("C-00017"));
        QCOMPARE(rows.at(18).at(0), QStringLiteral("C-00018")); // a fibre run: its own cable
        std::set<QString> twinLabels;
        for (qsizetype i = 1; i < rows.size(); ++i)
            if (rows.at(i).at(12) == QLatin1String("dac-800g-osfp"))
                twinLabels.insert(rows.at(i).at(0));
        QCOMPARE(int(twinLabels.size()), bought(BillOfMaterials::of(d), QStringLiteral("dac-800g-osfp")));

        const CablePlan plan = CablePlan::of(d);
        std::vector<LinkId> ids;
        for (const CablePlan::Run& r : plan.runs())
            ids.push_back(r.link);
        const std::map<LinkId, QString> labels = CablingCsv::labelsOf(d, ids);
        for (size_t i = 0; i < plan.runs().size(); ++i) {
            QCOMPARE(plan.runs()[i].label, rows.at(qsizetype(i) + 1).at(0));
            QCOMPARE(labels.at(plan.runs()[i].link), plan.runs()[i].label);
        }
    }

    // Two leaves joined by hand with MCP4Y10 DACs (rows in link order):
    //   ports 0-0 and 1-1: cage 0 to cage 0, one cable (C-00001 twice);
    //   ports 2-4 and 3-5: cage 1 to cage 2, one cable (C-00003 twice);
    //   ports 6-6 and 7-9: cage 3 to cage 3, then cage 3 to cage 4: two cables, half full each;
    //   ports 10-10 at 1 m and 11-11 at 2 m: one cage pair, but a cable has one length: two cables.
    // 8 links on 6 cables: 4 of 2 m ($1,600) and 2 of 1 m ($800) at $400, $2,400 (8 x $400 = $3,200
    // before).
    void onlyLinksOfOneCagePairShareACable()
    {
        TwoLeaves t({"dac-800g-osfp"});
        t.connect(0, 0, "dac-800g-osfp", 2);
        t.connect(1, 1, "dac-800g-osfp", 2);
        t.connect(2, 4, "dac-800g-osfp", 2);
        t.connect(3, 5, "dac-800g-osfp", 2);
        t.connect(6, 6, "dac-800g-osfp", 2);
        t.connect(7, 9, "dac-800g-osfp", 2);
        t.connect(10, 10, "dac-800g-osfp", 1);
        t.connect(11, 11, "dac-800g-osfp", 2);
        const BillOfMaterials bom = BillOfMaterials::of(t.d);
        QCOMPARE(bought(bom, QStringLiteral("dac-800g-osfp")), 6);
        QCOMPARE(bom.totalOf(QStringLiteral("cables")), 2400.0);
        QStringList labels;
        const CablePlan plan = CablePlan::of(t.d);
        for (const CablePlan::Run& r : plan.runs())
            labels << r.label;
        QCOMPARE(labels,
            QStringList({"C-00001", "C-00001", "C-00003", "C-00003", "C-00005", "C-00006", "C-00007", "C-00008"}));
    }

    // Optics are counted per cage already: a twin-port module (NVIDIA MMA4Z00-NS, 2 x 400G SR4)
    // serves both ports of its cage. Two fibre links between cage 0 of each leaf need one module
    // at each end (2), not one per link end (4); a third link alone in cage 1 still takes a module
    // at each end: 4 modules for 3 links. The fibres stay one per link (an MPO patch each).
    void twinPortModulesAreCountedPerCage()
    {
        TwoLeaves t({"fiber-mpo-mm", "mma4z00-ns"});
        t.connect(0, 0, "fiber-mpo-mm", 20, "mma4z00-ns");
        t.connect(1, 1, "fiber-mpo-mm", 20, "mma4z00-ns");
        QCOMPARE(OpticsPlan::of(t.d).moduleCount(), 2);
        t.connect(2, 2, "fiber-mpo-mm", 20, "mma4z00-ns");
        QCOMPARE(OpticsPlan::of(t.d).moduleCount(), 4);
        const BillOfMaterials bom = BillOfMaterials::of(t.d);
        QCOMPARE(bought(bom, QStringLiteral("mma4z00-ns")), 4);
        QCOMPARE(bought(bom, QStringLiteral("fiber-mpo-mm")), 3);
    }
};

QTEST_GUILESS_MAIN(TestTwinPortCables)
#include "tst_twinportcables.moc"
