#include "helpers/repofixtures.h"
#include "integration/helpers/clirunner.h"

#include "export/safetext.h"
#include "io/designfile.h"
#include "model/design.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"
#include "repo/storedrevision.h"
#include "util/designlimits.h"

#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/time.h>
#include <zlib.h>

#include <ctime>

using namespace pw;
using pw::test::CliResult;
using pw::test::PgCluster;
using pw::test::repoLocation;
using pw::test::runCli;
using pw::test::sampleDesign;
using pw::test::sampleDesignPath;
using pw::test::serverAnswer;
using pw::test::withNote;

// Issue 31: two teams on one PostgreSQL server, history that only the server writes, stored
// revisions read in bounded memory, repository text that cannot act on a terminal, and a push that
// fails cleanly. One throwaway cluster with two team databases; every refusal is the server's own
// (psql as the member, no Podwright in between) or the CLI's exit code and message.
class TestRepoSecurity : public QObject {
    Q_OBJECT

private:
    PgCluster mCluster;
    QTemporaryDir mDir;
    const QString mA = QStringLiteral("team_a");
    const QString mB = QStringLiteral("team_b");

    QString uri(const QString& database, const QString& user) { return mCluster.uri(database, user); }
    QString adminQuery(const QString& database, const QString& sql)
    {
        QString out;
        if (!mCluster.psql(database, sql, &out))
            qWarning("%s", qPrintable(mCluster.error()));
        return out;
    }
    static QString text(const QByteArray& b) { return QString::fromUtf8(b); }
    // A design row and its revision 1 stored by the superuser, past the push function (a row from
    // before schema 2, or written by someone who bypassed Podwright).
    void storeRaw(const QString& database, const QString& name, const QString& message, const QByteArray& content,
        const QString& format = QStringLiteral("podwright-file-zlib"))
    {
        QVERIFY2(mCluster.psql(database,
                     QStringLiteral("ALTER TABLE podwright.revisions DROP CONSTRAINT IF EXISTS revisions_content_cap; "
                                    "WITH d AS (INSERT INTO podwright.designs (name, latest) VALUES (%1, 1) "
                                    "RETURNING id) INSERT INTO podwright.revisions (design_id, number, author, "
                                    "message, format, content) SELECT id, 1, 'mallory', %2, '%3', '\\x%4' FROM d")
                         .arg(literal(name), literal(message), format, QString::fromLatin1(content.toHex()))),
            qPrintable(mCluster.error()));
    }
    // An SQL literal for any text, control characters included (E'' with \x escapes).
    static QString literal(const QString& s)
    {
        QString out = QStringLiteral("E'");
        for (QChar c : s) {
            if (c.unicode() < 0x20 || c == QLatin1Char('\'') || c == QLatin1Char('\\'))
                out += QStringLiteral("\\x%1").arg(uint(c.unicode()), 2, 16, QLatin1Char('0'));
            else if (c.unicode() >= 0x7f)
                out += QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
        return out + QLatin1Char('\'');
    }

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("PODWRIGHT_REPO");
        qunsetenv("PGSSLMODE");
        qunsetenv("PGHOST");
        QVERIFY2(mCluster.start(), qPrintable(mCluster.error()));
        for (const QString& db : {mA, mB}) {
            QVERIFY2(mCluster.createDatabase(db), qPrintable(mCluster.error()));
            Repository admin(repoLocation(mCluster, db));
            QCOMPARE(admin.migrate(), 0);
        }
        // Team A: alice edits, olga owns. Team B: bob edits, victor views.
        Repository a(repoLocation(mCluster, mA));
        a.grant(QStringLiteral("alice"), RepoRole::Editor);
        a.grant(QStringLiteral("olga"), RepoRole::Owner);
        Repository b(repoLocation(mCluster, mB));
        b.grant(QStringLiteral("bob"), RepoRole::Editor);
        b.grant(QStringLiteral("victor"), RepoRole::Viewer);
        Repository alice(repoLocation(mCluster, mA, QStringLiteral("alice")));
        QVERIFY(alice.push(sampleDesign(), QStringLiteral("alpha"), QStringLiteral("team A's design")).accepted);
        Repository bob(repoLocation(mCluster, mB, QStringLiteral("bob")));
        QVERIFY(bob.push(sampleDesign(), QStringLiteral("bravo"), QStringLiteral("team B's design")).accepted);
    }

    // ---- 1. Tenancy ------------------------------------------------------------------------------

