#include "helpers/pgcluster.h"
#include "integration/helpers/clirunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

using pw::test::CliResult;
using pw::test::PgCluster;
using pw::test::runCli;

// podwright-cli repo end to end against a PostgreSQL server started for this test: two users with
// their own connections, a viewer and an editor, each refusal shown with exit 1 and the server's
// reason, and the exit codes README.md documents.
class TestCliRepo : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    QString mDb = QStringLiteral("team");

    QString as(const QString& user) { return mCluster.uri(mDb, user); }
    QString file(const QString& name) { return mDir.filePath(name); }
    static QString text(const QByteArray& b) { return QString::fromUtf8(b); }
    static QString sample()
    {
        return QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
            + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright");
    }
    // A pulled file changed the way a user would change it (a waiver), so that revisions differ.
    static void waive(const QString& path, const QString& reason)
    {
        const CliResult r = runCli({QStringLiteral("waive"), path, QStringLiteral("--code"), QStringLiteral("X-TEST"),
            QStringLiteral("--reason"), reason});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.createDatabase(mDb), qPrintable(mCluster.error()));
        qunsetenv("PODWRIGHT_REPO");
    }

    void init() { qunsetenv("PODWRIGHT_REPO"); }

    void initAndGrantSetUpTheTeam()
    {
        const CliResult init = runCli({QStringLiteral("repo"), QStringLiteral("init"), QStringLiteral("--repo"),
            as(QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QVERIFY2(text(init.out).contains(QLatin1String("schema version 2 (created)")), init.out.constData());
        // The socket folder percent-encoded as the host, the other way libpq reads it.
        const QString encodedHost = QStringLiteral("postgresql://%1@%2:%3/%4")
                                        .arg(QLatin1String(PgCluster::kAdmin),
                                            QString::fromLatin1(QUrl::toPercentEncoding(mCluster.socketDir())),
                                            QString::number(mCluster.port()), mDb);
        const CliResult again
            = runCli({QStringLiteral("repo"), QStringLiteral("init"), QStringLiteral("--repo"), encodedHost});
        QVERIFY2(text(again.out).contains(QLatin1String("already current")), again.out.constData());
        for (const auto& [user, role] : {std::pair{"ed", "editor"}, std::pair{"vi", "viewer"}}) {
            const CliResult g = runCli({QStringLiteral("repo"), QStringLiteral("grant"), QLatin1String(user),
                QLatin1String(role), QStringLiteral("--repo"), as(QLatin1String(PgCluster::kAdmin))});
            QVERIFY2(g.exitCode == 0, g.err.constData());
        }
        const CliResult bad = runCli({QStringLiteral("repo"), QStringLiteral("grant"), QStringLiteral("x"),
            QStringLiteral("boss"), QStringLiteral("--repo"), as(QLatin1String(PgCluster::kAdmin))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(text(bad.err).contains(QLatin1String("unknown role 'boss'")), bad.err.constData());
        // Only the administrator grants: the server refuses the editor.
        const CliResult selfPromotion = runCli({QStringLiteral("repo"), QStringLiteral("grant"), QStringLiteral("ed"),
            QStringLiteral("owner"), QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QCOMPARE(selfPromotion.exitCode, 1);
        QVERIFY2(text(selfPromotion.err).contains(QLatin1String("refused")), selfPromotion.err.constData());
    }

    void anEditorPushesAndAViewerReads()
    {
        const QString mine = file(QStringLiteral("mine.podwright"));
        QVERIFY(QFile::copy(sample(), mine));
        // The editor's connection comes from the environment, the way a team member sets it once.
        qputenv("PODWRIGHT_REPO", as(QStringLiteral("ed")).toUtf8());
        const CliResult push = runCli({QStringLiteral("repo"), QStringLiteral("push"), mine, QStringLiteral("--name"),
            QStringLiteral("acme"), QStringLiteral("-m"), QStringLiteral("first proposal")});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        QVERIFY2(text(push.out).contains(QLatin1String("pushed acme revision 1")), push.out.constData());
        waive(mine, QStringLiteral("agreed with the customer"));
        const CliResult second = runCli({QStringLiteral("repo"), QStringLiteral("push"), mine, QStringLiteral("-m"),
            QStringLiteral("after the call")});
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QVERIFY2(text(second.out).contains(QLatin1String("pushed acme revision 2")), second.out.constData());
        qunsetenv("PODWRIGHT_REPO");

        const CliResult log = runCli({QStringLiteral("repo"), QStringLiteral("log"), QStringLiteral("acme"),
            QStringLiteral("--json"), QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(log.exitCode == 0, log.err.constData());
        const QJsonArray revisions = log.json().value(QLatin1String("revisions")).toArray();
        QCOMPARE(revisions.size(), 2);
        QCOMPARE(revisions[0].toObject().value(QLatin1String("number")).toInt(), 2);
        QCOMPARE(revisions[0].toObject().value(QLatin1String("author")).toString(), QStringLiteral("ed"));
        QCOMPARE(revisions[0].toObject().value(QLatin1String("message")).toString(), QStringLiteral("after the call"));
        QCOMPARE(revisions[1].toObject().value(QLatin1String("message")).toString(), QStringLiteral("first proposal"));
        QVERIFY(!revisions[0].toObject().value(QLatin1String("time")).toString().isEmpty());

        const CliResult list = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--json"),
            QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(list.exitCode == 0, list.err.constData());
        const QJsonArray designs = list.json().value(QLatin1String("designs")).toArray();
        QCOMPARE(designs.size(), 1);
        QCOMPARE(designs[0].toObject().value(QLatin1String("name")).toString(), QStringLiteral("acme"));
        QCOMPARE(designs[0].toObject().value(QLatin1String("latest")).toInt(), 2);

        // The viewer exports revision 1 as it was, and it is a design the other commands read.
        const QString old = file(QStringLiteral("old.json"));
        const CliResult pull = runCli(
            {QStringLiteral("repo"), QStringLiteral("pull"), QStringLiteral("acme"), QStringLiteral("--revision"),
                QStringLiteral("1"), QStringLiteral("-o"), old, QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        const CliResult info = runCli({QStringLiteral("info"), QStringLiteral("--json"), old});
        const CliResult infoOriginal = runCli({QStringLiteral("info"), QStringLiteral("--json"), sample()});
        QVERIFY2(info.exitCode == 0, info.err.constData());
        QCOMPARE(info.json(), infoOriginal.json());
    }

    void theViewersPushIsRefusedByTheServer()
    {
        const QString theirs = file(QStringLiteral("viewer.podwright"));
        const CliResult pull = runCli({QStringLiteral("repo"), QStringLiteral("pull"), QStringLiteral("acme"),
            QStringLiteral("-o"), theirs, QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        const CliResult push = runCli({QStringLiteral("repo"), QStringLiteral("push"), theirs, QStringLiteral("-m"),
            QStringLiteral("viewer tries"), QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QCOMPARE(push.exitCode, 1);
        // Schema 2: a push is a call of the server's push function, which only editors may make.
        QVERIFY2(text(push.err).contains(QLatin1String("permission denied for function push_revision")),
            push.err.constData());
        QVERIFY2(text(push.err).contains(QLatin1String("editor role")), push.err.constData());
        const CliResult price
            = runCli({QStringLiteral("repo"), QStringLiteral("price"), QStringLiteral("dgx-h100"), QStringLiteral("1"),
                QStringLiteral("--source"), QStringLiteral("me"), QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QCOMPARE(price.exitCode, 1);
        QVERIFY2(
            text(price.err).contains(QLatin1String("permission denied for table price_book")), price.err.constData());
        QVERIFY2(text(price.err).contains(QLatin1String("owner role")), price.err.constData());
    }

    void aStalePushIsRefusedWithAWayForward()
    {
        const QString a = file(QStringLiteral("a.podwright"));
        const QString b = file(QStringLiteral("b.podwright"));
        for (const QString& path : {a, b}) {
            const CliResult pull = runCli({QStringLiteral("repo"), QStringLiteral("pull"), QStringLiteral("acme"),
                QStringLiteral("-o"), path, QStringLiteral("--repo"), as(QStringLiteral("ed"))});
            QVERIFY2(pull.exitCode == 0, pull.err.constData());
        }
        waive(a, QStringLiteral("first editor"));
        const CliResult first = runCli(
            {QStringLiteral("repo"), QStringLiteral("push"), a, QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        waive(b, QStringLiteral("second editor"));
        const CliResult stale = runCli(
            {QStringLiteral("repo"), QStringLiteral("push"), b, QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QCOMPARE(stale.exitCode, 1);
        QVERIFY2(text(stale.err).contains(QLatin1String("someone pushed in between")), stale.err.constData());
        QVERIFY2(text(stale.err).contains(QLatin1String("repo pull acme")), stale.err.constData());
        // The way forward it names: the same file as a new design.
        const CliResult branch = runCli({QStringLiteral("repo"), QStringLiteral("push"), b, QStringLiteral("--name"),
            QStringLiteral("acme-alt"), QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QVERIFY2(branch.exitCode == 0, branch.err.constData());
        QVERIFY2(text(branch.out).contains(QLatin1String("pushed acme-alt revision 1")), branch.out.constData());
    }

    void costUsesTheTeamPriceBook()
    {
        // The price of the design's first bill-of-materials line, as the design prices it.
        const CliResult plain = runCli({QStringLiteral("cost"), QStringLiteral("--json"), sample()});
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
        const CliResult bom = runCli({QStringLiteral("bom"), QStringLiteral("--json"), sample()});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        const QJsonObject firstLine = bom.json().value(QLatin1String("lines")).toArray().first().toObject();
        const QString sku = firstLine.value(QLatin1String("sku")).toString();
        const int quantity = firstLine.value(QLatin1String("quantity")).toInt();
        const double unit = firstLine.value(QLatin1String("unit_price")).toDouble();
        QVERIFY(!sku.isEmpty() && quantity > 0);
        QVERIFY(plain.json().value(QLatin1String("price_book")).isNull());
        // Only an owner sets team prices (here the administrator); everyone who reads may cost with them.
        const CliResult set = runCli({QStringLiteral("repo"), QStringLiteral("price"), sku,
            QString::number(unit + 500, 'f', 2), QStringLiteral("--source"), QStringLiteral("quote Q-9"),
            QStringLiteral("--repo"), as(QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(set.exitCode == 0, set.err.constData());
        const CliResult team = runCli({QStringLiteral("cost"), QStringLiteral("--json"), sample(),
            QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(team.exitCode == 0, team.err.constData());
        const QJsonArray teamLines
            = team.json().value(QLatin1String("price_book")).toObject().value(QLatin1String("lines")).toArray();
        QCOMPARE(teamLines.size(), 1);
        QCOMPARE(teamLines[0].toObject().value(QLatin1String("sku")).toString(), sku);
        QCOMPARE(teamLines[0].toObject().value(QLatin1String("quantity")).toInt(), quantity);
        QVERIFY(teamLines[0].toObject().value(QLatin1String("source")).toString().contains(QLatin1String("quote Q-9")));
        QVERIFY(qAbs(team.json().value(QLatin1String("capex")).toDouble()
                    - (plain.json().value(QLatin1String("capex")).toDouble() + 500.0 * quantity))
            < 0.01);
        QCOMPARE(
            team.json().value(QLatin1String("price_book")).toObject().value(QLatin1String("bom_lines_priced")).toInt(),
            1);
        // The text says where the prices came from; $PODWRIGHT_REPO with --team-prices does the same.
        qputenv("PODWRIGHT_REPO", as(QStringLiteral("vi")).toUtf8());
        const CliResult text = runCli({QStringLiteral("cost"), sample(), QStringLiteral("--team-prices")});
        qunsetenv("PODWRIGHT_REPO");
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("1 of") && text.out.contains("team price book"), text.out.constData());
        // Without a repository, --team-prices is a usage error.
        QCOMPARE(runCli({QStringLiteral("cost"), sample(), QStringLiteral("--team-prices")}).exitCode, 2);
    }

    void theTeamCatalogIsSharedAndUsedByGenerateAndCost()
    {
        // A team's own quote for a server: the shipped DGX H100 under another sku and price.
        const CliResult shown = runCli(
            {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("dgx-h100"), QStringLiteral("--json")});
        QVERIFY2(shown.exitCode == 0, shown.err.constData());
        QJsonObject item = shown.json();
        item[QStringLiteral("sku")] = QStringLiteral("team-dgx-h100");
        QJsonObject price = item.value(QLatin1String("price")).toObject();
        price[QStringLiteral("value")] = 251234;
        item[QStringLiteral("price")] = price;
        const QString mine = file(QStringLiteral("team-catalog.json"));
        {
            QFile f(mine);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(
                QJsonDocument(QJsonObject{{QStringLiteral("schema"), 1}, {QStringLiteral("items"), QJsonArray{item}}})
                    .toJson());
        }
        // An editor may not change the team catalog: the server refuses.
        const CliResult editor = runCli({QStringLiteral("repo"), QStringLiteral("catalog-push"), mine,
            QStringLiteral("--repo"), as(QStringLiteral("ed"))});
        QCOMPARE(editor.exitCode, 1);
        QVERIFY2(editor.err.contains("permission denied for table catalog_items") && editor.err.contains("owner role"),
            editor.err.constData());
        const CliResult owner = runCli({QStringLiteral("repo"), QStringLiteral("catalog-push"), mine,
            QStringLiteral("--repo"), as(QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(owner.exitCode == 0, owner.err.constData());
        QVERIFY2(owner.out.contains("pushed 1 catalog item"), owner.out.constData());
        // A file the catalog would refuse is refused whole, before the repository is asked.
        const QString bad = file(QStringLiteral("bad-catalog.json"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"schema": 1, "items": [{"sku": "dgx-h100", "vendor": "x"}]})");
        }
        const CliResult refused = runCli({QStringLiteral("repo"), QStringLiteral("catalog-push"), bad,
            QStringLiteral("--repo"), as(QLatin1String(PgCluster::kAdmin))});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("nothing was pushed"), refused.err.constData());

        // A viewer pulls it; generate and cost use the team's item through $PODWRIGHT_USER_CATALOG.
        const QString pulled = file(QStringLiteral("pulled-catalog.json"));
        const CliResult pull = runCli({QStringLiteral("repo"), QStringLiteral("catalog-pull"), QStringLiteral("-o"),
            pulled, QStringLiteral("--repo"), as(QStringLiteral("vi"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        QVERIFY2(pull.out.contains("1 team catalog item"), pull.out.constData());
        const QString design = file(QStringLiteral("team-server.podwright"));
        qputenv("PODWRIGHT_USER_CATALOG", pulled.toLocal8Bit());
        const CliResult generated = runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("team-dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("4"), QStringLiteral("--switch"),
            QStringLiteral("qm9700"), QStringLiteral("-o"), design});
        qunsetenv("PODWRIGHT_USER_CATALOG");
        QVERIFY2(generated.exitCode == 0, generated.err.constData());
        const CliResult bom = runCli({QStringLiteral("bom"), QStringLiteral("--json"), design});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        bool found = false;
        for (const QJsonValue& v : bom.json().value(QLatin1String("lines")).toArray()) {
            const QJsonObject line = v.toObject();
            if (line.value(QLatin1String("sku")).toString() == QLatin1String("team-dgx-h100")) {
                found = true;
                QCOMPARE(line.value(QLatin1String("quantity")).toInt(), 4);
                QCOMPARE(line.value(QLatin1String("unit_price")).toDouble(), 251234.0);
            }
        }
        QVERIFY2(found, bom.out.constData());
    }

    void badConnectionsAreExplained()
    {
        const CliResult none = runCli({QStringLiteral("repo"), QStringLiteral("list")});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(text(none.err).contains(QLatin1String("PODWRIGHT_REPO")), none.err.constData());
        const CliResult password = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            QStringLiteral("postgresql://ed:secret@localhost/team")});
        QCOMPARE(password.exitCode, 2);
        QVERIFY2(text(password.err).contains(QLatin1String("PGPASSFILE")), password.err.constData());
        QVERIFY2(!text(password.err).contains(QLatin1String("secret")), password.err.constData());
        const CliResult missing = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            mCluster.uri(QStringLiteral("nothing_here"), QStringLiteral("ed"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(text(missing.err).contains(QLatin1String("cannot connect")), missing.err.constData());
        const CliResult unknown = runCli({QStringLiteral("repo"), QStringLiteral("frobnicate")});
        QCOMPARE(unknown.exitCode, 2);
    }

    void aNewerSchemaIsRefused()
    {
        QVERIFY2(mCluster.createDatabase(QStringLiteral("future")), qPrintable(mCluster.error()));
        const QString admin = mCluster.uri(QStringLiteral("future"), QLatin1String(PgCluster::kAdmin));
        QCOMPARE(runCli({QStringLiteral("repo"), QStringLiteral("init"), QStringLiteral("--repo"), admin}).exitCode, 0);
        QVERIFY(mCluster.psql(QStringLiteral("future"),
            QStringLiteral("UPDATE podwright.meta SET value = '99' WHERE key = 'schema_version'")));
        for (const char* command : {"list", "init"}) {
            const CliResult r
                = runCli({QStringLiteral("repo"), QLatin1String(command), QStringLiteral("--repo"), admin});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(text(r.err).contains(QLatin1String("newer than this Podwright")), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliRepo)
#include "tst_cli_repo.moc"
