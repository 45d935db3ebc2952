#include "helpers/testcatalog.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

using namespace pw;

// InfiniBand partial scalable units (issue 26, section 1): a catalog scalable unit that one rail
// leaf cannot hold at the ratio asked is capped at what one leaf holds, and fewer servers than a
// unit are one unit sized from the servers asked (leaf down ports = the unit's slots, up ports =
// down / oversubscription, spines from the up ports). Every figure is worked by hand beside it.
class TestIbPartialSu : public QObject {
    Q_OBJECT

private:
    static GenerateResult run(const char* server, int nodes, const char* sw, int suSize = 0)
    {
        GeneratorOptions o;
        o.serverSku = QLatin1String(server);
        o.nodes = nodes;
        o.switchSku = QLatin1String(sw);
        o.topology = TopologyKind::RailOptimized;
        o.suSize = suSize;
        return FabricGenerator::generate(o, test::shippedCatalog());
    }
    static FabricReport countsOf(const Design& d)
    {
        AnalysisOptions a;
        a.bisection = false;
        return analyzeFabric(d, a);
    }
    static QStringList errors(const Design& d)
    {
        QStringList out;
        for (const Finding& f : validate(d))
            if (f.severity == Severity::Error)
                out << f.code + QStringLiteral(": ") + f.message;
        return out;
    }
    static int uncabledLinks(const Design& d)
    {
        int n = 0;
        d.links().forEach([&](const Link& l) { n += l.cableSku.isEmpty(); });
        return n;
    }
    static QJsonObject dialsOf(const Design& d) { return d.properties().value(QStringLiteral("generator")).toObject(); }

private Q_SLOTS:
    // 64 DC-busbar DGX B300 on QM9700 were refused: the catalog's SU of 64 (RA-11337) needs 64 down
    // + 64 up per leaf, and a QM9700 has 64 ports. Capped at what one leaf holds at 1:1: 32 + 32,
    // so SUs of 32. The 16 logical ports run in the server's two planes (port p in plane p mod 2).
    //   SUs: 64 servers / 32 = 2, every slot taken, so at 1:1 the UFM pair takes one server's slot
    //   (the RA's choice): 63 servers.
    //   Leaves: 2 SUs x 16 rails = 32, 16 per plane.
    //   Spines per plane: 16 leaves x 32 uplinks = 512 ports; the fewest s dividing 32 with
    //   512 / s <= 64 is 8: 8 per plane, 16 in all.
    //   Links: node-leaf 63 x 16 = 1,008; leaf-spine 32 x 32 = 1,024.
    void busbarB300OnQm9700IsCappedAtWhatALeafHolds()
    {
        const GenerateResult g = run("dgx-b300-busbar", 64, "qm9700");
        QVERIFY2(g.ok(), qPrintable(g.error));
        const Design& d = *g.design;
        const FabricReport r = countsOf(d);
        QCOMPARE(r.servers, 63);
        QCOMPARE(r.leafSwitches, 32);
        QCOMPARE(r.spineSwitches, 16);
        QCOMPARE(r.coreSwitches, 0);
        QCOMPARE(r.nodeLeafLinks, 1008);
        QCOMPARE(r.leafSpineLinks, 1024);
        QCOMPARE(dialsOf(d).value(QStringLiteral("su_size")).toInt(), 32);
        QCOMPARE(dialsOf(d).value(QStringLiteral("leaf_ratio_built")).toString(), QStringLiteral("1:1"));
        const QString notes = g.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("64-server scalable unit of dgx-b300-busbar does not fit a rail leaf "
                                               "of qm9700 at 1:1"))
                && notes.contains(QStringLiteral("scalable units of 32 servers, what one leaf holds")),
            qPrintable(notes));
        QCOMPARE(uncabledLinks(d), 0);
        const QStringList e = errors(d);
        QVERIFY2(e.isEmpty(), qPrintable(e.join(QLatin1Char('\n'))));
    }

    // The same cap for the AC DGX B300 (RA-11339's SU of 72, 8 rails, one plane): SUs of 32, the
    // UFM pair in one slot: 63 servers; 2 x 8 = 16 leaves; 16 x 32 = 512 uplinks, 512 / s <= 64
    // gives 8 spines; node-leaf 63 x 8 = 504, leaf-spine 16 x 32 = 512.
    void b300OnQm9700IsCappedAtWhatALeafHolds()
    {
        const GenerateResult g = run("dgx-b300", 64, "qm9700");
        QVERIFY2(g.ok(), qPrintable(g.error));
        const FabricReport r = countsOf(*g.design);
        QCOMPARE(r.servers, 63);
        QCOMPARE(r.leafSwitches, 16);
        QCOMPARE(r.spineSwitches, 8);
        QCOMPARE(r.nodeLeafLinks, 504);
        QCOMPARE(r.leafSpineLinks, 512);
        QCOMPARE(uncabledLinks(*g.design), 0);
    }

    // 64 DGX H100 on the 40-port HDR QM8700 (refused before): the SU of 32 needs 32 + 32 ports,
    // one leaf holds 20 + 20 at 1:1, so SUs of 20.
    //   Slots: 64 servers + the UFM pair's one = 65, 64 not a multiple of 20: 4 SUs, the last
    //   partial (5 of 20 slots) and built in full, as the RA builds a partial SU in a larger design.
    //   Leaves: 4 x 8 = 32, 20 uplinks each = 640; the fewest s dividing 20 with 640 / s <= 40 is
    //   20 spines (32 ports each). Links: node-leaf 64 x 8 = 512, leaf-spine 32 x 20 = 640.
    void h100OnQm8700IsCappedAtTwenty()
    {
        const GenerateResult g = run("dgx-h100", 64, "qm8700");
        QVERIFY2(g.ok(), qPrintable(g.error));
        const FabricReport r = countsOf(*g.design);
        QCOMPARE(r.servers, 64);
        QCOMPARE(r.leafSwitches, 32);
        QCOMPARE(r.spineSwitches, 20);
        QCOMPARE(r.nodeLeafLinks, 512);
        QCOMPARE(r.leafSpineLinks, 640);
        QCOMPARE(dialsOf(*g.design).value(QStringLiteral("su_size")).toInt(), 20);
        QVERIFY2(g.notes.join(QLatin1Char('\n')).contains(QStringLiteral("SU 4 is partial (5 of 20 slots used)")),
            qPrintable(g.notes.join(QLatin1Char('\n'))));
    }

    // A scalable-unit size the user gives is the user's: it is not capped, and the refusal says
    // what fits (64 ports at 1:1: 32 down + 32 up).
    void aGivenUnitSizeIsNotCapped()
    {
        const GenerateResult g = run("dgx-b300", 64, "qm9700", 72);
        QVERIFY(!g.ok());
        QVERIFY2(g.error.contains(QStringLiteral("of 32 or less")), qPrintable(g.error));
    }

    // 20 DGX H100 on QM9700, less than one SU of 32: the unit is sized from the servers asked.
    //   Slots: 20 servers + the UFM pair's one = 21 per leaf, 21 up at 1:1 (42 of 64 ports).
    //   Leaves: 8 (one per rail). Spines: 8 x 21 = 168 up ports; the fewest s dividing 21 with
    //   168 / s <= 64 is 3 (56 ports each); no uplink count up to 43 needs fewer.
    //   Links: node-leaf 20 x 8 = 160; leaf-spine 8 x 21 = 168. Built whole, the unit took 32 up
    //   per leaf and 4 spines (256 leaf-spine links): 1 spine and 88 cables more for the same 20.
    void h100TwentyIsAUnitSizedFromTheServersAsked()
    {
        const GenerateResult g = run("dgx-h100", 20, "qm9700");
        QVERIFY2(g.ok(), qPrintable(g.error));
        const Design& d = *g.design;
        const FabricReport r = countsOf(d);
        QCOMPARE(r.servers, 20);
        QCOMPARE(r.leafSwitches, 8);
        QCOMPARE(r.spineSwitches, 3);
        QCOMPARE(r.nodeLeafLinks, 160);
        QCOMPARE(r.leafSpineLinks, 168);
        QCOMPARE(r.switchesByModel.at(QStringLiteral("qm9700")), 11);
        // The ratio recorded is the leaves' own (21:21), not the whole unit's 32 against 21 up.
        QCOMPARE(dialsOf(d).value(QStringLiteral("leaf_ratio_built")).toString(), QStringLiteral("1:1"));
        QCOMPARE(dialsOf(d).value(QStringLiteral("su_size")).toInt(), 32);
        const QString notes = g.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("sized from the 20 servers asked (21 down, 21 up per leaf")),
            qPrintable(notes));
        QVERIFY2(!notes.contains(QStringLiteral("is partial")), qPrintable(notes));
        QCOMPARE(uncabledLinks(d), 0);
        const QStringList e = errors(d);
        QVERIFY2(e.isEmpty(), qPrintable(e.join(QLatin1Char('\n'))));
    }

    // Oversubscribed, the same arithmetic: 20 DGX H100 at 2:1 take 21 down and ceil(21 / 2) = 11
    // up per leaf; 8 x 11 = 88 up ports need 11 spines (11 is prime), while 12 uplinks (7:4,
    // still no more than 2:1) need 2 (8 x 12 / 2 = 48 <= 64): 2 spines, 96 leaf-spine links.
    void h100TwentyAtTwoToOne()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 20;
        o.switchSku = QStringLiteral("qm9700");
        o.topology = TopologyKind::RailOptimized;
        o.oversubscription = *Oversubscription::parse(QStringLiteral("2:1"));
        const GenerateResult g = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(g.ok(), qPrintable(g.error));
        const FabricReport r = countsOf(*g.design);
        QCOMPARE(r.leafSwitches, 8);
        QCOMPARE(r.spineSwitches, 2);
        QCOMPARE(r.leafSpineLinks, 96);
        QCOMPARE(dialsOf(*g.design).value(QStringLiteral("leaf_ratio_built")).toString(), QStringLiteral("7:4"));
        QCOMPARE(uncabledLinks(*g.design), 0);
    }
};

QTEST_GUILESS_MAIN(TestIbPartialSu)
#include "tst_ibpartialsu.moc"
