// The team's catalog and price book from the repository in the studio (issue 18: "the price book
// from the repository applied to every open design"; the repository "holds ... the team's price
// book and user catalog"). Against a real throwaway PostgreSQL server: the owner pushes a catalog
// item and a price with the CLI; the studio connects (opens a design from the repository) and its
// palette shows the team's item, the open design is priced with the team's price, and a design
// with the team's item costs what `podwright-cli cost` says with the same catalog and price book. A
// failed load keeps the catalog in effect; an item the team removed stays in the design that uses
// it, and the Notes say it is no longer in the catalog.
#include "integration/helpers/clirunner.h"
#include "repo/helpers/pgcluster.h"
#include "repo/helpers/repofixtures.h"
#include "ui/helpers/waituntil.h"
#include "ui/helpers/windowfixture.h"

#include "actionregistry.h"
#include "canvasscene.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "mainwindow.h"
#include "palettewidget.h"
#include "reposession.h"
#include "studiocatalog.h"

#include "cost/costmodel.h"
#include "io/designfile.h"
#include "repo/repolocation.h"
#include "repo/repository.h"
#include "repo/teamcatalog.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace pw;
using namespace pw::ui;
using pw::test::CliResult;
using pw::test::PgCluster;
using pw::test::runCli;
using pw::test::sampleDesign;

