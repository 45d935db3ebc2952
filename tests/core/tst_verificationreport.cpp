// The verification in the design's terms and the copy the design keeps (issue 27 §2):
// VerificationReport from a discovery with one cable moved and one removed, stored in the design
// properties, saved, reopened, replaced by the next verification, dropped once the designed subnet
// changes, and bounded in size.
#include "helpers/testcatalog.h"

#include "analysis/fabricverification.h"
#include "analysis/verificationreport.h"
#include "export/ibfabric.h"
#include "export/ibsimnet.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"
#include "io/ibnetdiscovertopology.h"
#include "model/design.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;

namespace {

Design generated(int nodes)
{
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.nodes = nodes;
    o.switchSku = QStringLiteral("qm9700");
    GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
    if (!r.ok())
        qFatal("generate failed: %s", qPrintable(r.error));
    return std::move(*r.design);
}

// The design's ibsim net file as ibnetdiscover prints the same fabric (Ca records, each node's
// description after "#", every cable at 4xNDR), after `edit` recabled it.
IbnetdiscoverTopology discovered(const Design& d, const std::function<void(QByteArray&)>& edit = {})
{
    QByteArray net = IbsimNet::exportOf(d).bytes;
    if (edit)
        edit(net);
    QString s = QString::fromUtf8(net);
    s.replace(QStringLiteral("\nHca "), QStringLiteral("\nCa "));
    static const QRegularExpression node(
        QStringLiteral("^(Switch|Ca) (\\d+) \"([^\"]+)\"$"), QRegularExpression::MultilineOption);
    static const QRegularExpression port(
        QStringLiteral("^(\\[\\d+\\] \"[^\"]+\"\\[\\d+\\])$"), QRegularExpression::MultilineOption);
    s.replace(node, QStringLiteral("\\1 \\2 \"\\3\" # \"\\3\""));
    s.replace(port, QStringLiteral("\\1 # lid 1 4xNDR"));
    IbnetdiscoverParse p = IbnetdiscoverTopology::parse(s.toUtf8());
    if (!p.topology)
        qFatal("not ibnetdiscover output: %s", qPrintable(p.error));
    return std::move(*p.topology);
}

// Four DGX H100 on one QM9700 leaf ("leaf-r1-8"): server n's rail r on port 8(n-1)+r.
// dgx-h100-00002 mlx5_0 moved from port 9 to the free port 40, port 17's cable (dgx-h100-00003
// mlx5_0) removed.
void moveOneRemoveOne(QByteArray& net)
{
    net.replace("[9] \"dgx-h100-00002 mlx5_0\"[1]", "[40] \"dgx-h100-00002 mlx5_0\"[1]");
    net.replace("\"leaf-r1-8\"[9]", "\"leaf-r1-8\"[40]");
    net.replace("[17] \"dgx-h100-00003 mlx5_0\"[1]\n", "");
    net.replace("[1] \"leaf-r1-8\"[17]\n", "");
}

VerificationReport verify(const Design& d, const IbnetdiscoverTopology& found, const QString& source)
{
    const IbFabric designed = IbFabric::of(d, Network::Compute);
    return VerificationReport::of(d, designed, FabricVerification::of(designed, found, {}), source,
        QDateTime(QDate(2026, 12, 5), QTime(7, 30, 15, 250), Qt::UTC));
}

const VerificationDifference* find(const VerificationReport& r, DifferenceKind kind)
{
    for (const VerificationDifference& d : r.differences)
        if (d.kind == kind)
            return &d;
    return nullptr;
}

} // namespace

