#include "helpers/repofixtures.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"

#include <QtTest>

#include <atomic>
#include <thread>

using namespace pw;
using pw::test::PgCluster;
using pw::test::repoLocation;
using pw::test::sampleDesign;
using pw::test::serverAnswer;
using pw::test::withNote;

// The team repository against a real PostgreSQL server started for this test: schema versions,
// push and pull, optimistic concurrency, and the server (not the client) refusing what a role may
// not do. Each test works in its own database of one cluster; the login roles are cluster-wide.
class TestRepository : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    int mDatabases = 0;

    // A new database with the schema, and alice (editor), victor (viewer), olga (owner) granted.
    QString freshRepository(bool initialise = true)
    {
        const QString name = QStringLiteral("repo%1").arg(++mDatabases);
        if (!mCluster.createDatabase(name))
            qFatal("cannot create a database: %s", qPrintable(mCluster.error()));
        if (initialise) {
            Repository admin(repoLocation(mCluster, name));
            admin.migrate();
            admin.grant(QStringLiteral("alice"), RepoRole::Editor);
            admin.grant(QStringLiteral("victor"), RepoRole::Viewer);
            admin.grant(QStringLiteral("olga"), RepoRole::Owner);
        }
        return name;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(mCluster.start(), qPrintable(mCluster.error())); }

    void initCreatesTheSchemaOnceAndRepeatsHarmlessly()
    {
        const QString db = freshRepository(false);
        Repository admin(repoLocation(mCluster, db));
        QCOMPARE(admin.schemaVersion(), 0);
        QCOMPARE(admin.migrate(), 0); // found nothing, created version 1
        QCOMPARE(admin.schemaVersion(), Repository::kSchemaVersion);
        QCOMPARE(admin.migrate(), Repository::kSchemaVersion); // nothing to do the second time
        QString roles;
        QVERIFY2(mCluster.psql(db,
                     QStringLiteral("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles "
                                    "WHERE rolname LIKE 'pw\\_%1\\_%'")
                         .arg(db),
                     &roles),
            qPrintable(mCluster.error()));
        // The database's own roles (issue 31), none of the server-wide podwright_* of schema 1.
        QCOMPARE(roles, QStringLiteral("pw_%1_editor,pw_%1_owner,pw_%1_viewer").arg(db));
    }

    void aRepositoryWithoutSchemaSaysToRunInit()
    {
        const QString db = freshRepository(false);
        Repository admin(repoLocation(mCluster, db));
        try {
            (void)admin.list();
            QFAIL("listing an uninitialised repository succeeded");
        } catch (const DatabaseError& e) {
            QVERIFY2(e.message().contains(QLatin1String("repo init")), qPrintable(e.message()));
        }
    }

    void aNewerSchemaIsRefusedAndLeftAlone()
    {
        const QString db = freshRepository();
        QVERIFY(
            mCluster.psql(db, QStringLiteral("UPDATE podwright.meta SET value = '99' WHERE key = 'schema_version'")));
        Repository admin(repoLocation(mCluster, db));
        QVERIFY_THROWS_EXCEPTION(NewerFormatError, (void)admin.list());
        try {
            admin.migrate();
            QFAIL("init migrated a newer schema");
        } catch (const NewerFormatError& e) {
            QVERIFY2(e.message().contains(QLatin1String("upgrade Podwright")), qPrintable(e.message()));
        }
        QCOMPARE(admin.schemaVersion(), 99);
    }

    void pushThenPullGivesTheSameDesignWithItsRevision()
    {
        const QString db = freshRepository();
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        const Design original = sampleDesign();
        const RepoPushResult first = alice.push(original, QStringLiteral("mvc"), QStringLiteral("first cut"));
        QVERIFY2(first.accepted, qPrintable(first.refusal));
        QCOMPARE(first.revision, 1);

        Design pulled = alice.pull(QStringLiteral("mvc"));
        QCOMPARE(RepoProvenance::of(pulled)->revision, 1);
        QCOMPARE(RepoProvenance::of(pulled)->design, QStringLiteral("mvc"));
        RepoProvenance::clear(pulled);
        QCOMPARE(DesignJson::toBytes(pulled), DesignJson::toBytes(original));

        const RepoPushResult second
            = alice.push(withNote(alice.pull(QStringLiteral("mvc")), QStringLiteral("after the call")),
                QStringLiteral("mvc"), QStringLiteral("customer call: more storage"));
        QVERIFY2(second.accepted, qPrintable(second.refusal));
        QCOMPARE(second.revision, 2);

        const std::vector<RepoRevision> log = alice.log(QStringLiteral("mvc"));
        QCOMPARE(log.size(), std::size_t(2));
        QCOMPARE(log[0].number, 2);
        QCOMPARE(log[0].parent, std::optional<int>(1));
        QCOMPARE(log[0].author, QStringLiteral("alice"));
        QCOMPARE(log[0].message, QStringLiteral("customer call: more storage"));
        QCOMPARE(log[1].parent, std::nullopt);
        QVERIFY(log[0].time.isValid());

        // An old revision is still there as it was.
        Design old = alice.pull(QStringLiteral("mvc"), 1);
        QVERIFY(!old.properties().contains(QLatin1String("note")));
        QCOMPARE(alice.pull(QStringLiteral("mvc")).properties().value(QLatin1String("note")).toString(),
            QStringLiteral("after the call"));
        QVERIFY_THROWS_EXCEPTION(DatabaseError, (void)alice.pull(QStringLiteral("mvc"), 7));
        QVERIFY_THROWS_EXCEPTION(DatabaseError, (void)alice.pull(QStringLiteral("nothing")));

        const std::vector<RepoDesignEntry> list = alice.list();
        QCOMPARE(list.size(), std::size_t(1));
        QCOMPARE(list[0].latest, 2);
        QCOMPARE(list[0].message, QStringLiteral("customer call: more storage"));
    }

    void aPushOnTopOfAnOldRevisionIsRefusedAndChangesNothing()
    {
        const QString db = freshRepository();
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        QVERIFY(alice.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("one")).accepted);
        const Design mine = alice.pull(QStringLiteral("mvc"));
        const Design theirs = alice.pull(QStringLiteral("mvc"));
        QVERIFY(alice.push(withNote(theirs, QStringLiteral("theirs")), QStringLiteral("mvc"), QStringLiteral("two"))
                    .accepted);

        const RepoPushResult refused
            = alice.push(withNote(mine, QStringLiteral("mine")), QStringLiteral("mvc"), QStringLiteral("lost?"));
        QVERIFY(!refused.accepted);
        QCOMPARE(refused.latest, 2);
        QVERIFY2(refused.refusal.contains(QLatin1String("someone pushed in between")), qPrintable(refused.refusal));
        QCOMPARE(alice.log(QStringLiteral("mvc")).size(), std::size_t(2));
        QCOMPARE(alice.pull(QStringLiteral("mvc")).properties().value(QLatin1String("note")).toString(),
            QStringLiteral("theirs"));

        // A file never pulled cannot take over an existing name; under another name it is a new design.
        const RepoPushResult clash = alice.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("clash"));
        QVERIFY(!clash.accepted);
        QVERIFY2(clash.refusal.contains(QLatin1String("already exists")), qPrintable(clash.refusal));
        const RepoPushResult branch
            = alice.push(withNote(mine, QStringLiteral("mine")), QStringLiteral("mvc-b"), QStringLiteral("branch"));
        QVERIFY2(branch.accepted, qPrintable(branch.refusal));
        QCOMPARE(branch.revision, 1);
    }

    void twoEditorsPushingAtOnceNeverBothWin()
    {
        const QString db = freshRepository();
        {
            Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
            QVERIFY(alice.push(sampleDesign(), QStringLiteral("race"), QStringLiteral("base")).accepted);
        }
        std::atomic<int> accepted{0};
        std::atomic<int> refused{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 4; ++i) {
            threads.emplace_back([&, i] {
                Repository r(repoLocation(mCluster, db, QStringLiteral("alice")));
                const Design d = withNote(r.pull(QStringLiteral("race")), QString::number(i));
                const RepoPushResult result = r.push(d, QStringLiteral("race"), QString::number(i));
                (result.accepted ? accepted : refused)++;
            });
        }
        for (std::thread& t : threads)
            t.join();
        Repository admin(repoLocation(mCluster, db));
        const int revisions = int(admin.log(QStringLiteral("race")).size());
        // Each accepted push is one revision on top of the one before; the others were told.
        QCOMPARE(revisions, 1 + accepted.load());
        QCOMPARE(accepted.load() + refused.load(), 4);
        QVERIFY(accepted.load() >= 1);
    }

    void theServerRefusesAViewersPush()
    {
        const QString db = freshRepository();
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        QVERIFY(alice.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("one")).accepted);

        // Straight to the server as the viewer, no Podwright in between.
        const QString answer = serverAnswer(mCluster, db, QStringLiteral("victor"),
            QStringLiteral("UPDATE podwright.designs SET latest = latest + 1 WHERE name = 'mvc'"));
        QVERIFY2(answer.contains(QLatin1String("permission denied for table designs")), qPrintable(answer));
        const QString insert = serverAnswer(mCluster, db, QStringLiteral("victor"),
            QStringLiteral("INSERT INTO podwright.designs (name, latest) VALUES ('mine', 1)"));
        QVERIFY2(insert.contains(QLatin1String("permission denied for table designs")), qPrintable(insert));

        // Through Podwright: the same refusal, named.
        Repository victor(repoLocation(mCluster, db, QStringLiteral("victor")));
        QCOMPARE(victor.list().size(), std::size_t(1)); // a viewer reads
        Design pulled = victor.pull(QStringLiteral("mvc"));
        try {
            (void)victor.push(withNote(pulled, QStringLiteral("x")), QStringLiteral("mvc"), QStringLiteral("viewer"));
            QFAIL("a viewer pushed");
        } catch (const RepoPermissionError& e) {
            QVERIFY2(e.message().contains(QLatin1String("permission denied")), qPrintable(e.message()));
            QVERIFY2(e.message().contains(QLatin1String("editor role")), qPrintable(e.message()));
        }
        QCOMPARE(alice.log(QStringLiteral("mvc")).size(), std::size_t(1));
    }

    void onlyAnOwnerChangesThePriceBook()
    {
        const QString db = freshRepository();
        const QString sql = QStringLiteral(
            "INSERT INTO podwright.price_book (item, price_usd, source) VALUES ('dgx-h100', 1, 'mine')");
        for (const char* user : {"alice", "victor"}) {
            const QString answer = serverAnswer(mCluster, db, QLatin1String(user), sql);
            QVERIFY2(answer.contains(QLatin1String("permission denied for table price_book")), qPrintable(answer));
            Repository r(repoLocation(mCluster, db, QLatin1String(user)));
            QVERIFY_THROWS_EXCEPTION(
                RepoPermissionError, r.setPrice(QStringLiteral("dgx-h100"), 1, QStringLiteral("mine")));
        }
        Repository olga(repoLocation(mCluster, db, QStringLiteral("olga")));
        olga.setPrice(QStringLiteral("dgx-h100"), 350000, QStringLiteral("vendor quote 2026-11"));
        olga.setPrice(QStringLiteral("dgx-h100"), 340000, QStringLiteral("vendor quote 2026-12"));
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        const auto prices = alice.prices(); // everyone reads it
        QCOMPARE(prices.size(), std::size_t(1));
        QCOMPARE(prices[0].usd, 340000.0);
        QCOMPARE(prices[0].source, QStringLiteral("vendor quote 2026-12"));
        QCOMPARE(prices[0].updatedBy, QStringLiteral("olga"));
        // An owner is an editor too.
        QVERIFY(olga.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("owner pushes")).accepted);
    }

    void anAuthorCannotBeForged()
    {
        const QString db = freshRepository();
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        QVERIFY(alice.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("one")).accepted);
        const QString answer = serverAnswer(mCluster, db, QStringLiteral("alice"),
            QStringLiteral("INSERT INTO podwright.revisions (design_id, number, author, format, content) "
                           "SELECT id, 2, 'olga', 'podwright-json', '\\x00' FROM podwright.designs"));
        // Editors write history only through the push function (schema 2), never into the table.
        QVERIFY2(answer.contains(QLatin1String("permission denied for table revisions")), qPrintable(answer));
        // Revisions are history: an editor cannot rewrite or delete one.
        const QString rewrite = serverAnswer(
            mCluster, db, QStringLiteral("alice"), QStringLiteral("UPDATE podwright.revisions SET message = 'x'"));
        QVERIFY2(rewrite.contains(QLatin1String("permission denied for table revisions")), qPrintable(rewrite));
        const QString remove
            = serverAnswer(mCluster, db, QStringLiteral("alice"), QStringLiteral("DELETE FROM podwright.revisions"));
        QVERIFY2(remove.contains(QLatin1String("permission denied for table revisions")), qPrintable(remove));
    }

    void grantSetsExactlyOneRoleAndNeedsTheAdministrator()
    {
        const QString db = freshRepository();
        Repository admin(repoLocation(mCluster, db));
        admin.grant(QStringLiteral("pat"), RepoRole::Editor);
        {
            Repository pat(repoLocation(mCluster, db, QStringLiteral("pat")));
            QVERIFY(pat.push(sampleDesign(), QStringLiteral("mvc"), QStringLiteral("pat edits")).accepted);
        }
        admin.grant(QStringLiteral("pat"), RepoRole::Viewer); // demoted
        {
            Repository pat(repoLocation(mCluster, db, QStringLiteral("pat")));
            QVERIFY_THROWS_EXCEPTION(
                RepoPermissionError, (void)pat.push(sampleDesign(), QStringLiteral("other"), QStringLiteral("no")));
            QCOMPARE(pat.list().size(), std::size_t(1));
        }
        Repository alice(repoLocation(mCluster, db, QStringLiteral("alice")));
        QVERIFY_THROWS_EXCEPTION(RepoPermissionError, alice.grant(QStringLiteral("alice"), RepoRole::Owner));
    }

    void anAddressNeverCarriesAPassword()
    {
        QVERIFY_THROWS_EXCEPTION(Error, (void)RepoLocation::parse(QStringLiteral("postgresql://u:secret@host/db")));
        QVERIFY_THROWS_EXCEPTION(Error, (void)RepoLocation::parse(QStringLiteral("host=h password=secret")));
        QVERIFY_THROWS_EXCEPTION(Error, (void)RepoLocation::parse(QStringLiteral("postgresql://h/db?password=s")));
        QVERIFY_THROWS_EXCEPTION(Error, (void)RepoLocation::parse(QStringLiteral("https://example.com/db")));
        QCOMPARE(RepoLocation::parse(QStringLiteral("postgresql://u@h:5433/db?sslmode=require")).connectionString(),
            QStringLiteral("host='h' port='5433' user='u' dbname='db' sslmode='require' application_name='podwright'"));
        QCOMPARE(
            RepoLocation::parse(QStringLiteral("postgresql://me@%2Fvar%2Frun%2Fpostgresql:5433/db")).connectionString(),
            QStringLiteral(
                "host='/var/run/postgresql' port='5433' user='me' dbname='db' application_name='podwright'"));
        QCOMPARE(RepoLocation::parse(QStringLiteral("host=/tmp/x dbname='my db'")).connectionString(),
            QStringLiteral("host='/tmp/x' dbname='my db' application_name='podwright'"));
        QCOMPARE(RepoLocation::parse(QStringLiteral("team")).connectionString(),
            QStringLiteral("service='team' application_name='podwright'"));
    }

    void aUriWithASocketFolderConnects()
    {
        const QString db = freshRepository();
        Repository viaUri(RepoLocation::parse(mCluster.uri(db, QStringLiteral("victor"))));
        QCOMPARE(viaUri.currentUser(), QStringLiteral("victor"));
        QVERIFY_THROWS_EXCEPTION(DatabaseError,
            Repository(RepoLocation::parse(mCluster.connectionString(QStringLiteral("no_such_database")))));
    }
};

QTEST_GUILESS_MAIN(TestRepository)
#include "tst_repository.moc"
