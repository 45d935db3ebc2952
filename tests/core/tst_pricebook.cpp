// The team price book (cost/pricebook.h) in the one cost computation: the bill of materials prices
// a listed item's lines at the book's price with its source, a price set on a node still wins, and
// capital cost, TCO and the tier follow from the same computation (issue 18: the team's price book
// applied to every design).
#include "cost/costmodel.h"
#include "cost/pricebook.h"
#include "io/designfile.h"
#include "model/design.h"

#include <QtTest>

#include <memory>

using namespace pw;

class TestPriceBook : public QObject {
    Q_OBJECT

    static Design sample()
    {
        return DesignFile::load(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright"));
    }
    static CostReport costed(const Design& d, std::shared_ptr<const PriceBook> book = {})
    {
        CostAssumptions a = CostAssumptions::ofProperties(d.properties());
        a.priceBook = std::move(book);
        return CostModel::compute(d, a);
    }

private Q_SLOTS:
    void aListedItemIsPricedFromTheBook()
    {
        const Design d = sample();
        const CostReport plain = costed(d);
        QVERIFY(plain.priceBookText().isEmpty());
        const BomLine first = plain.bom.lines().front();
        auto book = std::make_shared<PriceBook>(QStringLiteral("the repository 'team'"));
        book->set(first.sku, {first.unitPrice * 2, QStringLiteral("quote Q-1"), QStringLiteral("olga")});
        book->set(QStringLiteral("not-in-this-design"), {1, QStringLiteral("x"), {}});
        const CostReport team = costed(d, book);
        const BomLine& line = team.bom.lines().front();
        QCOMPARE(line.sku, first.sku);
        QCOMPARE(line.priceKind, QStringLiteral("price-book"));
        QCOMPARE(line.unitPrice, first.unitPrice * 2);
        QCOMPARE(line.unitBand.low, line.unitBand.high); // a quoted price is a point
        QCOMPARE(line.priceSource, QStringLiteral("team price book: quote Q-1 (set by olga)"));
        // Every other line as before; the capital cost moves by exactly the difference.
        QCOMPARE(team.bom.lines().size(), plain.bom.lines().size());
        for (size_t i = 1; i < team.bom.lines().size(); ++i)
            QCOMPARE(team.bom.lines()[i], plain.bom.lines()[i]);
        QVERIFY(qAbs(team.capex - (plain.capex + first.unitPrice * first.quantity)) < 0.01);
        QVERIFY(team.tco > plain.tco);
        QCOMPARE(team.priceBookLines(), 1);
        QVERIFY2(team.priceBookText().startsWith(QStringLiteral("1 of %1 bill-of-materials lines priced from the team "
                                                                "price book of the repository 'team' (2 prices)")
                                                     .arg(plain.bom.lines().size())),
            qPrintable(team.priceBookText()));
        QCOMPARE(team.toJson()
                     .value(QLatin1String("price_book"))
                     .toObject()
                     .value(QLatin1String("bom_lines_priced"))
                     .toInt(),
            1);
    }

    void aPriceSetOnANodeStillWins()
    {
        Design d = sample();
        NodeId serverId;
        QString sku;
        d.nodes().forEach([&](const Node& n) {
            if (!serverId.isValid()) {
                serverId = n.id;
                sku = n.sku;
            }
        });
        Node n = *d.node(serverId);
        n.priceOverride = 12345;
        d.replaceNode(n);
        auto book = std::make_shared<PriceBook>(QStringLiteral("team"));
        book->set(sku, {99, QStringLiteral("quote"), {}});
        bool sawOverride = false;
        const CostReport report = costed(d, book);
        for (const BomLine& l : report.bom.lines()) {
            if (l.sku != sku)
                continue;
            if (l.priceKind == QLatin1String("override")) {
                sawOverride = true;
                QCOMPARE(l.unitPrice, 12345.0);
            } else {
                QCOMPARE(l.priceKind, QStringLiteral("price-book"));
                QCOMPARE(l.unitPrice, 99.0);
            }
        }
        QVERIFY(sawOverride);
    }
};

QTEST_GUILESS_MAIN(TestPriceBook)
#include "tst_pricebook.moc"