class TestVerificationReport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // 32 designed links, 30 as designed; the moved cable is miscabled (its DGX end as designed,
    // its far end on port 40, to go to port 9) and carries the cabling plan's label of row 9.
    void differencesInTheDesignsTerms()
    {
        const Design d = generated(4);
        const VerificationReport r = verify(d, discovered(d, moveOneRemoveOne), QStringLiteral("rack-1.topo"));
        QCOMPARE(r.designedLinks, 32);
        QCOMPARE(r.asDesignedLinks, 30);
        QCOMPARE(r.discoveredLinks, 31);
        QCOMPARE(r.differenceCount(), 2);
        QCOMPARE(
            r.headline(), QStringLiteral("30 of 32 compute links as designed; 2 differences: 1 missing, 1 miscabled"));
        const VerificationDifference* m = find(r, DifferenceKind::Miscabled);
        QVERIFY(m && m->expected);
        QCOMPARE(m->a.device, QStringLiteral("dgx-h100-00002 mlx5_0"));
        QCOMPARE(m->a.rack, QStringLiteral("U001-02"));
        QCOMPARE(m->a.unit, 9);
        QCOMPARE(m->b.text(), QStringLiteral("leaf-r1-8 port 40 (rack U001-01, U1)"));
        QCOMPARE(m->expected->port, 9);
        QCOMPARE(m->label, QStringLiteral("C-00009"));
        QCOMPARE(m->fix,
            QStringLiteral("Move the end of cable C-00009 at leaf-r1-8 port 40 (rack U001-01, U1) to "
                           "leaf-r1-8 port 9 (rack U001-01, U1)"));
        const Link* link = d.link(m->link);
        QVERIFY(link);
        QCOMPARE(d.node(link->a.node)->name + d.node(link->b.node)->name, QStringLiteral("dgx-h100-00002leaf-r1-8"));
        const VerificationDifference* gone = find(r, DifferenceKind::Missing);
        QVERIFY(gone);
        QCOMPARE(gone->label, QStringLiteral("C-00017"));
        QVERIFY(gone->fix.startsWith(QLatin1String("Run cable C-00017 from dgx-h100-00003 mlx5_0 port 1")));
    }

    // Kept in the properties, saved, reopened: the same report; the next verification replaces it.
    void storedVerificationRoundTrips()
    {
        Design d = generated(4);
        const VerificationReport r = verify(d, discovered(d, moveOneRemoveOne), QStringLiteral("rack-1.topo"));
        d.setProperties(r.storedIn(d.properties()));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("kept.podwright"));
        DesignFile::save(d, file);
        const Design reopened = DesignFile::load(file);
        const auto kept = VerificationReport::stored(reopened);
        QVERIFY(kept);
        QCOMPARE(kept->headline(), r.headline());
        QCOMPARE(kept->source, QStringLiteral("rack-1.topo"));
        QCOMPARE(kept->when, QDateTime(QDate(2026, 12, 5), QTime(7, 30, 15), Qt::UTC));
        QCOMPARE(kept->differences.size(), r.differences.size());
        for (size_t i = 0; i < r.differences.size(); ++i) {
            const VerificationDifference& a = r.differences[i];
            const VerificationDifference& b = kept->differences[i];
            QVERIFY(b.kind == a.kind);
            QVERIFY(b.network == Network::Compute);
            QCOMPARE(b.a.text(), a.a.text());
            QCOMPARE(b.b.text(), a.b.text());
            QVERIFY(b.a.node == a.a.node);
            QVERIFY(b.link == a.link);
            QCOMPARE(b.label, a.label);
            QCOMPARE(b.fix, a.fix);
            QCOMPARE(b.expected.has_value(), a.expected.has_value());
        }

        // The cluster recabled and discovered again: the new result replaces the old one.
        Design again = reopened;
        const VerificationReport fixed = verify(again, discovered(again), QStringLiteral("rack-1-fixed.topo"));
        again.setProperties(fixed.storedIn(again.properties()));
        const auto now = VerificationReport::stored(again);
        QVERIFY(now && now->isAsDesigned());
        QCOMPARE(now->headline(), QStringLiteral("32 of 32 compute links as designed"));
        QCOMPARE(now->source, QStringLiteral("rack-1-fixed.topo"));
        QVERIFY(now->differences.empty());
    }

    // Stale once the designed subnet changes (a compute cable removed); not after an edit outside
    // it (the design renamed, an out-of-band cable removed).
    void anEditOfTheSubnetMakesItStale()
    {
        Design d = generated(4);
        d.setProperties(verify(d, discovered(d), QStringLiteral("a.topo")).storedIn(d.properties()));
        QVERIFY(VerificationReport::stored(d));
        d.setName(QStringLiteral("renamed"));
        LinkId compute;
        LinkId outOfBand;
        d.links().forEach([&](const Link& l) {
            const Network n = d.linkNetwork(l);
            if (n == Network::Compute && !compute.isValid())
                compute = l.id;
            if (n == Network::OutOfBand && !outOfBand.isValid())
                outOfBand = l.id;
        });
        QVERIFY(compute.isValid() && outOfBand.isValid());
        (void)d.takeLink(outOfBand);
        QVERIFY(VerificationReport::stored(d));
        QVERIFY(!VerificationReport::isStale(d));
        (void)d.takeLink(compute);
        QVERIFY(!VerificationReport::stored(d));
        QVERIFY(VerificationReport::isStale(d));
    }

    // One scalable unit (508 designed links) against a discovery of one leaf and no cable: 508
    // missing. The design keeps the counts and the first 200 rows (about 500 bytes each, ~100 KB
    // of the properties' 1 MiB); the headline still counts all of them.
    void storedCopyIsBounded()
    {
        const Design d = generated(32);
        const IbnetdiscoverParse bare = IbnetdiscoverTopology::parse("Switch 64 \"S-1\" # \"leaf-r1-1\"\n");
        QVERIFY(bare.topology);
        const VerificationReport r = verify(d, *bare.topology, QStringLiteral("empty.topo"));
        QCOMPARE(r.designedLinks, 508);
        QCOMPARE(r.missing, 508);
        QCOMPARE(r.differences.size(), size_t(508));
        const QJsonObject stored = r.storedJson();
        QCOMPARE(
            stored.value(QLatin1String("differences")).toArray().size(), VerificationReport::kMaxStoredDifferences);
        QVERIFY(QJsonDocument(stored).toJson(QJsonDocument::Compact).size() < 150'000);
        const auto back = VerificationReport::fromStoredJson(stored);
        QVERIFY(back);
        QCOMPARE(back->unlisted(), 308);
        QCOMPARE(back->headline(),
            QStringLiteral("0 of 508 compute links as designed (UFM links: 0 of 4); 508 differences: 508 missing"));
    }

    // A damaged stored object (the file is untrusted) is ignored, never half read.
    void damagedStoredObjectIsIgnored()
    {
        const Design d = generated(4);
        const QJsonObject good = verify(d, discovered(d, moveOneRemoveOne), QStringLiteral("a.topo")).storedJson();
        QVERIFY(VerificationReport::fromStoredJson(good));
        QJsonObject negative = good;
        negative[QStringLiteral("missing")] = -1;
        QVERIFY(!VerificationReport::fromStoredJson(negative));
        QJsonObject noFix = good;
        QJsonArray rows = noFix.value(QLatin1String("differences")).toArray();
        for (qsizetype i = 0; i < rows.size(); ++i)
            if (rows[i].toObject().value(QLatin1String("kind")).toString() == QLatin1String("miscabled")) {
                QJsonObject row = rows[i].toObject();
                row.remove(QStringLiteral("expected"));
                rows[i] = row;
            }
        noFix[QStringLiteral("differences")] = rows;
        QVERIFY(!VerificationReport::fromStoredJson(noFix));
        QJsonObject badKind = good;
        badKind[QStringLiteral("network")] = QStringLiteral("nonsense");
        QVERIFY(!VerificationReport::fromStoredJson(badKind));
    }
};

QTEST_GUILESS_MAIN(TestVerificationReport)
#include "tst_verificationreport.moc"
