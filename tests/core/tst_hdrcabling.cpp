#include "helpers/testcatalog.h"

#include "catalog/catalog.h"
#include "cost/billofmaterials.h"
#include "cost/costassumptions.h"
#include "cost/costmodel.h"
#include "generate/fabricgenerator.h"
#include "topology/fabricanalyzer.h"
#include "validate/designrules.h"

#include <QtTest>

#include <map>

using namespace pw;

// HDR InfiniBand cabling (issue 26, section 1): the source document's minimum viable cluster is
// 2 DGX H100 "connected via InfiniBand HDR, with a shared Lustre or WEKA file system", for
// "approximately $1.5M-$2.5M for hardware" (gpu-clusters-source.txt). Every one of its links has a
// catalog part: the DGX H100's twin-port OSFP cages take NVIDIA MFA7U10 splitters (2 x 200G
// QSFP56) to the QM8700, and the BlueField-3 and WEKA QSFP112 ports take the MFS1S00 HDR QSFP56
// active optical cable, as do QM8700-to-QM8700 runs beyond the 2 m of a DAC.
class TestHdrCabling : public QObject {
    Q_OBJECT

private:
    static Design make(int nodes, const char* storage)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = nodes;
        o.switchSku = QStringLiteral("qm8700");
        o.storageSku = QLatin1String(storage);
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    // Links per cable part, and the links with none.
    static std::map<QString, int> cablesOf(const Design& d)
    {
        std::map<QString, int> out;
        d.links().forEach([&](const Link& l) { ++out[l.cableSku]; });
        return out;
    }
    static const Finding* finding(const std::vector<Finding>& all, const char* code)
    {
        for (const Finding& f : all)
            if (f.code == QLatin1String(code))
                return &f;
        return nullptr;
    }

private Q_SLOTS:
    // 2 DGX H100 on QM8700 with a WEKA pod (the source document's minimum cluster): no link
    // without a cable (before: the 20 storage links had none, so the capex left them out).
    //   Compute: 2 servers x 8 rails = 16 links on 8 MFA7U10 splitters (two ports of a cage each).
    //   Storage: 2 servers x 2 BlueField-3 ports + 16 WEKA ports = 20 links, 6.5-9.5 m runs to
    //   the storage QM8700 pair: 20 MFS1S00 HDR AOCs at $500 = $10,000.
    // Capital cost, line by line at the catalog's prices:
    //   2 DGX H100 x $270,000 = $540,000; 2 management servers x $15,000 = $30,000;
    //   WEKA pod $900,000; 3 QM8700 x $15,000 = $45,000; 1 SN2201 $6,000; 2 SN4600C x $20,000
    //   = $40,000; 3 racks x $2,500 = $7,500; 7 PDUs x $4,500 = $31,500;
    //   20 HDR AOCs x $500 = $10,000; 8 MFA7U10 x $1,000 = $8,000; 24 Cat6 x $5 = $120;
    //   4 100G DACs x $80 = $320; 2 HDR DACs x $150 = $300; 8 MPO fibers x $60 = $480;
    //   16 100G SR4 modules x $150 = $2,400.
    //   Total $1,621,620: inside the source document's $1.5M-$2.5M.
    void minimumClusterIsCabledAndCosted()
    {
        const Design d = make(2, "weka-pod");
        const std::map<QString, int> cables = cablesOf(d);
        QCOMPARE(cables.count(QString()), size_t(0));
        QCOMPARE(cables.at(QStringLiteral("aoc-200g-qsfp56")), 20);
        QCOMPARE(cables.at(QStringLiteral("aoc-2x200g-qsfp56-splitter")), 16);
        QVERIFY(finding(validate(d), "LINK-UNCABLED") == nullptr);

        const BillOfMaterials bom = BillOfMaterials::of(d);
        QCOMPARE(bom.uncabledLinks(), 0);
        int aocs = 0;
        for (const BomLine& line : bom.lines())
            if (line.sku == QLatin1String("aoc-200g-qsfp56"))
                aocs += line.quantity;
        QCOMPARE(aocs, 20);
        const CostReport cost = CostModel::compute(d, CostAssumptions::defaults());
        QCOMPARE(cost.capex, 1621620.0);
        QVERIFY(cost.capex >= 1.5e6 && cost.capex <= 2.5e6);
    }

    // 64 DGX H100 on QM8700 (SUs of 20, 32 leaves, 20 spines): the 640 leaf-spine links run between
    // network racks, beyond a DAC's 2 m: each takes an HDR AOC (before: none, so the switches'
    // cables were missing from the cost). The UFM appliance of the catalog is the NDR one (single-port
    // OSFP ConnectX-7): no catalog part joins its cage to a QM8700 QSFP56 port, and the finding says
    // which ends lack a part rather than inventing one.
    void hdrFabricIsCabledAndNamesWhatIsMissing()
    {
        const Design d = make(64, "");
        AnalysisOptions a;
        a.bisection = false;
        QCOMPARE(analyzeFabric(d, a).leafSpineLinks, 640);
        int leafSpineUncabled = 0;
        d.links().forEach([&](const Link& l) {
            const Node* x = d.node(l.a.node);
            const Node* y = d.node(l.b.node);
            leafSpineUncabled += l.cableSku.isEmpty() && x->network == Network::Compute
                && y->network == Network::Compute && x->tier != FabricTier::None && y->tier != FabricTier::None;
        });
        QCOMPARE(leafSpineUncabled, 0);
        const std::map<QString, int> cables = cablesOf(d);
        QVERIFY(cables.at(QStringLiteral("aoc-200g-qsfp56")) >= 640);
        // 2 UFM appliances x 2 compute ports = 4 links without a part.
        QCOMPARE(cables.at(QString()), 4);
        const std::vector<Finding> findings = validate(d); // kept: f points into it
        const Finding* f = finding(findings, "LINK-UNCABLED");
        QVERIFY(f != nullptr);
        QVERIFY2(
            f->message.contains(QStringLiteral("qm8700 QSFP56 to ufm-appliance OSFP (4)")), qPrintable(f->message));
    }
};

QTEST_GUILESS_MAIN(TestHdrCabling)
#include "tst_hdrcabling.moc"
