#include "helpers/rulesfixture.h"

#include "analysis/designcomparison.h"
#include "analysis/designfigures.h"
#include "validate/waiver.h"

#include <QJsonArray>
#include <QtTest>

using namespace pw;

// The what-if comparison (DesignComparison) on the small clean cluster of the rules fixture, with
// figures worked out by hand from the fixture's catalog: a server draws 10 kW (8 kW typical) and
// costs $100,000, an OSFP DAC costs $100, the default PUE is 1.56.
class TestDesignComparison : public QObject {
    Q_OBJECT

private:
    struct Side {
        Design design;
        DesignFigures figures;
        explicit Side(Design d)
            : design(std::move(d)), figures(DesignFigures::of(design, FiguresRequest::forDesign(design)))
        {
        }
    };

    static DesignComparison compare(const Side& before, const Side& after)
    {
        return DesignComparison::of(ComparedDesign{QStringLiteral("before"), &before.design, &before.figures},
            ComparedDesign{QStringLiteral("after"), &after.design, &after.figures});
    }

    // The clean cluster with two more servers, each on both leaves with four 2 m DACs (16 links).
    static Design grown()
    {
        fx::Cluster c;
        c.addComputeServers({"srv3", "srv4"});
        return c.b.d;
    }

private Q_SLOTS:
    void twoServersAddedGiveExactDeltas()
    {
        const Side before(fx::Cluster().b.d);
        const Side after(grown());
        const DesignComparison c = compare(before, after);

        QCOMPARE(c.nodesAdded.size(), size_t(2));
        QCOMPARE(c.nodesAdded[0].name, QStringLiteral("srv3"));
        QCOMPARE(c.nodesAdded[1].name, QStringLiteral("srv4"));
        QCOMPARE(c.nodesAdded[0].sku, QStringLiteral("srv"));
        QVERIFY(c.nodesRemoved.empty());
        QCOMPARE(c.nodesMatchedById, int(before.design.nodes().size()));
        QCOMPARE(c.linksAdded.size(), size_t(16));
        QVERIFY(c.linksRemoved.empty());
        QVERIFY2(c.linksAdded[0].from.startsWith(QLatin1String("srv3:")), qPrintable(c.linksAdded[0].from));
        QVERIFY2(c.linksAdded[0].to.startsWith(QLatin1String("leaf1:")), qPrintable(c.linksAdded[0].to));
        QCOMPARE(c.linksAdded[0].cableSku, QStringLiteral("dac"));

        QCOMPARE(*c.figure(QStringLiteral("gpus"))->delta(), 16.0);
        QCOMPARE(*c.figure(QStringLiteral("servers"))->delta(), 2.0);
        QCOMPARE(*c.figure(QStringLiteral("links"))->delta(), 16.0);
        QCOMPARE(*c.figure(QStringLiteral("racks"))->delta(), 0.0);
        QVERIFY(!c.figure(QStringLiteral("racks"))->changed());
        // Two 10 kW servers (8 kW typical); facility = IT maximum x PUE 1.56. Typical power is one
        // definition (issue 26): the fixture's switches have no typical figure, so every item counts
        // at its maximum and the typical delta is the servers' 2 x 10 kW too.
        QCOMPARE(*c.figure(QStringLiteral("it_power_max_kw"))->delta(), 20.0);
        QCOMPARE(*c.figure(QStringLiteral("it_power_typical_kw"))->delta(), 20.0);
        QVERIFY(qFuzzyCompare(*c.figure(QStringLiteral("facility_power_kw"))->delta(), 31.2));
        QCOMPARE(c.figure(QStringLiteral("it_power_max_kw"))->deltaText(), QStringLiteral("+20 kW"));

        // Capital cost: 2 x $100,000 + 16 x $100 = $201,600 at every end of the band (point prices).
        const Band capex = *c.band(QStringLiteral("capex_usd"))->delta();
        QCOMPARE(capex.low, 201600.0);
        QCOMPARE(capex.mid, 201600.0);
        QCOMPARE(capex.high, 201600.0);
        // ... and it is the difference of each design's own cost report, not a second sum.
        QCOMPARE(capex.mid, after.figures.cost->capexBand.mid - before.figures.cost->capexBand.mid);
        QCOMPARE(*c.band(QStringLiteral("capex_usd"))->after, after.figures.cost->capexBand);

        // Bill of materials: the server line and the DAC line changed, nothing else.
        QCOMPARE(c.bomLines.size(), size_t(2));
        const BomLineDifference& servers = c.bomLines[0];
        QCOMPARE(servers.sku, QStringLiteral("srv"));
        QCOMPARE(servers.quantityBefore, 2);
        QCOMPARE(servers.quantityAfter, 4);
        QCOMPARE(servers.unitPriceBefore, 100000.0);
        QCOMPARE(servers.unitPriceAfter, 100000.0);
        QCOMPARE(servers.extendedDelta().mid, 200000.0);
        const BomLineDifference& dac = c.bomLines[1];
        QCOMPARE(dac.sku, QStringLiteral("dac"));
        QCOMPARE(dac.quantityDelta(), 16);
        QCOMPARE(dac.extendedDelta().mid, 1600.0);

        // Bisection of each design, as its own fabric analysis found it.
        QCOMPARE(c.figure(QStringLiteral("bisection_ratio"))->before, before.figures.bisectionRatio());
        QCOMPARE(c.figure(QStringLiteral("bisection_ratio"))->after, after.figures.bisectionRatio());
        QCOMPARE(c.figure(QStringLiteral("one_spine_lost_ratio"))->after, after.figures.fabric->oneSpineLostRatio);

        // The two new servers sit in no rack and oversubscribe the leaves: those findings are new,
        // and the clean cluster had none to lose.
        QVERIFY(c.findingsRemoved.empty());
        QVERIFY(!c.findingsAdded.empty());
        QCOMPARE(c.findingsAdded.size(), after.figures.findings.size() - before.figures.findings.size());
        QVERIFY(!c.isEmpty());

        const QJsonObject json = c.toJson();
        QCOMPARE(json[QLatin1String("nodes")][QLatin1String("added")].toArray().size(), 2);
        QCOMPARE(json[QLatin1String("figures")][QLatin1String("gpus")][QLatin1String("delta")].toDouble(), 16.0);
        QCOMPARE(json[QLatin1String("cost")][QLatin1String("capex_usd")][QLatin1String("delta")][QLatin1String("mid")]
                     .toDouble(),
            201600.0);
        const QString text = c.toText();
        QVERIFY2(text.contains(QLatin1String("Nodes: 2 added, 0 removed")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("  + srv3 (srv)")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("change +$201,600")), qPrintable(text));
    }

