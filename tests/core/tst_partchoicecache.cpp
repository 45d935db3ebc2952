#include "helpers/testcatalog.h"

#include "generate/fabricgenerator.h"
#include "model/opticsrules.h"
#include "model/partchoicecache.h"

#include <QtTest>

using namespace pw;

// The generator's cache of cable and optics choices (PartChoiceCache): a link gets the parts
// OpticsRules would choose for it, the choice is made once per kind of link (port groups, speed,
// reach class), and a length in another reach class gets its own choice.
class TestPartChoiceCache : public QObject {
    Q_OBJECT

private:
    // A small generated SuperPOD: every kind of link the generator cables (compute, in-band,
    // out-of-band RJ45, UFM), with the port groups in its snapshot.
    static const Design& design()
    {
        static const Design d = [] {
            GeneratorOptions o;
            o.serverSku = QStringLiteral("dgx-h100");
            o.gpus = 256;
            o.switchSku = QStringLiteral("qm9700");
            GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
            if (!r.ok())
                qFatal("generate refused: %s", qPrintable(r.error));
            return std::move(*r.design);
        }();
        return d;
    }

    // The first link from a GPU server's compute port to a compute leaf.
    static const Link& computeLink()
    {
        const Design& d = design();
        const Link* found = nullptr;
        d.links().forEach([&](const Link& l) {
            const PortGroup* g = d.portGroup(l.a);
            if (!found && g && g->role == PortRole::Compute)
                found = &l;
        });
        if (!found)
            qFatal("no compute link in the generated design");
        return *found;
    }

    static bool same(const OpticsRules::Optical& x, const OpticsRules::Optical& y)
    {
        return x.fiber == y.fiber && x.moduleA == y.moduleA && x.moduleB == y.moduleB;
    }

private Q_SLOTS:
    void linksOfOneClassGetTheSameParts()
    {
        const Design& d = design();
        const Link& l = computeLink();
        const PortGroup& a = *d.portGroup(l.a);
        const PortGroup& b = *d.portGroup(l.b);
        const int speed = d.linkSpeedGbps(l);
        PartChoiceCache cache(OpticsRules::partsOf(test::shippedCatalog()));
        // 32 m and 45 m are both beyond the 30 m copper and within the multimode parts' 50 m: one
        // reach class.
        QCOMPARE(cache.reachClass(32.0), cache.reachClass(45.0));
        const OpticsRules::Optical first = cache.opticalFor(a, b, speed, 32.0);
        const OpticsRules::Optical second = cache.opticalFor(a, b, speed, 45.0);
        QVERIFY(first.ok());
        QVERIFY(same(first, second));
        QCOMPARE(first.fiber->cable->fiber, QStringLiteral("multimode"));
        QCOMPARE(cache.choicesMade(), size_t(1)); // the second link was answered from the cache
    }

    void aLongerReachClassGetsOtherParts()
    {
        const Design& d = design();
        const Link& l = computeLink();
        const PortGroup& a = *d.portGroup(l.a);
        const PortGroup& b = *d.portGroup(l.b);
        const int speed = d.linkSpeedGbps(l);
        PartChoiceCache cache(OpticsRules::partsOf(test::shippedCatalog()));
        QVERIFY(cache.reachClass(35.0) != cache.reachClass(80.0));
        const OpticsRules::Optical near = cache.opticalFor(a, b, speed, 35.0);
        const OpticsRules::Optical far = cache.opticalFor(a, b, speed, 80.0);
        QVERIFY(near.ok() && far.ok());
        // Beyond multimode's 50 m the link goes single-mode: another fiber and other modules.
        QCOMPARE(far.fiber->cable->fiber, QStringLiteral("singlemode"));
        QVERIFY(near.fiber != far.fiber);
        QVERIFY(near.moduleA != far.moduleA);
        QCOMPARE(cache.choicesMade(), size_t(2));
        // Copper is a choice of its own: a 2 m DAC in the rack, none at 80 m.
        QVERIFY(cache.copperFor(b, b, speed, 2.0) != nullptr);
        QCOMPARE(cache.copperFor(b, b, speed, 80.0), nullptr);
    }

    // The cache answers what OpticsRules answers, for every kind of link of a generated design, at
    // lengths on, just below and just above every reach limit of the catalog.
    void agreesWithOpticsRulesAtEveryLength()
    {
        const Design& d = design();
        const OpticsRules::Items parts = OpticsRules::partsOf(test::shippedCatalog());
        PartChoiceCache cache(parts);
        const std::vector<double> lengths{0, 0.5, 1, 1.5, 2, 2.0001, 3, 3.5, 5, 5.5, 10, 29.9, 30, 30.0001, 49.5, 50,
            50.0001, 99, 100, 100.0001, 150, 499, 500, 500.5, 1999, 2000, 2000.0001, 5000};
        int compared = 0;
        d.links().forEach([&](const Link& l) {
            const PortGroup* a = d.portGroup(l.a);
            const PortGroup* b = d.portGroup(l.b);
            QVERIFY(a && b);
            const int speed = d.linkSpeedGbps(l);
            for (double m : lengths) {
                QCOMPARE(cache.copperFor(*a, *b, speed, m), OpticsRules::copperFor(parts, *a, *b, speed, m));
                QVERIFY2(same(cache.opticalFor(*a, *b, speed, m), OpticsRules::opticalFor(parts, *a, *b, speed, m)),
                    qPrintable(QStringLiteral("link %1 at %2 m").arg(l.id.value()).arg(m)));
                ++compared;
            }
        });
        QVERIFY(compared > 1000);
        // Far fewer scans than links times lengths: the point of the cache.
        QVERIFY(cache.choicesMade() < size_t(compared) / 10);
    }
};

QTEST_GUILESS_MAIN(TestPartChoiceCache)
#include "tst_partchoicecache.moc"
