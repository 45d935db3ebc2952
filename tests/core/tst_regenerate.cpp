// Issue 14, "edit, don't regenerate": a generated design's dials (servers, oversubscription,
// storage tier, type, keep every server) turned on the design itself, as one command that undo
// takes back exactly.
#include "helpers/testcatalog.h"

#include "commands/replacedesigncommand.h"
#include "generate/fabricgenerator.h"
#include "generate/regenerate.h"
#include "model/designintent.h"
#include "model/softwarestack.h"

#include <QtTest>

using namespace pw;

class TestRegenerate : public QObject {
    Q_OBJECT

    static GeneratorOptions dials()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 64;
        o.switchSku = QStringLiteral("qm9700");
        o.topology = TopologyKind::RailOptimized;
        o.storageSku = QStringLiteral("weka-pod");
        return o;
    }
    static Design make(const GeneratorOptions& o)
    {
        GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        if (!r.ok())
            qFatal("generate failed: %s", qPrintable(r.error));
        return std::move(*r.design);
    }
    static int computeSpines(const Design& d)
    {
        int n = 0;
        d.nodes().forEach(
            [&](const Node& node) { n += node.network == Network::Compute && node.tier == FabricTier::Spine ? 1 : 0; });
        return n;
    }

private Q_SLOTS:
    void dialsAreReadBackFromTheDesign()
    {
        const Design d = make(dials());
        const auto read = Regenerate::dialsOf(d);
        QVERIFY(read);
        // 64 servers asked for; the UFM pair took one server's slot (63 built), the dial says 64.
        QCOMPARE(read->nodes, 64);
        QCOMPARE(read->oversubscription.toString(), QStringLiteral("1:1"));
        QVERIFY(read->hasStorage);
        QVERIFY(!read->keepEveryNode);
        // The same dials rebuild the same design: nothing the generator was told is lost.
        const GenerateResult again = Regenerate::withDials(d, *read, test::shippedCatalog());
        QVERIFY2(again.ok(), qPrintable(again.error));
        QVERIFY(*again.design == d);
    }

    void oversubscriptionChangesOnTheDesignAndUndoes()
    {
        Design d = make(dials());
        const Design original = d;
        DesignDials twoToOne = *Regenerate::dialsOf(d);
        twoToOne.oversubscription = *Oversubscription::parse(QStringLiteral("2:1"));
        GenerateResult r = Regenerate::withDials(d, twoToOne, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));

        // The same as generating 2:1 from scratch.
        GeneratorOptions o = dials();
        o.oversubscription = twoToOne.oversubscription;
        const Design fresh = make(o);
        QCOMPARE(r.design->nodes().size(), fresh.nodes().size());
        QCOMPARE(r.design->links().size(), fresh.links().size());
        QCOMPARE(computeSpines(*r.design), computeSpines(fresh));
        QVERIFY(computeSpines(fresh) < computeSpines(original));
        QCOMPARE(r.design->name(), fresh.name()); // the descriptive default name follows

        const QString text = Regenerate::describeChange(*Regenerate::dialsOf(d), twoToOne);
        QCOMPARE(text, QStringLiteral("Change oversubscription 1:1 → 2:1"));
        ReplaceDesignCommand cmd(text, std::move(*r.design));
        const quint64 revision = d.revision();
        QVERIFY(cmd.apply(d).ok);
        QVERIFY(d.revision() > revision);
        QCOMPARE(computeSpines(d), computeSpines(fresh));
        QCOMPARE(Regenerate::dialsOf(d)->oversubscription.toString(), QStringLiteral("2:1"));
        QVERIFY(cmd.undo(d));
        QVERIFY(d == original);
        QVERIFY(d.revision() > revision); // views see a change, never an old revision
        QVERIFY(cmd.redo(d));
        QCOMPARE(computeSpines(d), computeSpines(fresh));
        QVERIFY(cmd.undo(d));
        QVERIFY(d == original);
    }

    void unchangedReplacementIsRefused()
    {
        Design d = make(dials());
        ReplaceDesignCommand cmd(QStringLiteral("Regenerate"), d);
        const CommandResult r = cmd.apply(d);
        QVERIFY(!r.ok);
        QVERIFY(r.reason.contains(QStringLiteral("not change")));
    }

    void nameIntentAndTypeAreKept()
    {
        GeneratorOptions o = dials();
        o.name = QStringLiteral("Alpha training");
        DesignIntent intent;
        intent.clusterType = ClusterType::Training;
        intent.sitePowerBudgetKw = 900;
        o.properties.insert(QStringLiteral("intent"), intent.toJson());
        o.properties.insert(QStringLiteral("stack"), SoftwareStack::defaultFor(intent.clusterType).toJson());
        const Design d = make(o);
        DesignDials changed = *Regenerate::dialsOf(d);
        QVERIFY(changed.clusterType == ClusterType::Training);
        changed.nodes = 128;
        changed.clusterType = ClusterType::Inference;
        changed.storageTier = StorageTier::Best;
        const GenerateResult r = Regenerate::withDials(d, changed, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.design->name(), QStringLiteral("Alpha training")); // a user's name stays
        const DesignIntent after = DesignIntent::ofProperties(r.design->properties());
        QVERIFY(after.clusterType == ClusterType::Inference);
        QVERIFY(after.sitePowerBudgetKw == std::optional<double>(900));
        QVERIFY(after.storageTier == std::optional<StorageTier>(StorageTier::Best));
        // The stack was the training default, so it follows the type.
        QVERIFY(
            SoftwareStack::ofProperties(r.design->properties()) == SoftwareStack::defaultFor(ClusterType::Inference));
        QCOMPARE(Regenerate::dialsOf(*r.design)->nodes, 128);
    }

    void aHandMadeDesignHasNoDials()
    {
        const Design hand = test::smallDesign();
        QVERIFY(!Regenerate::dialsOf(hand));
        DesignDials any;
        any.nodes = 4;
        const GenerateResult r = Regenerate::withDials(hand, any, test::shippedCatalog());
        QVERIFY(!r.ok());
        QVERIFY(r.error.contains(QStringLiteral("not made by the reference-design generator")));
    }

    void keepEveryNodeAddsTheServerBack()
    {
        const Design d = make(dials());
        DesignDials keep = *Regenerate::dialsOf(d);
        QVERIFY(!Regenerate::notesOf(d).isEmpty()); // the generator said the UFM took a slot
        keep.keepEveryNode = true;
        const GenerateResult r = Regenerate::withDials(d, keep, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        int before = 0;
        int after = 0;
        d.nodes().forEach([&](const Node& n) { before += n.sku == QLatin1String("dgx-h100"); });
        r.design->nodes().forEach([&](const Node& n) { after += n.sku == QLatin1String("dgx-h100"); });
        QCOMPARE(before, 63);
        QCOMPARE(after, 64);
        QVERIFY(Regenerate::dialsOf(*r.design)->keepEveryNode);
    }
};

QTEST_GUILESS_MAIN(TestRegenerate)
#include "tst_regenerate.moc"