    // The same connection recabled (another part and length on the same two ports) is one changed
    // link, not a link removed and one added, and not only two BOM lines.
    void aRecabledLinkIsAChangedLink()
    {
        const Side before(fx::Cluster().b.d);
        Design recabled = before.design;
        Link changed;
        recabled.links().forEach([&](const Link& l) {
            if (changed.cableSku.isEmpty() && l.cableSku == QLatin1String("dac"))
                changed = l;
        });
        QVERIFY(!changed.cableSku.isEmpty());
        changed.cableSku = QStringLiteral("dac112");
        changed.lengthM = 3;
        recabled.replaceLink(changed);
        const Side after(std::move(recabled));
        const DesignComparison c = compare(before, after);

        QVERIFY(c.linksAdded.empty());
        QVERIFY(c.linksRemoved.empty());
        QCOMPARE(c.linksChanged.size(), size_t(1));
        const LinkChange& l = c.linksChanged.front();
        QCOMPARE(l.after.id, changed.id);
        QCOMPARE(l.before.cableSku, QStringLiteral("dac"));
        QCOMPARE(l.after.cableSku, QStringLiteral("dac112"));
        QCOMPARE(l.before.lengthM, 2.0);
        QCOMPARE(l.after.lengthM, 3.0);
        QCOMPARE(l.before.from, l.after.from);
        QCOMPARE(l.what(), QStringLiteral("cable dac → dac112, 2 m → 3 m"));
        QVERIFY(!c.isEmpty());
        // The BOM still says what it costs: one DAC fewer, one QSFP112 DAC more.
        QCOMPARE(c.bomLines.size(), size_t(2));

        const QJsonArray json = c.toJson()[QLatin1String("links")][QLatin1String("changed")].toArray();
        QCOMPARE(json.size(), 1);
        QCOMPARE(json[0][QLatin1String("before")][QLatin1String("cable")].toString(), QStringLiteral("dac"));
        QCOMPARE(json[0][QLatin1String("after")][QLatin1String("length_m")].toDouble(), 3.0);
        const QString text = c.toText();
        QVERIFY2(text.contains(QLatin1String("Links: 0 added, 0 removed, 1 changed")), qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("  ~ %1 — %2: cable dac → dac112, 2 m → 3 m").arg(l.after.from, l.after.to)),
            qPrintable(text));

