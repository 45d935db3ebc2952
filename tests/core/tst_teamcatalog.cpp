// The team catalog (repo/teamcatalog.h) put on top of a catalog while the studio runs (issue 18:
// the repository's catalog and price book in the studio): the team's items join a new catalog, the
// catalog it started from is untouched, a price-only entry overrides a price, a refused item is
// left out and named, a JSON user catalog loads exactly as the same file does, and a design's items
// that a catalog lacks are found.
#include "catalog/catalog.h"
#include "model/design.h"
#include "repo/teamcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace pw;

class TestTeamCatalog : public QObject {
    Q_OBJECT

    std::unique_ptr<Catalog> mBase;

    // A team's own quote for a shipped server: the same item under another sku at a point price.
    QJsonObject teamServer(const QString& sku, double usd) const
    {
        const CatalogItem* shipped = mBase->items(ItemKind::Server).front();
        QJsonObject item = shipped->snapshotJson();
        item[QStringLiteral("sku")] = sku;
        item[QStringLiteral("model")] = QStringLiteral("team quote of ") + shipped->model;
        item[QStringLiteral("price")] = QJsonObject{{QStringLiteral("value"), usd},
            {QStringLiteral("currency"), QStringLiteral("USD")}, {QStringLiteral("kind"), QStringLiteral("list")},
            {QStringLiteral("source"), QStringLiteral("team quote Q-7")}};
        return item;
    }
    static QJsonObject userCatalog(const QJsonArray& items)
    {
        return {{QStringLiteral("schema"), 1}, {QStringLiteral("items"), items}};
    }
    static TeamCatalog team(const QJsonArray& items, PriceBook book = PriceBook(QStringLiteral("the repository 't'")))
    {
        return TeamCatalog(QStringLiteral("t"), userCatalog(items), std::move(book),
            Repository::CatalogChange{QDateTime(QDate(2026, 12, 4), QTime(5, 31), Qt::UTC), QStringLiteral("carol")});
    }

private Q_SLOTS:
    void initTestCase()
    {
        mBase = Catalog::loadDefault();
        QVERIFY(mBase->size() > 10);
    }

    void theTeamsItemsJoinANewCatalogAndTheBaseStaysAsItWas()
    {
        const size_t before = mBase->size();
        const CatalogItem* shippedServer = mBase->items(ItemKind::Server).front();
        const double shippedPrice = shippedServer->price.value;
        const QString shippedSku = shippedServer->sku;
        const QJsonObject priceOnly{{QStringLiteral("sku"), shippedSku},
            {QStringLiteral("price"),
                QJsonObject{{QStringLiteral("value"), 123456}, {QStringLiteral("currency"), QStringLiteral("USD")},
                    {QStringLiteral("source"), QStringLiteral("team quote Q-8")}}}};
        const TeamCatalog t = team({teamServer(QStringLiteral("team-server-a"), 251234), priceOnly});
        TeamCatalog::Applied applied = t.applyTo(*mBase);
        QVERIFY2(applied.issues.empty(), applied.issues.empty() ? "" : qPrintable(applied.issues.front().toString()));
        const Catalog& c = *applied.catalog;
        QCOMPARE(c.size(), before + 1);
        const CatalogItem* mine = c.item(QStringLiteral("team-server-a"));
        QVERIFY(mine);
        QCOMPARE(mine->price.value, 251234.0);
        QCOMPARE(mine->originFile, t.origin());
        // Listed, searchable and by kind, as the palette reads it.
        bool listed = false;
        for (const CatalogItem* i : c.items(ItemKind::Server))
            listed = listed || i == mine;
        QVERIFY(listed);
        QCOMPARE(c.search(QStringLiteral("team-server-a")).size(), size_t(1));
        // The price-only entry overrides the shipped item's price as a price-book price.
        QCOMPARE(c.item(shippedSku)->price.value, 123456.0);
        QVERIFY(c.item(shippedSku)->price.kind == PriceKind::PriceBook);
        // Every other shipped item is in the new catalog unchanged; the base is untouched.
        for (const CatalogItem* i : mBase->items())
            if (i->sku != shippedSku) {
                QVERIFY2(c.item(i->sku), qPrintable(i->sku));
                QCOMPARE(c.item(i->sku)->snapshotJson(), i->snapshotJson());
            }
        QCOMPARE(mBase->size(), before);
        QVERIFY(!mBase->item(QStringLiteral("team-server-a")));
        QCOMPARE(mBase->item(shippedSku)->price.value, shippedPrice);
    }

