// One rack naming scheme (issue 30): "<row>-<NN>" for the generator's racks and for racks made by
// hand (row A), so the canvas, the racks and floor views, the proposal and the exports print one name.
#include "helpers/testcatalog.h"

#include "generate/fabricgenerator.h"
#include "model/design.h"
#include "model/racknaming.h"

#include <QRegularExpression>
#include <QtTest>

using namespace pw;

namespace {

Group rack(Design& d, const QString& name)
{
    Group g;
    g.id = d.allocateGroupId();
    g.kind = GroupKind::Rack;
    g.name = name;
    return g;
}

} // namespace

class TestRackNaming : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowAndNumber()
    {
        QCOMPARE(rackName(QStringLiteral("U001"), 3), QStringLiteral("U001-03"));
        QCOMPARE(rackName(QStringLiteral("A"), 12), QStringLiteral("A-12"));
        QCOMPARE(rackName(QStringLiteral("A"), 123), QStringLiteral("A-123"));
    }

    // The next hand rack follows the highest in row A, whatever else the design holds: a deleted
    // rack's number is not reused for a different rack.
    void nextHandRackFollowsTheHighest()
    {
        Design d;
        QCOMPARE(nextHandRackName(d), QStringLiteral("A-01"));
        d.insertGroup(rack(d, QStringLiteral("A-01")));
        d.insertGroup(rack(d, QStringLiteral("A-07")));
        d.insertGroup(rack(d, QStringLiteral("U001-09"))); // another row
        d.insertGroup(rack(d, QStringLiteral("Rack 12"))); // an older file's name
        Group unit = rack(d, QStringLiteral("A-20"));
        unit.kind = GroupKind::ScalableUnit; // not a rack
        d.insertGroup(unit);
        QCOMPARE(nextHandRackName(d), QStringLiteral("A-08"));
    }

    // Every rack the generator writes follows "<row>-<NN>".
    void generatedRacksFollowTheScheme()
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.nodes = 64;
        o.switchSku = QStringLiteral("qm9700");
        const GenerateResult r = FabricGenerator::generate(o, test::shippedCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        static const QRegularExpression scheme(QStringLiteral("^[A-Za-z0-9]+-\\d{2,}$"));
        int racks = 0;
        r.design->groups().forEach([&](const Group& g) {
            if (g.kind != GroupKind::Rack)
                return;
            ++racks;
            QVERIFY2(scheme.match(g.name).hasMatch(), qPrintable(g.name));
        });
        QVERIFY(racks > 2);
    }
};

QTEST_GUILESS_MAIN(TestRackNaming)
#include "tst_racknaming.moc"