        // The length alone changed is a changed link too; nothing changed is none.
        Design longer = before.design;
        Link same = *longer.link(changed.id);
        same.lengthM = 5;
        longer.replaceLink(same);
        const DesignComparison onlyLength = compare(before, Side(std::move(longer)));
        QCOMPARE(onlyLength.linksChanged.size(), size_t(1));
        QCOMPARE(onlyLength.linksChanged.front().what(), QStringLiteral("2 m → 5 m"));
        QVERIFY(compare(before, before).linksChanged.empty());
    }

    void theReverseRemovesWhatWasAdded()
    {
        const Side small(fx::Cluster().b.d);
        const Side big(grown());
        const DesignComparison c = compare(big, small);
        QCOMPARE(c.nodesRemoved.size(), size_t(2));
        QCOMPARE(c.linksRemoved.size(), size_t(16));
        QVERIFY(c.nodesAdded.empty());
        QCOMPARE(*c.figure(QStringLiteral("it_power_max_kw"))->delta(), -20.0);
        QCOMPARE(c.band(QStringLiteral("capex_usd"))->delta()->mid, -201600.0);
        QCOMPARE(c.bomLines[0].quantityDelta(), -2);
    }

    // A waiver added between two revisions: the finding is on both sides, now waived.
    void aNewWaiverIsListedAsWaived()
    {
        const Side before(grown());
        QVERIFY(!before.figures.findings.empty());
        const Finding& first = before.figures.findings.front();
        Design waived = grown();
        Waiver w;
        w.code = first.code;
        w.reason = QStringLiteral("agreed with the customer");
        waived.setProperties(Waiver::addedTo(waived.properties(), w));
        const Side after(std::move(waived));
        const DesignComparison c = compare(before, after);
        QVERIFY(c.findingsAdded.empty());
        QVERIFY(c.findingsRemoved.empty());
        QVERIFY(!c.findingsWaived.empty());
        QCOMPARE(c.findingsWaived.front().code, first.code);
        QVERIFY(c.findingsUnwaived.empty());
        QVERIFY(c.figure(QStringLiteral("findings_waived"))->delta().value_or(0) > 0.0);
        QVERIFY(!c.isEmpty());
        QVERIFY(c.toText().contains(QLatin1String("waived: ")));
        const DesignComparison back = compare(after, before);
        QCOMPARE(back.findingsUnwaived.size(), c.findingsWaived.size());
    }

    void sameDesignHasNoChanges()
    {
        const Side a(fx::Cluster().b.d);
        const Side b(fx::Cluster().b.d);
        const DesignComparison c = compare(a, b);
        QVERIFY(c.isEmpty());
        QVERIFY(c.toJson()[QLatin1String("unchanged")].toBool());
        QVERIFY(c.toText().contains(QLatin1String("No differences")));
    }

    // Two designs built separately (other ids): nodes pair up by name and catalog item, and a link
    // between the same named ports is the same link.
    void separateFilesMatchByName()
    {
        fx::Cluster one;
        Design renumbered;
        // The same nodes inserted in reverse order get other ids.
        {
            fx::Builder b;
            for (const char* cable : {"dac", "dac112", "cat6"})
                b.d.recordItem(*one.b.d.item(QString::fromLatin1(cable)));
            std::vector<const Node*> nodes;
            one.b.d.nodes().forEach([&](const Node& n) { nodes.push_back(&n); });
            std::map<std::uint32_t, NodeId> map;
            for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
                map[(*it)->id.value()] = b.add(*one.b.d.item((*it)->sku), (*it)->name, (*it)->network, (*it)->tier);
            }
            one.b.d.links().forEach([&](const Link& l) {
                if (l.a.node == one.srv1 || l.b.node == one.srv1)
                    return; // and srv1 is left unwired
                b.link(PortRef{map[l.a.node.value()], l.a.index}, PortRef{map[l.b.node.value()], l.b.index}, l.cableSku,
                    l.lengthM);
            });
            renumbered = b.d;
        }
        const Side before(one.b.d);
        const Side after(renumbered);
        const DesignComparison c = compare(before, after);
        QVERIFY(c.nodesAdded.empty());
        QVERIFY(c.nodesRemoved.empty());
        QCOMPARE(c.nodesMatchedById + c.nodesMatchedByName, int(one.b.d.nodes().size()));
        QVERIFY(c.nodesMatchedByName > 0);
        QVERIFY(c.linksAdded.empty());
        QCOMPARE(int(c.linksRemoved.size()), int(one.b.d.linksOf(one.srv1).size()));
        for (const LinkDifference& l : c.linksRemoved)
            QVERIFY2(l.from.startsWith(QLatin1String("srv1:")) || l.to.startsWith(QLatin1String("srv1:")),
                qPrintable(l.from + QLatin1String(" - ") + l.to));
    }
};

QTEST_GUILESS_MAIN(TestDesignComparison)
#include "tst_designcomparison.moc"