    void eachDatabaseHasItsOwnRolesWithinTheIdentifierLimit()
    {
        QCOMPARE(repoRoleSqlName(QStringLiteral("team_a"), RepoRole::Viewer), QStringLiteral("pw_team_a_viewer"));
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles WHERE rolname "
                                    "LIKE 'pw\\_team\\_%'")),
            QStringLiteral("pw_team_a_editor,pw_team_a_owner,pw_team_a_viewer,pw_team_b_editor,pw_team_b_owner,"
                           "pw_team_b_viewer"));
        // Nobody but the team connects: CONNECT and TEMP are gone from PUBLIC.
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT has_database_privilege('public', 'team_a', 'CONNECT'), "
                                    "has_database_privilege('public', 'team_a', 'TEMP'), "
                                    "has_database_privilege('bob', 'team_a', 'CONNECT'), "
                                    "has_database_privilege('alice', 'team_a', 'CONNECT')")),
            QStringLiteral("f|f|f|t"));
        // Two 60-character names that share their first 50 characters: PostgreSQL would cut both to
        // the same 63 bytes; the stems are 44 bytes + "_" + 8 hex digits of each name's MD5.
        const QString common(50, QLatin1Char('x'));
        const QString first = common + QStringLiteral("_team_one_");
        const QString second = common + QStringLiteral("_team_two_");
        const QString r1 = repoRoleSqlName(first, RepoRole::Viewer);
        const QString r2 = repoRoleSqlName(second, RepoRole::Viewer);
        QVERIFY(r1 != r2);
        QCOMPARE(int(r1.toUtf8().size()), 63); // "pw_" 3 + stem 53 + "_viewer" 7
        QCOMPARE(int(repoRoleSqlName(first, RepoRole::Owner).toUtf8().size()), 62);
        QVERIFY(r1.startsWith(QStringLiteral("pw_") + QString(44, QLatin1Char('x')) + QLatin1Char('_')));
        // Multibyte names are cut at a character boundary: 30 "é" are 60 bytes.
        const QString accents(30, QChar(0xe9));
        const QString r3 = repoRoleSqlName(accents, RepoRole::Editor);
        QVERIFY(r3.toUtf8().size() <= 63);
        QVERIFY(!r3.contains(QChar::ReplacementCharacter));
        // On the server: both long databases initialise, each with three roles of its own.
        for (const QString& db : {first, second}) {
            QVERIFY2(mCluster.createDatabase(db), qPrintable(mCluster.error()));
            Repository admin(repoLocation(mCluster, db));
            admin.migrate();
            admin.grant(QStringLiteral("carol"), db == first ? RepoRole::Owner : RepoRole::Viewer);
        }
        QCOMPARE(adminQuery(mA, QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname LIKE 'pw\\_xxxxxxxx%'")),
            QStringLiteral("6"));
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT pg_has_role('carol', '%1', 'MEMBER'), pg_has_role('carol', "
                                    "'%2', 'MEMBER')")
                         .arg(repoRoleSqlName(first, RepoRole::Owner), repoRoleSqlName(second, RepoRole::Owner))),
            QStringLiteral("t|f"));
    }

    void aMemberOfOneTeamCannotReachTheOther()
    {
        // The server refuses alice (team A) at team B's door: no list, pull, push or grant.
        const QString answer
            = serverAnswer(mCluster, mB, QStringLiteral("alice"), QStringLiteral("SELECT name FROM podwright.designs"));
        QVERIFY2(answer.contains(QLatin1String("permission denied for database \"team_b\"")), qPrintable(answer));
        QVERIFY_THROWS_EXCEPTION(DatabaseError, Repository(repoLocation(mCluster, mB, QStringLiteral("alice"))));
        const QString file = mDir.filePath(QStringLiteral("alpha.podwright"));
        QVERIFY(QFile::copy(sampleDesignPath(), file));
        const QList<QStringList> commands{
            {QStringLiteral("list")},
            {QStringLiteral("log"), QStringLiteral("bravo")},
            {QStringLiteral("pull"), QStringLiteral("bravo"), QStringLiteral("-o"),
                mDir.filePath(QStringLiteral("x.podwright"))},
            {QStringLiteral("push"), file, QStringLiteral("--name"), QStringLiteral("intruder")},
            {QStringLiteral("grant"), QStringLiteral("alice"), QStringLiteral("owner")},
        };
        for (const QString& member : {QStringLiteral("alice"), QStringLiteral("olga")}) {
            for (const QStringList& command : commands) {
                const CliResult r = runCli(QStringList{QStringLiteral("repo")} + command
                    + QStringList{QStringLiteral("--repo"), uri(mB, member)});
                QVERIFY2(r.exitCode != 0, qPrintable(command.join(QLatin1Char(' ')) + QLatin1Char(' ') + text(r.out)));
                QVERIFY2(text(r.err).contains(QLatin1String("permission denied for database \"team_b\"")),
                    r.err.constData());
            }
        }
        // Nothing of the refused push arrived in team B.
        QCOMPARE(adminQuery(mB, QStringLiteral("SELECT count(*) FROM podwright.designs WHERE name = 'intruder'")),
            QStringLiteral("0"));
    }

    void aGrantInOneTeamLeavesTheOtherAlone()
    {
        // The case: 'repo grant alice viewer' in team B demoted her in team A.
        const CliResult g = runCli({QStringLiteral("repo"), QStringLiteral("grant"), QStringLiteral("alice"),
            QStringLiteral("viewer"), QStringLiteral("--repo"), uri(mB, QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(
            text(g.out).contains(QLatin1String("alice is now a viewer of the repository team_b")), g.out.constData());
        {
            Repository alice(repoLocation(mCluster, mA, QStringLiteral("alice")));
            Design d = alice.pull(QStringLiteral("alpha"));
            const RepoPushResult pushed = alice.push(withNote(d, QStringLiteral("still an editor in A")),
                QStringLiteral("alpha"), QStringLiteral("after B's grant"));
            QVERIFY2(pushed.accepted, qPrintable(pushed.refusal));
        }
        {
            Repository alice(repoLocation(mCluster, mB, QStringLiteral("alice")));
            QCOMPARE(alice.list().size(), std::size_t(1)); // she reads B now, and only reads
            QVERIFY_THROWS_EXCEPTION(RepoPermissionError,
                (void)alice.push(sampleDesign(), QStringLiteral("alice-in-b"), QStringLiteral("no")));
        }
        // Revoked in B: back out of B, still an editor in A.
        const CliResult r = runCli({QStringLiteral("repo"), QStringLiteral("revoke"), QStringLiteral("alice"),
            QStringLiteral("--repo"), uri(mB, QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY_THROWS_EXCEPTION(DatabaseError, Repository(repoLocation(mCluster, mB, QStringLiteral("alice"))));
        QCOMPARE(adminQuery(mA, QStringLiteral("SELECT pg_has_role('alice', 'pw_team_a_editor', 'MEMBER')")),
            QStringLiteral("t"));
        // A team role is not a user: granting one to another is refused.
        Repository admin(repoLocation(mCluster, mB));
        QVERIFY_THROWS_EXCEPTION(Error, admin.grant(QStringLiteral("pw_team_a_owner"), RepoRole::Viewer));
    }

    void initMovesARepositoryOffTheServerWideRoles()
    {
        // A schema-1 repository as Podwright made it before: server-wide roles, PUBLIC connects.
        const QString db = QStringLiteral("legacy");
        QVERIFY2(mCluster.createDatabase(db), qPrintable(mCluster.error()));
        QVERIFY2(mCluster.psql(db,
                     QStringLiteral(
                         "CREATE ROLE podwright_viewer NOLOGIN; CREATE ROLE podwright_editor NOLOGIN; "
                         "CREATE ROLE podwright_owner NOLOGIN; GRANT podwright_viewer TO podwright_editor; "
                         "GRANT podwright_editor TO podwright_owner; CREATE ROLE lee LOGIN; CREATE ROLE val LOGIN; "
                         "GRANT podwright_editor TO lee; GRANT podwright_viewer TO val; "
                         "CREATE SCHEMA podwright; CREATE TABLE podwright.meta (key text PRIMARY KEY, value text); "
                         "INSERT INTO podwright.meta VALUES ('schema_version', '1');")),
            qPrintable(mCluster.error()));
        // The rest of schema 1 exactly as version 1 wrote it: take it from a fresh migrate of 0 -> 1
        // is not possible any more, so the test keeps to what migrate needs (the tables of schema 1).
        QVERIFY2(mCluster.psql(db,
                     QStringLiteral(
                         "CREATE TABLE podwright.designs (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, "
                         "latest integer NOT NULL, created_by text NOT NULL DEFAULT current_user, created_at "
                         "timestamptz NOT NULL DEFAULT now()); CREATE TABLE podwright.revisions (design_id bigint "
                         "NOT NULL REFERENCES podwright.designs (id), number integer NOT NULL, parent integer, "
                         "author text NOT NULL DEFAULT current_user, created_at timestamptz NOT NULL DEFAULT now(), "
                         "message text NOT NULL DEFAULT '', format text NOT NULL, content bytea NOT NULL, PRIMARY "
                         "KEY (design_id, number)); CREATE TABLE podwright.waivers (design_id bigint NOT NULL, "
                         "revision integer NOT NULL, code text NOT NULL, entities text NOT NULL, reason text NOT "
                         "NULL, waived_by text NOT NULL, waived_on text NOT NULL); CREATE TABLE "
                         "podwright.price_book (item text PRIMARY KEY, price_usd numeric NOT NULL, source text NOT "
                         "NULL, updated_by text NOT NULL DEFAULT current_user, updated_at timestamptz NOT NULL "
                         "DEFAULT now()); CREATE TABLE podwright.catalog_items (id text PRIMARY KEY, item jsonb NOT "
                         "NULL, updated_by text NOT NULL DEFAULT current_user, updated_at timestamptz NOT NULL "
                         "DEFAULT now()); ALTER TABLE podwright.revisions ENABLE ROW LEVEL SECURITY; CREATE POLICY "
                         "revisions_read ON podwright.revisions FOR SELECT USING (true); CREATE POLICY "
                         "revisions_author_is_pusher ON podwright.revisions FOR INSERT WITH CHECK (author = "
                         "current_user); GRANT USAGE ON SCHEMA podwright TO podwright_viewer; GRANT SELECT ON ALL "
                         "TABLES IN SCHEMA podwright TO podwright_viewer; GRANT INSERT ON podwright.designs, "
                         "podwright.revisions, podwright.waivers TO podwright_editor; GRANT UPDATE (latest) ON "
                         "podwright.designs TO podwright_editor; GRANT USAGE ON SEQUENCE podwright.designs_id_seq "
                         "TO podwright_editor;")),
            qPrintable(mCluster.error()));
        // Before: lee, an editor through the server-wide role, writes history directly.
        QVERIFY(
            serverAnswer(mCluster, db, QStringLiteral("lee"), QStringLiteral("UPDATE podwright.designs SET latest = 5"))
                .startsWith(QLatin1String("accepted")));
        const CliResult init = runCli({QStringLiteral("repo"), QStringLiteral("init"), QStringLiteral("--repo"),
            uri(db, QLatin1String(PgCluster::kAdmin))});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QVERIFY2(text(init.out).contains(QLatin1String("migrated from version 1")), init.out.constData());
        QVERIFY2(text(init.out).contains(QLatin1String("  lee  editor\n")), init.out.constData());
        QVERIFY2(text(init.out).contains(QLatin1String("  val  viewer\n")), init.out.constData());
        QCOMPARE(adminQuery(db,
                     QStringLiteral("SELECT pg_has_role('lee', 'pw_legacy_editor', 'MEMBER'), "
                                    "pg_has_role('val', 'pw_legacy_viewer', 'MEMBER'), "
                                    "pg_has_role('val', 'pw_legacy_editor', 'MEMBER'), "
                                    "has_schema_privilege('podwright_viewer', 'podwright', 'USAGE'), "
                                    "has_database_privilege('public', 'legacy', 'CONNECT')")),
            QStringLiteral("t|t|f|f|f"));
        // After: lee still pushes, through the function only.
        const QString direct = serverAnswer(
            mCluster, db, QStringLiteral("lee"), QStringLiteral("UPDATE podwright.designs SET latest = 6"));
        QVERIFY2(direct.contains(QLatin1String("permission denied for table designs")), qPrintable(direct));
        Repository lee(repoLocation(mCluster, db, QStringLiteral("lee")));
        QVERIFY(lee.push(sampleDesign(), QStringLiteral("old-team"), QStringLiteral("after the move")).accepted);
        // Team A's members were never in these roles: alice stays out of legacy.
        QVERIFY_THROWS_EXCEPTION(DatabaseError, Repository(repoLocation(mCluster, db, QStringLiteral("alice"))));
    }

    // ---- 2. Append-only history ------------------------------------------------------------------

    void everyForgeryOfHistoryIsRefusedByTheServer()
    {
        {
            Repository alice(repoLocation(mCluster, mA, QStringLiteral("alice")));
            Design d = alice.pull(QStringLiteral("alpha"));
            QVERIFY(
                alice.push(withNote(d, QStringLiteral("r3")), QStringLiteral("alpha"), QStringLiteral("r3")).accepted);
        }
        const QString latestBefore
            = adminQuery(mA, QStringLiteral("SELECT latest FROM podwright.designs WHERE name = 'alpha'"));
        QCOMPARE(latestBefore, QStringLiteral("3"));
        const QString alice = QStringLiteral("alice");
        const QString id = QStringLiteral("(SELECT id FROM podwright.designs WHERE name = 'alpha')");
        const QList<std::pair<QString, QString>> forgeries{
            {QStringLiteral("INSERT INTO podwright.revisions (design_id, number, parent, author, created_at, format, "
                            "content) VALUES (%1, 4, 3, 'alice', '2001-01-01', 'podwright-json', '\\x00')")
                    .arg(id),
                QStringLiteral("permission denied for table revisions")},
            {QStringLiteral("UPDATE podwright.revisions SET created_at = '2001-01-01' WHERE number = 1"),
                QStringLiteral("permission denied for table revisions")},
            {QStringLiteral("UPDATE podwright.revisions SET parent = NULL WHERE number = 2"),
                QStringLiteral("permission denied for table revisions")},
            {QStringLiteral("UPDATE podwright.revisions SET message = 'rewritten' WHERE number = 1"),
                QStringLiteral("permission denied for table revisions")},
            {QStringLiteral("DELETE FROM podwright.revisions WHERE number = 1"),
                QStringLiteral("permission denied for table revisions")},
            {QStringLiteral("UPDATE podwright.waivers SET waived_by = 'olga'"),
                QStringLiteral("permission denied for table waivers")},
            {QStringLiteral("INSERT INTO podwright.waivers VALUES (1, 1, 'X', '', 'r', 'olga', '2001-01-01')"),
                QStringLiteral("permission denied for table waivers")},
            {QStringLiteral("UPDATE podwright.designs SET latest = 99 WHERE name = 'alpha'"),
                QStringLiteral("permission denied for table designs")},
            {QStringLiteral("UPDATE podwright.designs SET latest = 1 WHERE name = 'alpha'"),
                QStringLiteral("permission denied for table designs")},
            {QStringLiteral("INSERT INTO podwright.designs (name, latest) VALUES ('ghost', 7)"),
                QStringLiteral("permission denied for table designs")},
            {QStringLiteral("DELETE FROM podwright.designs"), QStringLiteral("permission denied for table designs")},
            // A temporary table named like ours cannot be made, let alone found first.
            {QStringLiteral("CREATE TEMP TABLE designs (id bigint)"),
                QStringLiteral("permission denied to create temporary tables")},
            // The push function builds on the latest only: a stale base is refused (0 = no revision).
            {QStringLiteral("SELECT o_revision, o_latest FROM podwright.push_revision('alpha', 1, 'stale', "
                            "'\\x0000000400', '[]')"),
                QStringLiteral("accepted: 0|3")},
        };
        for (const auto& [sql, refusal] : forgeries) {
            const QString answer = serverAnswer(mCluster, mA, alice, sql);
            QVERIFY2(answer.contains(refusal), qPrintable(sql + QStringLiteral(" -> ") + answer));
        }
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT string_agg(number || ':' || coalesce(parent::text, '-') || ':' "
                                    "|| author || ':' || message, ',' ORDER BY number) FROM "
                                    "podwright.revisions WHERE design_id = %1")
                         .arg(id)),
            QStringLiteral("1:-:alice:team A's design,2:1:alice:after B's grant,3:2:alice:r3"));
        // The function sets the author, time and waiver signer itself. Alice pushes on top of r3 as
        // her editor group role, claims an old time nowhere (there is no parameter for it) and a
        // waiver signed by olga: the server writes alice, now, and alice.
        const QString pushed = serverAnswer(mCluster, mA, alice,
            QStringLiteral("SET ROLE pw_team_a_editor; SELECT o_revision FROM podwright.push_revision('alpha', 3, "
                           "'via psql', '\\x0000000400', '[{\"code\": \"X\", \"entities\": \"\", \"reason\": \"r\", "
                           "\"waived_by\": \"olga\", \"waived_on\": \"2001-01-01\"}]')"));
        QCOMPARE(pushed, QStringLiteral("accepted: 4"));
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT r.author, r.parent, r.created_at > now() - interval '1 minute', "
                                    "w.waived_by, w.waived_on = to_char(now() AT TIME ZONE 'UTC', "
                                    "'YYYY-MM-DD') FROM podwright.revisions r JOIN podwright.waivers w ON "
                                    "w.design_id = r.design_id AND w.revision = r.number WHERE "
                                    "r.design_id = %1 AND r.number = 4")
                         .arg(id)),
            QStringLiteral("alice|3|t|alice|t"));
        // A viewer may not call it; its search path is pinned, temporary schema last.
        const QString viewer = serverAnswer(mCluster, mB, QStringLiteral("victor"),
            QStringLiteral("SELECT podwright.push_revision('bravo', 1, 'x', '\\x0000000400', '[]')"));
        QVERIFY2(viewer.contains(QLatin1String("permission denied for function push_revision")), qPrintable(viewer));
        QCOMPARE(adminQuery(mA,
                     QStringLiteral("SELECT prosecdef, array_to_string(proconfig, ';') FROM pg_proc WHERE "
                                    "proname = 'push_revision'")),
            QStringLiteral("t|search_path=podwright, pg_temp"));
    }

    // ---- 3. Bounded reads --------------------------------------------------------------------------

    // qCompress's layout (4-byte big-endian length, then a zlib stream) for `bytes` zero bytes,
    // deflated 64 KiB at a time so that the test itself never holds them.
    static QByteArray compressedZeros(qint64 bytes)
    {
        QByteArray out(4, '\0');
        out[0] = char((bytes >> 24) & 0xff);
        out[1] = char((bytes >> 16) & 0xff);
        out[2] = char((bytes >> 8) & 0xff);
        out[3] = char(bytes & 0xff);
        z_stream z{};
        deflateInit(&z, 9);
        static const QByteArray zeros(64 * 1024, '\0');
        char buffer[64 * 1024];
        for (qint64 left = bytes; left > 0 || z.avail_in > 0;) {
            if (z.avail_in == 0) {
                const qint64 n = std::min<qint64>(left, zeros.size());
                z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.constData()));
                z.avail_in = uInt(n);
                left -= n;
            }
            do {
                z.next_out = reinterpret_cast<Bytef*>(buffer);
                z.avail_out = sizeof buffer;
                deflate(&z, Z_NO_FLUSH);
                out.append(buffer, qsizetype(sizeof buffer - z.avail_out));
            } while (z.avail_out == 0);
        }
        int rc = Z_OK;
        while (rc != Z_STREAM_END) {
            z.next_out = reinterpret_cast<Bytef*>(buffer);
            z.avail_out = sizeof buffer;
            rc = deflate(&z, Z_FINISH);
            out.append(buffer, qsizetype(sizeof buffer - z.avail_out));
        }
        deflateEnd(&z);
        return out;
    }
    static qint64 peakRssKb()
    {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        return usage.ru_maxrss;
    }

    void aRevisionIsInflatedInBoundedMemory()
    {
        // A row of about 49 KB whose stream honestly inflates to 50,000,000 bytes (within the
        // 512,000,000 of the largest legal design, so it is inflated): 50 MB of zeros, not a
        // design. Inflated whole (qUncompress, the code before issue 31) the process's peak memory
        // would grow by at least those 50 MB; in 64 KiB chunks into a temporary file it grows by
        // far less than that (20 MB allowed for the connection, the driver and the allocator).
        const QByteArray stored = compressedZeros(50'000'000);
        QVERIFY2(stored.size() < 60'000, qPrintable(QString::number(stored.size())));
        storeRaw(mA, QStringLiteral("zeros"), QStringLiteral("50 MB of zeros"), stored);
        Repository alice(repoLocation(mCluster, mA, QStringLiteral("alice")));
        const qint64 before = peakRssKb();
        QElapsedTimer t;
        t.start();
        try {
            (void)alice.pull(QStringLiteral("zeros"));
            QFAIL("50 MB of zeros opened as a design");
        } catch (const FormatError& e) {
            QVERIFY2(e.message().contains(QLatin1String("not a Podwright design")), qPrintable(e.message()));
        }
        const qint64 grown = peakRssKb() - before;
        QVERIFY2(grown < 20'000, qPrintable(QStringLiteral("peak memory grew by %1 KB").arg(grown)));
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
    }

    void aStoredBombIsRefusedBeforeItIsInflated()
    {
        // Declared 4,026,531,840 bytes (0xF0000000), above the 512,000,000 of the largest legal design
        // file (1,000,000 GPUs x 512 B): refused from its first 4 bytes. A real 1 MB of zeros
        // compressed is the stream, so that old code (qUncompress) would have tried to allocate ~4 GB.
        QByteArray declared = qCompress(QByteArray(1 << 20, '\0'), 9);
        declared[0] = char(0xf0);
        declared[1] = declared[2] = declared[3] = 0;
        storeRaw(mA, QStringLiteral("bomb-declared"), QStringLiteral("boom"), declared);
        // Declared 1,000 bytes, but the stream inflates to 16 MiB of zeros: the running cap stops it
        // at the first 64 KiB chunk past the declared length.
        QByteArray lying = qCompress(QByteArray(16 << 20, '\0'), 9);
        lying[0] = lying[1] = 0;
        lying[2] = char(0x03);
        lying[3] = char(0xe8);
        storeRaw(mA, QStringLiteral("bomb-lying"), QStringLiteral("boom"), lying);

        for (const QString& name : {QStringLiteral("bomb-declared"), QStringLiteral("bomb-lying")}) {
            QElapsedTimer t;
            t.start();
            const CliResult pull = runCli({QStringLiteral("repo"), QStringLiteral("pull"), name, QStringLiteral("-o"),
                mDir.filePath(name + QStringLiteral(".podwright")), QStringLiteral("--repo"),
                uri(mA, QStringLiteral("alice"))});
            QCOMPARE(pull.exitCode, 2);
            QVERIFY2(text(pull.err).contains(name == QLatin1String("bomb-declared")
                             ? QLatin1String("declares a design file of 4026531840 bytes, above the 512000000")
                             : QLatin1String("inflates to more than the 1000 bytes it declares")),
                pull.err.constData());
            QVERIFY(!QFile::exists(mDir.filePath(name + QStringLiteral(".podwright"))));
            // diff opens revisions the same way.
            const CliResult diff = runCli({QStringLiteral("diff"), name + QStringLiteral("@1"), sampleDesignPath(),
                QStringLiteral("--repo"), uri(mA, QStringLiteral("alice"))});
            QCOMPARE(diff.exitCode, 2);
            QVERIFY2(text(diff.err).contains(QLatin1String("refused")), diff.err.constData());
            QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
        }
        // The core call underneath, with the limits named.
        Repository alice(repoLocation(mCluster, mA, QStringLiteral("alice")));
        QVERIFY_THROWS_EXCEPTION(FormatError, (void)alice.pull(QStringLiteral("bomb-lying")));
    }

    void theInflaterKeepsItsCap()
    {
        // 1 MiB of zeros declared as such inflates to exactly that; a limit below it refuses it
        // before anything is written; a truncated stream is refused.
        const QByteArray stored = qCompress(QByteArray(1 << 20, '\0'), 1);
        QCOMPARE(storedrevision::declaredLength(stored), std::optional<qint64>(1 << 20));
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QCOMPARE(storedrevision::inflate(stored, out, 1 << 20), qint64(1 << 20));
        QBuffer none;
        none.open(QIODevice::WriteOnly);
        QVERIFY_THROWS_EXCEPTION(FormatError, storedrevision::inflate(stored, none, (1 << 20) - 1));
        QCOMPARE(none.size(), qint64(0));
        QBuffer cut;
        cut.open(QIODevice::WriteOnly);
        QVERIFY_THROWS_EXCEPTION(FormatError, storedrevision::inflate(stored.left(stored.size() / 2), cut, 1 << 20));
    }

    void theServerRefusesOversizedRevisions()
    {
        // A revision declaring a design file above the largest legal one, through the function.
        const QString declared = serverAnswer(mCluster, mA, QStringLiteral("alice"),
            QStringLiteral("SELECT podwright.push_revision('huge', 0, '', '\\xf000000000', '[]')"));
        QVERIFY2(declared.contains(QLatin1String("declares a design file of 4026531840 bytes")), qPrintable(declared));
        // A row above the 128,000,000-byte cap (512,000,000 / 4), made on the server itself.
        const QString big = serverAnswer(mCluster, mA, QStringLiteral("alice"),
            QStringLiteral("SELECT podwright.push_revision('huge', 0, '', '\\x00000010'::bytea || "
                           "convert_to(repeat('a', 128000000), 'SQL_ASCII'), '[]')"));
        QVERIFY2(
            big.contains(QLatin1String("a stored revision has 4 to 128000000 bytes, not 128000004")), qPrintable(big));
        QCOMPARE(limits::kMaxStoredRevisionBytes, qint64(128'000'000));
        QCOMPARE(adminQuery(mA, QStringLiteral("SELECT count(*) FROM podwright.designs WHERE name = 'huge'")),
            QStringLiteral("0"));
    }

    // ---- 4. Safe terminal output -------------------------------------------------------------------

    void repositoryTextIsEscapedOnTheTerminal()
    {
        const QString name = QStringLiteral("evil\x1b]0;pwned\x07") + QChar(0x202e) + QStringLiteral("txt");
        const QString message = QStringLiteral("\x1b[2J\x1b[Hcleared") + QChar(0x9b) + QStringLiteral("31m");
        storeRaw(mB, name, message, qCompress(QByteArray("not a design"), 1));
        const CliResult list = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            uri(mB, QStringLiteral("victor"))});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(!list.out.contains('\x1b') && !list.out.contains('\x07') && !text(list.out).contains(QChar(0x202e))
                && !text(list.out).contains(QChar(0x9b)),
            list.out.toHex().constData());
        QVERIFY2(text(list.out).contains(QLatin1String("evil\\e]0;pwned\\x07\\u202etxt  r1")), list.out.constData());
        QVERIFY2(text(list.out).contains(QLatin1String("mallory  \\e[2J\\e[Hcleared\\x9b31m")), list.out.constData());
        const CliResult log = runCli({QStringLiteral("repo"), QStringLiteral("log"), name, QStringLiteral("--repo"),
            uri(mB, QStringLiteral("victor"))});
        QCOMPARE(log.exitCode, 0);
        QVERIFY2(!log.out.contains('\x1b'), log.out.toHex().constData());
        QVERIFY2(text(log.out).contains(QLatin1String("\\e[2J\\e[Hcleared\\x9b31m")), log.out.constData());
        // JSON keeps the text as it is (escaped by JSON itself).
        const CliResult json = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--json"),
            QStringLiteral("--repo"), uri(mB, QStringLiteral("victor"))});
        QVERIFY(!json.out.contains('\x1b'));
        QCOMPARE(safetext::terminalText(QStringLiteral("a\\b\tc")), QStringLiteral("a\\\\b\\tc"));
    }

    void namesAndMessagesWithControlsAreRefusedOnPush()
    {
        const QString file = mDir.filePath(QStringLiteral("controls.podwright"));
        QVERIFY(QFile::copy(sampleDesignPath(), file));
        const QList<QStringList> pushes{
            {QStringLiteral("--name"), QStringLiteral("ok-name"), QStringLiteral("-m"),
                QStringLiteral("title\x1b]0;x\x07")},
            {QStringLiteral("--name"), QStringLiteral("rev") + QChar(0x202e) + QStringLiteral("gpj.exe")},
            {QStringLiteral("--name"), QStringLiteral("two\nlines")},
        };
        for (const QStringList& args : pushes) {
            const CliResult r = runCli(QStringList{QStringLiteral("repo"), QStringLiteral("push"), file} + args
                + QStringList{QStringLiteral("--repo"), uri(mB, QStringLiteral("bob"))});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(text(r.err).contains(QLatin1String("control characters")), r.err.constData());
            QVERIFY2(text(r.err).contains(QLatin1String("nothing was pushed")), r.err.constData());
            QVERIFY2(!r.err.contains('\x1b') && !r.err.contains('\n' + QByteArray("lines")), r.err.constData());
        }
        // The server refuses them too, without Podwright.
        const QString answer = serverAnswer(mCluster, mB, QStringLiteral("bob"),
            QStringLiteral("SELECT podwright.push_revision(E'x\\x1b[2J', 0, '', '\\x0000000400', '[]')"));
        QVERIFY2(answer.contains(QLatin1String("control characters")), qPrintable(answer));
        const QString bidi = serverAnswer(mCluster, mB, QStringLiteral("bob"),
            QStringLiteral("SELECT podwright.push_revision('fine', 0, E'\\u202Eevil', '\\x0000000400', '[]')"));
        QVERIFY2(bidi.contains(QLatin1String("control characters")), qPrintable(bidi));
        QCOMPARE(
            adminQuery(mB, QStringLiteral("SELECT count(*) FROM podwright.designs WHERE name IN ('ok-name', 'fine')")),
            QStringLiteral("0"));
    }

    // ---- 5. Temporary copies, a lost server, plain-text addresses ---------------------------------

    void temporaryCopiesNeverOutliveAPush()
    {
        // Pushes write the design file into $TMPDIR: a folder of our own here, with the leftover of a
        // push killed earlier (a process that no longer runs).
        const QString tmp = mDir.filePath(QStringLiteral("tmp"));
        QVERIFY(QDir().mkpath(tmp));
        QProcess gone;
        gone.start(QStringLiteral("sleep"), {QStringLiteral("0.1")});
        QVERIFY(gone.waitForStarted());
        const qint64 deadPid = gone.processId();
        QVERIFY(gone.waitForFinished());
        const QString abandoned = tmp + QStringLiteral("/podwright-repo-%1-AbCdEf").arg(deadPid);
        QVERIFY(QDir().mkpath(abandoned));
        QFile partial(abandoned + QStringLiteral("/revision.podwright"));
        QVERIFY(partial.open(QIODevice::WriteOnly));
        partial.write("half a design");
        partial.close();
        // Two hours old: a folder untouched for less than an hour is left alone.
        const timeval old[2] = {{std::time(nullptr) - 7200, 0}, {std::time(nullptr) - 7200, 0}};
        QVERIFY(utimes(QFile::encodeName(abandoned).constData(), old) == 0);
        const QString recent = tmp + QStringLiteral("/podwright-repo-%1-GhIjKl").arg(deadPid);
        QVERIFY(QDir().mkpath(recent));
        const QString file = mDir.filePath(QStringLiteral("tmpcheck.podwright"));
        QVERIFY(QFile::copy(sampleDesignPath(), file));
        const QByteArray oldTmp = qgetenv("TMPDIR");
        qputenv("TMPDIR", tmp.toLocal8Bit());
        const CliResult ok = runCli({QStringLiteral("repo"), QStringLiteral("push"), file, QStringLiteral("--name"),
            QStringLiteral("tmpcheck"), QStringLiteral("--repo"), uri(mB, QStringLiteral("bob"))});
        // Refused by the server (a viewer): the copy goes all the same.
        const CliResult refused
            = runCli({QStringLiteral("repo"), QStringLiteral("push"), file, QStringLiteral("--name"),
                QStringLiteral("tmpcheck2"), QStringLiteral("--repo"), uri(mB, QStringLiteral("victor"))});
        const CliResult pulled = runCli({QStringLiteral("repo"), QStringLiteral("pull"), QStringLiteral("bomb-lying"),
            QStringLiteral("-o"), mDir.filePath(QStringLiteral("never.podwright")), QStringLiteral("--repo"),
            uri(mA, QStringLiteral("alice"))});
        qputenv("TMPDIR", oldTmp);
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(pulled.exitCode, 2);
        QCOMPARE(QDir(tmp).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList{QFileInfo(recent).fileName()});
    }

    void aServerLostMidPushSaysNothingWasPushed()
    {
        const QString file = mDir.filePath(QStringLiteral("lost.podwright"));
        QVERIFY(QFile::copy(sampleDesignPath(), file));
        // The administrator holds the designs table and ends bob's connection once his push waits
        // on it (inside the push function's transaction).
        auto holder = mCluster.startPsql(mB,
            QStringLiteral("BEGIN; LOCK TABLE podwright.designs IN ACCESS EXCLUSIVE MODE; "
                           "DO $$ BEGIN FOR i IN 1..400 LOOP PERFORM pg_stat_clear_snapshot(); "
                           "PERFORM pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'bob' "
                           "AND wait_event_type = 'Lock'; EXIT WHEN FOUND; PERFORM pg_sleep(0.05); END LOOP; END $$; "
                           "COMMIT;"));
        // A poll, deliberately: the lock is taken by another process on the server, and PostgreSQL signals
        // no lock grant (a NOTIFY from the holder would arrive only at its COMMIT, after the lock).
        QTRY_VERIFY_WITH_TIMEOUT(adminQuery(mB,
                                     QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = "
                                                    "l.relation WHERE c.relname = 'designs' AND l.mode = "
                                                    "'AccessExclusiveLock' AND l.granted"))
                == QLatin1String("1"),
            10000);
        const CliResult r = runCli({QStringLiteral("repo"), QStringLiteral("push"), file, QStringLiteral("--name"),
            QStringLiteral("lost"), QStringLiteral("--repo"), uri(mB, QStringLiteral("bob"))});
        QVERIFY(holder->waitForFinished(30000));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(text(r.err).contains(QLatin1String("was lost during the push of 'lost'")), r.err.constData());
        QVERIFY2(text(r.err).contains(QLatin1String("Nothing was pushed")), r.err.constData());
        QVERIFY2(!text(r.err).contains(QLatin1String("QPSQL")) && !text(r.err).contains(QLatin1String("unexpectedly")),
            r.err.constData());
        QVERIFY2(text(r.err).count(QLatin1Char('\n')) == 1, r.err.constData()); // one line
        QCOMPARE(adminQuery(mB, QStringLiteral("SELECT count(*) FROM podwright.designs WHERE name = 'lost'")),
            QStringLiteral("0"));
    }

    void aRemoteAddressWithoutTlsIsWarnedAbout()
    {
        auto warns = [](const QString& address) { return !RepoLocation::parse(address).transportWarning().isEmpty(); };
        QVERIFY(warns(QStringLiteral("postgresql://alice@db.example.com/team")));
        QVERIFY(warns(QStringLiteral("postgresql://alice@db.example.com/team?sslmode=prefer")));
        QVERIFY(warns(QStringLiteral("host=10.1.2.3 dbname=team sslmode=disable")));
        QVERIFY(!warns(QStringLiteral("postgresql://alice@db.example.com/team?sslmode=verify-full")));
        QVERIFY(!warns(QStringLiteral("host=db.example.com dbname=team sslmode=require")));
        QVERIFY(!warns(QStringLiteral("postgresql://alice@localhost/team")));
        QVERIFY(!warns(QStringLiteral("postgresql://alice@127.0.0.1/team")));
        QVERIFY(!warns(mCluster.uri(mA, QStringLiteral("alice"))));
        // The CLI says it before it connects (here to a test address that answers nobody).
        const CliResult r = runCli({QStringLiteral("repo"), QStringLiteral("list"), QStringLiteral("--repo"),
            QStringLiteral("postgresql://alice@192.0.2.1:5432/team?connect_timeout=1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(text(r.err).contains(QLatin1String("warning: the repository at 192.0.2.1 is reached over the network "
                                                    "without TLS being required (sslmode=prefer)")),
            r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRepoSecurity)
#include "tst_repo_security.moc"