class TestTeamCatalogStudio : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    const QString mDb = QStringLiteral("team");
    const QString mTeamSku = QStringLiteral("team-gpu-node");
    const double mTeamPrice = 251234;
    QString mPricedSku; // the sample design's item the owner puts in the price book
    double mBookPrice = 0;
    QStringList mErrors;

    QString uriOf(const QString& user) const { return mCluster.uri(mDb, user); }
    Repository admin() { return Repository(RepoLocation::parse(mCluster.connectionString(mDb))); }
    QString file(const QString& name) const { return mDir.filePath(name); }
    // The owner's team item: a shipped GPU server under the team's sku, at the team's quoted price.
    QJsonObject teamItem() const
    {
        const CatalogItem* shipped = testing::testCatalog().items(ItemKind::Server).front();
        QJsonObject item = shipped->snapshotJson();
        item[QStringLiteral("sku")] = mTeamSku;
        item[QStringLiteral("model")] = QStringLiteral("Team build of ") + shipped->model;
        item[QStringLiteral("price")] = QJsonObject{{QStringLiteral("value"), mTeamPrice},
            {QStringLiteral("currency"), QStringLiteral("USD")}, {QStringLiteral("kind"), QStringLiteral("list")},
            {QStringLiteral("source"), QStringLiteral("team quote Q-31")}};
        return item;
    }
    void pushTeamItem()
    {
        const QString path = file(QStringLiteral("team-catalog.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            QJsonDocument(QJsonObject{{QStringLiteral("schema"), 1}, {QStringLiteral("items"), QJsonArray{teamItem()}}})
                .toJson());
        f.close();
        const CliResult pushed = runCli({QStringLiteral("repo"), QStringLiteral("catalog-push"), path,
            QStringLiteral("--repo"), uriOf(QStringLiteral("olga"))});
        QVERIFY2(pushed.exitCode == 0, pushed.err.constData());
    }
    // Error dialogs are recorded: several tests expect one.
    std::unique_ptr<MainWindow> makeWindow()
    {
        return testing::makeWindow([this](const QString& title, const QString& message) {
            mErrors << title + QStringLiteral(": ") + message;
        });
    }
    // The window connected to the repository: the sample design opened from it as alice.
    std::unique_ptr<MainWindow> connectedWindow()
    {
        auto w = makeWindow();
        if (!w->repoSession()->open(uriOf(QStringLiteral("alice")), QStringLiteral("acme")))
            qWarning("open from the repository failed: %s", qPrintable(mErrors.join(QLatin1Char('\n'))));
        return w;
    }
    static int paletteShows(MainWindow& w, const QString& text)
    {
        w.palette()->setFilter(text);
        const int n = w.palette()->visibleItemCount();
        w.palette()->setFilter({});
        return n;
    }
    static const CostReport& settledCost(MainWindow& w)
    {
        [&] {
            QVERIFY2(testing::waitUntil(
                         [&] { return !w.analysis()->isPending(); }, w.analysis(), &ui::DesignAnalysis::updated),
                "the analysis with the team's prices");
        }();
        return *w.analysis()->cost();
    }
    static QStringList notes(MainWindow& w)
    {
        QStringList out;
        for (int i = 0; i < w.notesList()->count(); ++i)
            out << w.notesList()->item(i)->text();
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("PODWRIGHT_REPO");
        qunsetenv("PODWRIGHT_USER_CATALOG");
        QSettings().remove(QLatin1String(RepoSession::kAddressSetting));
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.createDatabase(mDb), qPrintable(mCluster.error()));
        Repository a = admin();
        a.migrate();
        a.grant(QStringLiteral("alice"), RepoRole::Editor);
        a.grant(QStringLiteral("olga"), RepoRole::Owner);
        Repository alice(RepoLocation::parse(uriOf(QStringLiteral("alice"))));
        QVERIFY(alice.push(sampleDesign(), QStringLiteral("acme"), QStringLiteral("start")).accepted);

        // The owner's changes, through the CLI as an owner makes them: a catalog item and a price for
        // the design's first bill-of-materials line (a quote above the catalog's price).
        pushTeamItem();
        const BomLine first
            = CostModel::compute(sampleDesign(), CostAssumptions::ofProperties(sampleDesign().properties()))
                  .bom.lines()
                  .front();
        mPricedSku = first.sku;
        mBookPrice = first.unitPrice + 700;
        const CliResult priced = runCli({QStringLiteral("repo"), QStringLiteral("price"), mPricedSku,
            QString::number(mBookPrice, 'f', 2), QStringLiteral("--source"), QStringLiteral("quote Q-32"),
            QStringLiteral("--repo"), uriOf(QStringLiteral("olga"))});
        QVERIFY2(priced.exitCode == 0, priced.err.constData());
    }

    void init() { mErrors.clear(); }

    void connectingLoadsTheTeamCatalogAndPriceBook()
    {
        auto w = makeWindow();
        // The file menu offers the reload beside the other repository actions.
        QAction* reload = w->action(ActionId::ReloadTeamCatalog);
        QVERIFY(reload);
        bool inFileMenu = false;
        for (QAction* menu : w->menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(reload))
                inFileMenu = true;
        QVERIFY(inFileMenu);
        // Before connecting: the shipped catalog only, no team label.
        QCOMPARE(paletteShows(*w, mTeamSku), 0);
        QVERIFY(!w->teamCatalogLabel()->isVisible());
        const int shipped = w->palette()->visibleItemCount();

        QVERIFY(w->repoSession()->open(uriOf(QStringLiteral("alice")), QStringLiteral("acme")));
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        // The palette refreshed: the team's item is there, with everything shipped.
        QCOMPARE(paletteShows(*w, mTeamSku), 1);
        QCOMPARE(w->palette()->visibleItemCount(), shipped + 1);
        QVERIFY(w->document()->catalog()->item(mTeamSku));
        // What is in effect is said: the label, its tooltip, the status bar.
        QVERIFY(w->teamCatalogLabel()->isVisible());
        QCOMPARE(w->teamCatalogLabel()->text(), QStringLiteral("Team catalog: 1 item, 1 price"));
        QVERIFY2(w->teamCatalogLabel()->toolTip().contains(QLatin1String("last changed"))
                && w->teamCatalogLabel()->toolTip().contains(QLatin1String("by olga")),
            qPrintable(w->teamCatalogLabel()->toolTip()));
        QVERIFY2(w->statusBar()->currentMessage().startsWith(QLatin1String("Catalog in effect")),
            qPrintable(w->statusBar()->currentMessage()));
        // The open design is priced from the team's book.
        const CostReport& cost = settledCost(*w);
        QCOMPARE(cost.priceBookLines(), 1);
        QVERIFY(w->priceBookLabel()->isVisible());
    }

    void aDesignWithTheTeamItemCostsWhatTheCliSays()
    {
        auto w = connectedWindow();
        QVERIFY(w->studioCatalog()->team());
        // Place the team's item from the palette's catalog, as a drag from the palette does.
        QVERIFY(w->scene()->placeItem(mTeamSku, QPointF(-400, -400)).ok);
        const CostReport& studio = settledCost(*w);
        bool teamLine = false;
        for (const BomLine& line : studio.bom.lines())
            if (line.sku == mTeamSku) {
                teamLine = true;
                QCOMPARE(line.quantity, 1);
                QCOMPARE(line.unitPrice, mTeamPrice);
            } else if (line.sku == mPricedSku) {
                QCOMPARE(line.priceKind, QStringLiteral("price-book"));
                QCOMPARE(line.unitPrice, mBookPrice);
            }
        QVERIFY(teamLine);
        const double studioCapex = studio.capex;
        // Without the team's price book the same design costs less by exactly the quote's difference:
        // the studio applied the book, not only the catalog.
        const CostReport plain = CostModel::compute(
            w->document()->design(), CostAssumptions::ofProperties(w->document()->design().properties()));
        double bookDifference = 0;
        for (const BomLine& line : plain.bom.lines())
            if (line.sku == mPricedSku)
                bookDifference = (mBookPrice - line.unitPrice) * line.quantity;
        QVERIFY(bookDifference > 0);
        QVERIFY(qAbs(studioCapex - (plain.capex + bookDifference)) < 0.01);

        // The CLI with the same catalog (catalog-pull, $PODWRIGHT_USER_CATALOG) and price book (--repo).
        const QString design = file(QStringLiteral("with-team-item.podwright"));
        DesignDocument::saveFile(w->document()->design(), design);
        const QString pulled = file(QStringLiteral("pulled.json"));
        const CliResult pull = runCli({QStringLiteral("repo"), QStringLiteral("catalog-pull"), QStringLiteral("-o"),
            pulled, QStringLiteral("--repo"), uriOf(QStringLiteral("alice"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        qputenv("PODWRIGHT_USER_CATALOG", pulled.toLocal8Bit());
        const CliResult cli = runCli({QStringLiteral("cost"), QStringLiteral("--json"), design,
            QStringLiteral("--repo"), uriOf(QStringLiteral("alice"))});
        qunsetenv("PODWRIGHT_USER_CATALOG");
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QCOMPARE(cli.json().value(QLatin1String("capex")).toDouble(), studioCapex);
        QCOMPARE(
            cli.json().value(QLatin1String("price_book")).toObject().value(QLatin1String("bom_lines_priced")).toInt(),
            studio.priceBookLines());
    }

    void aFailedLoadKeepsTheCatalogInEffect()
    {
        auto w = connectedWindow();
        QVERIFY(w->document()->catalog()->item(mTeamSku));
        const Catalog* before = w->studioCatalog()->catalog();
        const QString label = w->teamCatalogLabel()->text();
        // The server no longer lets alice in: the reload fails and says so; nothing changes.
        QVERIFY(mCluster.psql(mDb, QStringLiteral("ALTER ROLE alice NOLOGIN")));
        w->action(ActionId::ReloadTeamCatalog)->trigger();
        QVERIFY(mCluster.psql(mDb, QStringLiteral("ALTER ROLE alice LOGIN")));
        QCOMPARE(mErrors.size(), 1);
        QVERIFY2(mErrors.front().startsWith(QLatin1String("Team catalog not loaded"))
                && mErrors.front().contains(QLatin1String("not permitted to log in"))
                && mErrors.front().contains(QLatin1String("Nothing changed")),
            qPrintable(mErrors.front()));
        QCOMPARE(w->studioCatalog()->catalog(), before);
        QCOMPARE(paletteShows(*w, mTeamSku), 1);
        QCOMPARE(w->teamCatalogLabel()->text(), label);
        QCOMPARE(settledCost(*w).priceBookLines(), 1);
        // Back online, the same reload works.
        mErrors.clear();
        QVERIFY(w->reloadTeamCatalog());
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        // Leaving the repository for a local file keeps the team catalog in effect, and says so.
        QVERIFY(w->openFile(QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright")));
        QVERIFY(!w->repoSession()->origin());
        QCOMPARE(paletteShows(*w, mTeamSku), 1);
        QVERIFY(w->teamCatalogLabel()->isVisible());

        // A window that never connected has no repository to reload from: said, nothing changed.
        auto fresh = makeWindow();
        QSettings().remove(QLatin1String(RepoSession::kAddressSetting));
        QVERIFY(!fresh->reloadTeamCatalog());
        QCOMPARE(mErrors.size(), 1);
        QVERIFY2(mErrors.front().contains(QLatin1String("No repository is set")), qPrintable(mErrors.front()));
        QCOMPARE(paletteShows(*fresh, mTeamSku), 0);
        QVERIFY(!fresh->studioCatalog()->team());
    }

    void anItemTheTeamRemovedStaysInTheDesignThatUsesIt()
    {
        auto w = connectedWindow();
        QVERIFY(w->scene()->placeItem(mTeamSku, QPointF(-400, -400)).ok);
        const double capex = settledCost(*w).capex;
        const int nodes = static_cast<int>(w->document()->design().nodes().size());
        QVERIFY(notes(*w).filter(mTeamSku).isEmpty());
        // The owner withdraws the item from the team catalog; the studio reloads.
        QVERIFY(
            mCluster.psql(mDb, QStringLiteral("DELETE FROM podwright.catalog_items WHERE id = '%1'").arg(mTeamSku)));
        QVERIFY(w->reloadTeamCatalog());
        QVERIFY2(mErrors.isEmpty(), qPrintable(mErrors.join(QLatin1Char('\n'))));
        QCOMPARE(paletteShows(*w, mTeamSku), 0);
        QCOMPARE(w->teamCatalogLabel()->text(), QStringLiteral("Team catalog: 0 items, 1 price"));
        // The design keeps the node and its snapshot: it draws and costs as before, and the Notes say why.
        QCOMPARE(static_cast<int>(w->document()->design().nodes().size()), nodes);
        QCOMPARE(settledCost(*w).capex, capex);
        const QStringList missing = notes(*w).filter(mTeamSku);
        QCOMPARE(missing.size(), 1);
        QVERIFY2(
            missing.front().startsWith(QLatin1String("Not in the catalog in effect")), qPrintable(missing.front()));
        QVERIFY(w->notesDock()->isVisible());
        // Another one still comes from the design's own copy (as a duplicate would); nothing crashes.
        QVERIFY(w->scene()->placeItem(mTeamSku, QPointF(400, 400)).ok);
        QCOMPARE(static_cast<int>(w->document()->design().nodes().size()), nodes + 1);
        // Put it back for anything after this.
        pushTeamItem();
    }
};

QTEST_MAIN(TestTeamCatalogStudio)
#include "tst_teamcatalogstudio.moc"