    void aRefusedItemIsLeftOutAndNamed()
    {
        // An item the catalog would refuse (a shipped sku with more than a price) and a good one.
        QJsonObject clash = teamServer(mBase->items(ItemKind::Switch).front()->sku, 1000);
        const TeamCatalog t = team({clash, teamServer(QStringLiteral("team-server-b"), 200000)});
        TeamCatalog::Applied applied = t.applyTo(*mBase);
        QCOMPARE(applied.issues.size(), size_t(1));
        QCOMPARE(applied.issues.front().sku, clash.value(QLatin1String("sku")).toString());
        QVERIFY2(applied.issues.front().toString().contains(QLatin1String("team catalog (repository 't')")),
            qPrintable(applied.issues.front().toString()));
        QVERIFY(applied.catalog->item(QStringLiteral("team-server-b")));
        QCOMPARE(applied.catalog->size(), mBase->size() + 1);
    }

    void aUserCatalogLoadsTheSameFromJsonAsFromItsFile()
    {
        // One definition: `repo catalog-pull` writes the file $PODWRIGHT_USER_CATALOG reads; the studio
        // applies the same JSON without the file.
        const QJsonObject json = userCatalog({teamServer(QStringLiteral("team-server-c"), 199999)});
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pulled.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(json).toJson());
        f.close();
        auto fromFile = mBase->copy();
        QVERIFY(fromFile->loadUserFile(path).empty());
        auto fromJson = mBase->copy();
        QVERIFY(fromJson->loadUserCatalog(json, QStringLiteral("pulled.json")).empty());
        QCOMPARE(fromJson->size(), fromFile->size());
        for (const CatalogItem* i : fromFile->items()) {
            QVERIFY(fromJson->item(i->sku));
            QCOMPARE(fromJson->item(i->sku)->snapshotJson(), i->snapshotJson());
        }
        // A file that is not a user catalog is refused the same way.
        QCOMPARE(mBase->copy()->loadUserCatalog(QJsonObject{{QStringLiteral("schema"), 2}}, QStringLiteral("x")).size(),
            size_t(1));
    }

    void aDesignsItemsMissingFromACatalogAreFound()
    {
        const TeamCatalog t = team({teamServer(QStringLiteral("team-server-d"), 180000)});
        TeamCatalog::Applied applied = t.applyTo(*mBase);
        Design d;
        d.recordItem(*applied.catalog->item(QStringLiteral("team-server-d")));
        d.recordItem(*mBase->items(ItemKind::Switch).front());
        QVERIFY(TeamCatalog::missingItems(d, *applied.catalog).isEmpty());
        QCOMPARE(TeamCatalog::missingItems(d, *mBase), QStringList{QStringLiteral("team-server-d")});
    }

    void itSaysWhatIsInEffect()
    {
        PriceBook book(QStringLiteral("the repository 't'"));
        book.set(QStringLiteral("x"), {1, QStringLiteral("q"), QStringLiteral("carol")});
        book.set(QStringLiteral("y"), {2, QStringLiteral("q"), QStringLiteral("carol")});
        const TeamCatalog t = team({teamServer(QStringLiteral("team-server-e"), 1)}, book);
        QCOMPARE(t.itemCount(), 1);
        QCOMPARE(t.describe(),
            QStringLiteral("the team catalog of the repository 't': 1 catalog item and 2 prices, last changed "
                           "2026-12-04 05:31:00 UTC by carol"));
        QVERIFY(t == team({teamServer(QStringLiteral("team-server-e"), 1)}, book));
        QVERIFY(!(t == team({teamServer(QStringLiteral("team-server-e"), 2)}, book)));
        QVERIFY(!(t == team({teamServer(QStringLiteral("team-server-e"), 1)})));
        QCOMPARE(TeamCatalog().itemCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTeamCatalog)
#include "tst_teamcatalog.moc"
