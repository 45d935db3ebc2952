#include "repository.h"

#include "export/safetext.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "repo/repoprovenance.h"
#include "repo/storedrevision.h"
#include "util/designlimits.h"
#include "util/scopeguard.h"
#include "validate/waiver.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QVariant>

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace pw {

Q_LOGGING_CATEGORY(lcRepo, "pw.core.repo", QtInfoMsg)

namespace {

const QString kInsufficientPrivilege = QStringLiteral("42501");
// zlib level: 1 is several times faster than the default 6 and compresses JSON almost as well.
constexpr int kCompressionLevel = 1;

QString nextConnectionName()
{
    static QAtomicInteger<int> counter;
    return QStringLiteral("pw-repo-%1").arg(counter.fetchAndAddRelaxed(1));
}

// Qt's QPSQL driver sends a null QString as NULL; an empty text is '' in the repository.
QString text(const QString& s)
{
    return s.isNull() ? QStringLiteral("") : s;
}

// The temporary folder where a revision's design file is written (push) or inflated (pull): made
// by QTemporaryDir, so readable by its owner alone (0700) and removed when the object goes, on every
// exit path including an exception. Its name carries the process id: a process killed in the middle
// cannot remove its own, so each new one first removes the folders of processes that no longer run,
// left untouched for an hour (ours only: a folder of another user is left alone; the hour keeps a
// folder of a live process in another PID namespace sharing /tmp, which kill() cannot see, safe).
class PrivateTempDir {
public:
    PrivateTempDir() : mDir(QDir::tempPath() + QStringLiteral("/%1%2-XXXXXX").arg(QLatin1String(kPrefix)).arg(getpid()))
    {
        if (!mDir.isValid())
            throw IoError(QStringLiteral("cannot make a temporary folder for the design: %1").arg(mDir.errorString()));
    }
    [[nodiscard]] QString filePath(const QString& name) const { return mDir.filePath(name); }

    static void removeAbandoned()
    {
        const QDir tmp(QDir::tempPath());
        for (const QFileInfo& info :
            tmp.entryInfoList({QLatin1String(kPrefix) + QLatin1Char('*')}, QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QString rest = info.fileName().mid(qsizetype(qstrlen(kPrefix)));
            bool ok = false;
            const qint64 pid = rest.section(QLatin1Char('-'), 0, 0).toLongLong(&ok);
            if (!ok || pid <= 0 || pid == getpid() || info.ownerId() != getuid() || info.isSymLink())
                continue;
            if (info.lastModified().secsTo(QDateTime::currentDateTime()) < 3600)
                continue;
            if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
                continue; // still running (or not ours to ask)
            QDir(info.absoluteFilePath()).removeRecursively();
        }
    }
    static constexpr const char* kPrefix = "podwright-repo-";

private:
    QTemporaryDir mDir;
};

// A file in a private temporary folder is also private itself (0600), whatever the umask.
void makePrivate(const QString& path)
{
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
}

// A revision's content: the design file itself (io/designfile.h: SQLite, the checked loader), zlib
// compressed. The file, not the JSON: a 100,000-GPU design saves and loads several times faster as
// SQLite than as its 117 MB of JSON, and compressed it is a few MB, which matters because Qt's QPSQL
// driver sends a bound value escaped as text. JSON revisions (plain or compressed) are read too.
QByteArray encoded(const Design& design)
{
    PrivateTempDir::removeAbandoned();
    const PrivateTempDir dir;
    const QString path = dir.filePath(QStringLiteral("revision.podwright"));
    DesignFile::save(design, path, /*privateFile=*/true); // 0600 from its temporary file on
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError(QStringLiteral("%1: %2").arg(path, f.errorString()));
    if (f.size() > limits::kMaxDesignFileBytes)
        throw Error(QStringLiteral("the design file is %1 bytes, above the %2 bytes of the largest legal design "
                                   "(%3 GPUs); nothing was pushed")
                        .arg(f.size())
                        .arg(limits::kMaxDesignFileBytes)
                        .arg(limits::kMaxGpus));
    return qCompress(f.readAll(), kCompressionLevel);
}

// A stored revision back to a design, in bounded memory: the compressed formats are inflated in
// chunks into a private temporary file under a running cap (storedrevision::inflate), never whole,
// and read from there by the checked loaders. The caller has checked the stored and declared sizes.
Design decoded(const QString& format, const QByteArray& stored)
{
    if (format == QLatin1String("podwright-json"))
        return DesignJson::fromBytes(stored);
    if (format != QLatin1String("podwright-json-zlib") && format != QLatin1String("podwright-file-zlib"))
        throw FormatError(QStringLiteral("unknown stored format '%1'").arg(format));
    PrivateTempDir::removeAbandoned();
    const PrivateTempDir dir;
    const QString path = dir.filePath(QStringLiteral("revision.podwright"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            throw IoError(QStringLiteral("%1: %2").arg(path, f.errorString()));
        makePrivate(path);
        storedrevision::inflate(stored, f, limits::kMaxDesignFileBytes);
        if (!f.flush())
            throw IoError(QStringLiteral("%1: %2").arg(path, f.errorString()));
    }
    if (format == QLatin1String("podwright-json-zlib"))
        return DesignJson::readFile(path);
    return DesignFile::load(path);
}

QString isoUtc(const QDateTime& t)
{
    return t.toUTC().toString(Qt::ISODate);
}

// Schema steps, one per version: step[i] takes version i to version i + 1. Each runs inside the
// migration's transaction (PostgreSQL's DDL is transactional), so a failed step changes nothing.
const char* const kMigrations[] = {
    // 0 -> 1: designs, their revisions and waivers, the team's price book and catalog items.
    R"sql(
CREATE SCHEMA podwright;
CREATE TABLE podwright.meta (
    key text PRIMARY KEY,
    value text NOT NULL);
CREATE TABLE podwright.designs (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 256),
    latest integer NOT NULL CHECK (latest >= 1),
    created_by text NOT NULL DEFAULT current_user,
    created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE podwright.revisions (
    design_id bigint NOT NULL REFERENCES podwright.designs (id) ON DELETE CASCADE,
    number integer NOT NULL CHECK (number >= 1),
    parent integer CHECK (parent IS NULL OR parent < number),
    author text NOT NULL DEFAULT current_user,
    created_at timestamptz NOT NULL DEFAULT now(),
    message text NOT NULL DEFAULT '',
    format text NOT NULL CHECK (format IN ('podwright-file-zlib', 'podwright-json-zlib', 'podwright-json')),
    content bytea NOT NULL,
    PRIMARY KEY (design_id, number));
CREATE TABLE podwright.waivers (
    design_id bigint NOT NULL,
    revision integer NOT NULL,
    code text NOT NULL,
    entities text NOT NULL,
    reason text NOT NULL,
    waived_by text NOT NULL,
    waived_on text NOT NULL,
    FOREIGN KEY (design_id, revision) REFERENCES podwright.revisions (design_id, number) ON DELETE CASCADE);
CREATE TABLE podwright.price_book (
    item text PRIMARY KEY,
    price_usd numeric NOT NULL CHECK (price_usd >= 0),
    source text NOT NULL CHECK (length(source) > 0),
    updated_by text NOT NULL DEFAULT current_user,
    updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE podwright.catalog_items (
    id text PRIMARY KEY,
    item jsonb NOT NULL,
    updated_by text NOT NULL DEFAULT current_user,
    updated_at timestamptz NOT NULL DEFAULT now());
-- A revision's author is the role that pushed it: the server checks it, the client cannot forge it.
ALTER TABLE podwright.revisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY revisions_read ON podwright.revisions FOR SELECT USING (true);
CREATE POLICY revisions_author_is_pusher ON podwright.revisions FOR INSERT WITH CHECK (author = current_user);
ALTER TABLE podwright.price_book ENABLE ROW LEVEL SECURITY;
CREATE POLICY price_book_read ON podwright.price_book FOR SELECT USING (true);
CREATE POLICY price_book_write ON podwright.price_book FOR INSERT WITH CHECK (updated_by = current_user);
CREATE POLICY price_book_update ON podwright.price_book FOR UPDATE USING (true) WITH CHECK (updated_by = current_user);
CREATE POLICY price_book_delete ON podwright.price_book FOR DELETE USING (true);
)sql",
    // 1 -> 2 (issue 31): history is written by one server-side function only. It sets the author
    // (the login role, session_user), the time and each waiver's signer itself, checks the revision
    // the client builds on against the latest (a stale push is still refused), inserts the revision
    // and moves `latest` to it and nowhere else. SECURITY DEFINER with its search_path pinned
    // (pg_temp last, so no temporary object can stand in for ours). Editors lose INSERT and UPDATE
    // on the history tables (kGrants). The server refuses names and messages with control
    // characters, a row above the size cap and a declared design file above the largest legal one
    // (util/designlimits.h); the cap is NOT VALID so rows stored before stay readable (the client
    // checks every row it reads against the same limits).
    R"sql(
ALTER TABLE podwright.revisions ADD CONSTRAINT revisions_content_cap
    CHECK (octet_length(content) <= {MAX_STORED}) NOT VALID;
DROP POLICY revisions_author_is_pusher ON podwright.revisions;
CREATE POLICY revisions_author_is_pusher ON podwright.revisions FOR INSERT WITH CHECK (author = session_user);
CREATE FUNCTION podwright.push_revision(p_name text, p_base integer, p_message text, p_content bytea,
    p_waivers jsonb, OUT o_revision integer, OUT o_latest integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = podwright, pg_temp AS $fn$
DECLARE
  v_id bigint;
  v_declared bigint;
  v_controls constant text := '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]';
BEGIN
  IF p_name IS NULL OR length(p_name) NOT BETWEEN 1 AND 256 THEN
    RAISE EXCEPTION 'a design name has 1 to 256 characters' USING ERRCODE = '22023';
  END IF;
  IF p_name ~ v_controls OR coalesce(p_message, '') ~ v_controls THEN
    RAISE EXCEPTION 'a design name or push message with control characters (a newline, an escape sequence, a '
      'bidirectional override) is refused' USING ERRCODE = '22023';
  END IF;
  IF p_content IS NULL OR octet_length(p_content) NOT BETWEEN 4 AND {MAX_STORED} THEN
    RAISE EXCEPTION 'a stored revision has 4 to {MAX_STORED} bytes, not %', octet_length(p_content)
      USING ERRCODE = '22023';
  END IF;
  v_declared := (get_byte(p_content, 0)::bigint << 24) | (get_byte(p_content, 1)::bigint << 16)
    | (get_byte(p_content, 2)::bigint << 8) | get_byte(p_content, 3)::bigint;
  IF v_declared > {MAX_FILE} THEN
    RAISE EXCEPTION 'the revision declares a design file of % bytes, above the {MAX_FILE} bytes of the largest '
      'legal design', v_declared USING ERRCODE = '22023';
  END IF;
  IF coalesce(p_base, 0) = 0 THEN
    INSERT INTO designs (name, latest, created_by, created_at) VALUES (p_name, 1, session_user, now())
      ON CONFLICT (name) DO NOTHING RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      SELECT d.latest INTO o_latest FROM designs d WHERE d.name = p_name;
      o_revision := 0;
      RETURN;
    END IF;
    o_revision := 1;
  ELSE
    -- Compare and swap: the row lock makes a concurrent push with the same base wait, then miss.
    UPDATE designs d SET latest = d.latest + 1 WHERE d.name = p_name AND d.latest = p_base
      RETURNING d.id, d.latest INTO v_id, o_revision;
    IF v_id IS NULL THEN
      SELECT d.latest INTO o_latest FROM designs d WHERE d.name = p_name;
      o_latest := coalesce(o_latest, 0);
      o_revision := 0;
      RETURN;
    END IF;
  END IF;
  INSERT INTO revisions (design_id, number, parent, author, created_at, message, format, content)
    VALUES (v_id, o_revision, nullif(coalesce(p_base, 0), 0), session_user, now(), coalesce(p_message, ''),
      'podwright-file-zlib', p_content);
  -- A waiver carried over from the parent keeps its signer and date; a new one is signed by the pusher.
  INSERT INTO waivers (design_id, revision, code, entities, reason, waived_by, waived_on)
    SELECT v_id, o_revision, coalesce(w.item->>'code', ''), coalesce(w.item->>'entities', ''),
      coalesce(w.item->>'reason', ''), coalesce(prev.waived_by, session_user),
      coalesce(prev.waived_on, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    FROM jsonb_array_elements(coalesce(p_waivers, '[]'::jsonb)) AS w(item)
    LEFT JOIN LATERAL (SELECT pw.waived_by, pw.waived_on FROM waivers pw
        WHERE pw.design_id = v_id AND pw.revision = p_base AND pw.code = coalesce(w.item->>'code', '')
          AND pw.entities = coalesce(w.item->>'entities', '') AND pw.reason = coalesce(w.item->>'reason', '')
        LIMIT 1) AS prev ON true;
  o_latest := o_revision;
END
$fn$;
)sql",
};
static_assert(std::size(kMigrations) == Repository::kSchemaVersion);

QString migrationSql(int step)
{
    return QString::fromUtf8(kMigrations[step])
        .replace(QLatin1String("{MAX_STORED}"), QString::number(limits::kMaxStoredRevisionBytes))
        .replace(QLatin1String("{MAX_FILE}"), QString::number(limits::kMaxDesignFileBytes));
}

const QString kPushFunction = QStringLiteral("podwright.push_revision(text, integer, text, bytea, jsonb)");

// The server-wide roles of schema version 1 (before issue 31): every database shared them.
const char* const kLegacyRoles[] = {"podwright_viewer", "podwright_editor", "podwright_owner"};

// The comment that marks a team role as belonging to one database (COMMENT ON ROLE): init refuses
// to take over a role of that name that does not carry it, so two databases can never share one.
QString teamRoleComment(const QString& database, RepoRole role)
{
    return QStringLiteral("Podwright team role: %1 of the database \"%2\"").arg(repoRoleName(role), database);
}

QString sqlLiteral(const QString& s)
{
    QString quoted = s;
    quoted.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

std::optional<RepoRole> repoRoleFromString(const QString& name)
{
    for (RepoRole r : {RepoRole::Viewer, RepoRole::Editor, RepoRole::Owner}) {
        if (name == repoRoleName(r))
            return r;
    }
    return std::nullopt;
}

QString repoRoleName(RepoRole role)
{
    switch (role) {
    case RepoRole::Viewer:
        return QStringLiteral("viewer");
    case RepoRole::Editor:
        return QStringLiteral("editor");
    case RepoRole::Owner:
        return QStringLiteral("owner");
    }
    return {};
}

QString repoRoleSqlName(const QString& database, RepoRole role)
{
    // "pw_" + the database + "_viewer": PostgreSQL keeps 63 bytes of an identifier (NAMEDATALEN - 1)
    // and cuts the rest silently, which would let two long database names share roles. The stem
    // is the whole database name when "pw_" + name + the longest suffix ("_viewer", "_editor")
    // fit in 63 bytes, else its first 44 bytes (cut at a character boundary) + "_" + 8 hex digits
    // of its MD5: 53 bytes either way, the same stem for all three roles of a database.
    constexpr qsizetype kMaxIdentifierBytes = 63;
    constexpr qsizetype kStemBytes = kMaxIdentifierBytes - 3 - 7;
    const QByteArray name = database.toUtf8();
    QByteArray stem = name;
    if (name.size() > kStemBytes) {
        qsizetype cut = kStemBytes - 9;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 sequence
        stem = name.left(cut) + '_' + QCryptographicHash::hash(name, QCryptographicHash::Md5).toHex().left(8);
    }
    return QStringLiteral("pw_") + QString::fromUtf8(stem) + QLatin1Char('_') + repoRoleName(role);
}

QJsonObject RepoDesignEntry::toJson() const
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("latest"), latest}, {QStringLiteral("author"), author},
        {QStringLiteral("time"), isoUtc(time)}, {QStringLiteral("message"), message}};
}

QJsonObject RepoRevision::toJson() const
{
    return {{QStringLiteral("number"), number},
        {QStringLiteral("parent"), parent ? QJsonValue(*parent) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("author"), author}, {QStringLiteral("time"), isoUtc(time)},
        {QStringLiteral("message"), message}, {QStringLiteral("bytes"), bytes}};
}

Repository::Repository(const RepoLocation& location)
    : mConnectionName(nextConnectionName()), mAddress(location.address())
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        throw DatabaseError(QStringLiteral("Qt's PostgreSQL driver (QPSQL) is not installed: install the package "
                                           "libqt6sql6-psql"));
    QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), mConnectionName);
    database.setConnectOptions(location.connectionString());
    if (!database.open()) {
        const QString reason = database.lastError().databaseText().trimmed();
        const QString driverReason = database.lastError().driverText().trimmed();
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(mConnectionName);
        throw DatabaseError(QStringLiteral("cannot connect to the repository '%1': %2")
                                .arg(mAddress, reason.isEmpty() ? driverReason : reason));
    }
    // Quiet the server's notices (an init repeated says "role is already a member").
    exec(QStringLiteral("SET client_min_messages = error"));
}

Repository::~Repository()
{
    {
        QSqlDatabase database = db();
        database.close();
    }
    QSqlDatabase::removeDatabase(mConnectionName);
}

QSqlDatabase Repository::db() const
{
    return QSqlDatabase::database(mConnectionName, false);
}

QSqlQuery Repository::exec(const QString& sql, const QVariantList& values)
{
    QSqlQuery q(db());
    q.setForwardOnly(true);
    bool ok = false;
    if (values.isEmpty()) {
        ok = q.exec(sql);
    } else {
        if (!q.prepare(sql))
            fail(q.lastError(), QStringLiteral("a query"));
        for (const QVariant& v : values)
            q.addBindValue(v);
        ok = q.exec();
    }
    if (!ok) {
        const QSqlError error = q.lastError();
        // A failed statement has aborted the transaction, if any: end it now, so that freeing the
        // prepared statement (below) runs outside it; the caller's rollback then has nothing to do.
        db().rollback();
        q = QSqlQuery();
        fail(error, QStringLiteral("the request"));
    }
    return q;
}

void Repository::fail(const QSqlError& e, const QString& what)
{
    // On one line: the driver puts the SQLSTATE on a line of its own.
    const QString text = (e.databaseText().trimmed().isEmpty() ? e.text().trimmed() : e.databaseText().trimmed())
                             .replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (e.nativeErrorCode() == kInsufficientPrivilege)
        throw RepoPermissionError(QStringLiteral("the repository server refused %1: %2").arg(what, text));
    throw DatabaseError(QStringLiteral("repository '%1': %2 failed: %3").arg(mAddress, what, text));
}

QString Repository::currentUser()
{
    QSqlQuery q = exec(QStringLiteral("SELECT current_user"));
    q.next();
    return q.value(0).toString();
}

int Repository::schemaVersion()
{
    QSqlQuery q = exec(QStringLiteral("SELECT to_regclass('podwright.meta') IS NOT NULL"));
    if (!q.next() || !q.value(0).toBool())
        return 0;
    QSqlQuery v = exec(QStringLiteral("SELECT value FROM podwright.meta WHERE key = 'schema_version'"));
    return v.next() ? v.value(0).toString().toInt() : 0;
}

void Repository::requireSchema()
{
    const int version = schemaVersion();
    if (version == 0)
        throw DatabaseError(QStringLiteral("the repository '%1' has no Podwright schema (or this role may not read "
                                           "it): its administrator runs 'podwright-cli repo init'")
                                .arg(mAddress));
    if (version > kSchemaVersion)
        throw NewerFormatError(QStringLiteral("the repository '%1' has schema version %2, newer than this Podwright "
                                              "(%3) understands: upgrade Podwright")
                                   .arg(mAddress)
                                   .arg(version)
                                   .arg(kSchemaVersion));
    if (version < kSchemaVersion)
        throw DatabaseError(QStringLiteral("the repository '%1' has schema version %2, older than this Podwright's "
                                           "(%3): its administrator runs 'podwright-cli repo init' to migrate it")
                                .arg(mAddress)
                                .arg(version)
                                .arg(kSchemaVersion));
}

QString Repository::database()
{
    if (mDatabase.isEmpty()) {
        QSqlQuery q = exec(QStringLiteral("SELECT current_database()"));
        q.next();
        mDatabase = q.value(0).toString();
    }
    return mDatabase;
}

QString Repository::roleName(RepoRole role)
{
    return repoRoleSqlName(database(), role);
}

QString Repository::ident(const QString& name) const
{
    return db().driver()->escapeIdentifier(name, QSqlDriver::FieldName);
}

void Repository::ensureTeamRoles()
{
    for (RepoRole role : {RepoRole::Viewer, RepoRole::Editor, RepoRole::Owner}) {
        const QString name = roleName(role);
        const QString comment = teamRoleComment(database(), role);
        QSqlQuery q = exec(
            QStringLiteral("SELECT shobj_description(oid, 'pg_authid'), rolcanlogin FROM pg_roles WHERE rolname = ?"),
            {name});
        if (!q.next()) {
            exec(QStringLiteral("CREATE ROLE %1 NOLOGIN").arg(ident(name)));
            exec(QStringLiteral("COMMENT ON ROLE %1 IS %2").arg(ident(name), sqlLiteral(comment)));
        } else if (q.value(0).toString() != comment || q.value(1).toBool()) {
            throw DatabaseError(QStringLiteral("repository '%1': the role %2 already exists on the server but is not "
                                               "the %3 role of the database \"%4\" (its comment: \"%5\"); nothing was "
                                               "changed. Rename that role, or use a database of another name")
                                    .arg(mAddress, name, repoRoleName(role), database(), q.value(0).toString()));
        }
    }
}

void Repository::applyGrants()
{
    const QString viewer = ident(roleName(RepoRole::Viewer));
    const QString editor = ident(roleName(RepoRole::Editor));
    const QString owner = ident(roleName(RepoRole::Owner));
    const QString dbIdent = ident(database());
    const QStringList statements{
        // Only this team connects, and nobody makes temporary objects (which could shadow ours).
        QStringLiteral("REVOKE ALL ON DATABASE %1 FROM PUBLIC").arg(dbIdent),
        QStringLiteral("GRANT CONNECT ON DATABASE %1 TO %2").arg(dbIdent, viewer),
        QStringLiteral("REVOKE ALL ON SCHEMA podwright FROM PUBLIC"),
        QStringLiteral("REVOKE ALL ON ALL TABLES IN SCHEMA podwright FROM PUBLIC"),
        QStringLiteral("REVOKE ALL ON ALL SEQUENCES IN SCHEMA podwright FROM PUBLIC"),
        QStringLiteral("REVOKE ALL ON FUNCTION %1 FROM PUBLIC").arg(kPushFunction),
        QStringLiteral("GRANT USAGE ON SCHEMA podwright TO %1").arg(viewer),
        QStringLiteral("GRANT SELECT ON ALL TABLES IN SCHEMA podwright TO %1").arg(viewer),
        // History only through the push function: no direct write for anyone of the team.
        QStringLiteral("REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON podwright.meta, podwright.designs, "
                       "podwright.revisions, podwright.waivers FROM %1, %2, %3")
            .arg(viewer, editor, owner),
        QStringLiteral("REVOKE ALL ON ALL SEQUENCES IN SCHEMA podwright FROM %1, %2, %3").arg(viewer, editor, owner),
        QStringLiteral("GRANT EXECUTE ON FUNCTION %1 TO %2").arg(kPushFunction, editor),
        QStringLiteral("GRANT INSERT, UPDATE, DELETE ON podwright.price_book, podwright.catalog_items TO %1")
            .arg(owner),
        QStringLiteral("GRANT %1 TO %2").arg(viewer, editor),
        QStringLiteral("GRANT %1 TO %2").arg(editor, owner),
    };
    for (const QString& sql : statements)
        exec(sql);
}

void Repository::migrateLegacyRoles()
{
    mMigratedMembers.clear();
    // Only a database that the server-wide roles of version 1 actually serve.
    QSqlQuery legacy = exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = 'podwright_viewer'"));
    if (!legacy.next())
        return;
    QSqlQuery used = exec(QStringLiteral("SELECT has_schema_privilege('podwright_viewer', 'podwright', 'USAGE')"));
    if (!used.next() || !used.value(0).toBool())
        return;
    // Each member keeps the highest role it had; one already given a role of this team keeps that.
    QSqlQuery members
        = exec(QStringLiteral(
                   "SELECT m.rolname, max(CASE r.rolname WHEN 'podwright_owner' THEN 3 WHEN 'podwright_editor' THEN 2 "
                   "ELSE 1 END) "
                   "FROM pg_auth_members am JOIN pg_roles r ON r.oid = am.roleid JOIN pg_roles m ON m.oid = am.member "
                   "WHERE r.rolname IN ('podwright_viewer', 'podwright_editor', 'podwright_owner') "
                   "AND m.rolname NOT IN ('podwright_viewer', 'podwright_editor', 'podwright_owner') "
                   "AND NOT pg_has_role(m.oid, ?, 'MEMBER') GROUP BY m.rolname ORDER BY m.rolname"),
            {roleName(RepoRole::Viewer)});
    std::vector<std::pair<QString, RepoRole>> carried;
    while (members.next())
        carried.emplace_back(members.value(0).toString(),
            members.value(1).toInt() == 3       ? RepoRole::Owner
                : members.value(1).toInt() == 2 ? RepoRole::Editor
                                                : RepoRole::Viewer);
    members = QSqlQuery();
    for (const auto& [member, role] : carried)
        exec(QStringLiteral("GRANT %1 TO %2").arg(ident(roleName(role)), ident(member)));
    // The server-wide roles keep nothing in this database (they may still serve others).
    for (const char* old : kLegacyRoles) {
        const QString o = QLatin1String(old);
        exec(QStringLiteral("REVOKE ALL ON ALL TABLES IN SCHEMA podwright FROM %1").arg(o));
        exec(QStringLiteral("REVOKE ALL ON ALL SEQUENCES IN SCHEMA podwright FROM %1").arg(o));
        exec(QStringLiteral("REVOKE ALL ON SCHEMA podwright FROM %1").arg(o));
        exec(QStringLiteral("REVOKE ALL ON DATABASE %1 FROM %2").arg(ident(database()), o));
    }
    mMigratedMembers = std::move(carried);
}

int Repository::migrate()
{
    QSqlDatabase database = db();
    if (!database.transaction())
        throw DatabaseError(QStringLiteral("repository '%1': cannot start a transaction").arg(mAddress));
    ScopeGuard rollback([&database] { database.rollback(); });
    // Two inits at once: the second waits and then sees the first one's schema.
    exec(QStringLiteral("SELECT pg_advisory_xact_lock(hashtext('podwright.schema'))"));
    const int found = schemaVersion();
    if (found > kSchemaVersion)
        throw NewerFormatError(QStringLiteral("the repository '%1' has schema version %2, newer than this Podwright "
                                              "(%3) understands: upgrade Podwright; nothing was changed")
                                   .arg(mAddress)
                                   .arg(found)
                                   .arg(kSchemaVersion));
    for (int step = found; step < kSchemaVersion; ++step) {
        qCInfo(lcRepo) << "migrating the repository schema from version" << step << "to" << step + 1;
        exec(migrationSql(step));
    }
    try {
        ensureTeamRoles();
        applyGrants();
        migrateLegacyRoles();
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(
            e.message() + QStringLiteral(" (init needs the database's administrator: a role that may create roles)"));
    }
    exec(QStringLiteral("INSERT INTO podwright.meta (key, value) VALUES ('schema_version', ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
        {QString::number(kSchemaVersion)});
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the migration could not be committed: %2")
                                .arg(mAddress, database.lastError().text()));
    rollback.dismiss();
    return found;
}

void Repository::checkGrantee(const QString& user)
{
    if (user.isEmpty() || user.toUtf8().size() > 63)
        throw Error(QStringLiteral("'%1' is not a PostgreSQL role name (1 to 63 bytes)").arg(user));
    if (user.startsWith(QLatin1String("podwright_")) || user.startsWith(QLatin1String("pg_")))
        throw Error(QStringLiteral("'%1' is a reserved role name").arg(user));
    // No team role (of this team or another) becomes a member of a team role.
    QSqlQuery q
        = exec(QStringLiteral("SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = ?"), {user});
    if (q.next() && q.value(0).toString().startsWith(QLatin1String("Podwright team role")))
        throw Error(QStringLiteral("'%1' is a team role of a Podwright repository, not a user").arg(user));
}

void Repository::grant(const QString& user, RepoRole role)
{
    requireSchema();
    checkGrantee(user);
    QSqlDatabase database = db();
    if (!database.transaction())
        throw DatabaseError(QStringLiteral("repository '%1': cannot start a transaction").arg(mAddress));
    ScopeGuard rollback([&database] { database.rollback(); });
    const QString what = QStringLiteral("to grant a role (it needs the role that ran 'repo init')");
    try {
        QSqlQuery exists = exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {user});
        if (!exists.next())
            exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(ident(user)));
        // This team's roles only: what the user is in another database's team stays as it is.
        exec(QStringLiteral("REVOKE %1, %2, %3 FROM %4")
                 .arg(ident(roleName(RepoRole::Viewer)), ident(roleName(RepoRole::Editor)),
                     ident(roleName(RepoRole::Owner)), ident(user)));
        exec(QStringLiteral("GRANT %1 TO %2").arg(ident(roleName(role)), ident(user)));
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(e.message() + QStringLiteral(" (") + what + QLatin1Char(')'));
    }
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the grant could not be committed: %2")
                                .arg(mAddress, database.lastError().text()));
    rollback.dismiss();
}

void Repository::revoke(const QString& user)
{
    requireSchema();
    checkGrantee(user);
    QSqlQuery exists = exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {user});
    if (!exists.next())
        throw DatabaseError(QStringLiteral("there is no role '%1' on the repository's server").arg(user));
    exists = QSqlQuery();
    try {
        exec(QStringLiteral("REVOKE %1, %2, %3 FROM %4")
                 .arg(ident(roleName(RepoRole::Viewer)), ident(roleName(RepoRole::Editor)),
                     ident(roleName(RepoRole::Owner)), ident(user)));
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(
            e.message() + QStringLiteral(" (to revoke a role (it needs the role that ran 'repo init'))"));
    }
}

RepoPushResult Repository::push(const Design& design, const QString& name, const QString& message)
{
    requireSchema();
    if (name.isEmpty() || name.size() > Design::kMaxNameLength)
        throw Error(QStringLiteral("a design in the repository needs a name of 1 to %1 characters")
                        .arg(Design::kMaxNameLength));
    if (safetext::hasTerminalControls(name))
        throw Error(QStringLiteral("the design name '%1' carries control characters (a newline, an escape sequence "
                                   "or a bidirectional override), which would act on a colleague's terminal: "
                                   "refused, nothing was pushed; choose a name without them")
                        .arg(safetext::terminalText(name)));
    if (safetext::hasTerminalControls(message))
        throw Error(QStringLiteral("the push message '%1' carries control characters (a newline, an escape sequence "
                                   "or a bidirectional override), which would act on a colleague's terminal: "
                                   "refused, nothing was pushed; write it on one line without them")
                        .arg(safetext::terminalText(message)));
    const std::optional<RepoProvenance> provenance = RepoProvenance::of(design);
    // A file pulled from another design is pushed as a new design (a branch) under this name.
    const int base = provenance && provenance->design == name ? provenance->revision : 0; // 0: a new design
    QByteArray content;
    {
        Design stored(design);
        RepoProvenance::clear(stored);
        content = encoded(stored);
    }
    QJsonArray waivers;
    for (const Waiver& w : Waiver::listFromProperties(design.properties())) {
        QStringList entities;
        for (const EntityRef& e : w.entities)
            entities << e.toString();
        waivers.append(QJsonObject{{QStringLiteral("code"), w.code},
            {QStringLiteral("entities"), entities.join(QLatin1Char(' '))}, {QStringLiteral("reason"), w.reason}});
    }

    // One statement, so one transaction on the server: it stores the revision whole or not at all.
    // Its values are formatted by the driver (as it does for bound values) rather than prepared: a
    // prepared statement on a connection the server has cut makes Qt's driver print "Unable to free
    // statement" when it goes, noise around the one line that says what happened.
    QSqlDriver* driver = db().driver();
    auto literal = [driver](const QVariant& value) {
        QSqlField field(QString(), value.metaType());
        field.setValue(value);
        return driver->formatValue(field);
    };
    const QString call = QStringLiteral("SELECT o_revision, o_latest FROM podwright.push_revision(%1, %2, %3, %4, "
                                        "%5::jsonb)")
                             .arg(literal(name), literal(base), literal(text(message)), literal(content),
                                 literal(QString::fromUtf8(QJsonDocument(waivers).toJson(QJsonDocument::Compact))));
    QSqlQuery q(db());
    q.setForwardOnly(true);
    if (!q.exec(call) || !q.next()) {
        const QSqlError error = q.lastError();
        q = QSqlQuery();
        const QString code = error.nativeErrorCode();
        if (code == kInsufficientPrivilege)
            fail(error, QStringLiteral("the push of '%1' (pushing needs the editor role)").arg(name));
        // The server's first line, without libpq's and the driver's explanations after it.
        const QString serverText = error.databaseText().trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
        // No answer (the connection is gone), or the server ending the session: class 08 is a
        // connection exception, 57 an operator intervention (shutdown, pg_terminate_backend).
        const bool lost
            = code.isEmpty() || code.startsWith(QLatin1String("08")) || code.startsWith(QLatin1String("57"));
        if (!lost)
            throw DatabaseError(QStringLiteral("repository '%1' refused the push of '%2': %3. Nothing was pushed")
                                    .arg(mAddress, name, serverText));
        // The statement was its own transaction: a server that lost it rolls it back.
        throw DatabaseError(
            QStringLiteral("the connection to the repository '%1' was lost during the push of '%2'%3. Nothing was "
                           "pushed: the server drops an unfinished push, and '%2' stays at the revision it had. "
                           "Push again when the server is back (repo log %2 shows where it is)")
                .arg(mAddress, name,
                    serverText.isEmpty() ? QString() : QStringLiteral(" (the server said: %1)").arg(serverText)));
    }
    RepoPushResult result;
    result.revision = q.value(0).toInt();
    result.latest = q.value(1).toInt();
    if (result.revision > 0) {
        result.accepted = true;
        return result;
    }
    if (base > 0 && result.latest == 0)
        result.refusal = QStringLiteral("'%1' is not in the repository any more (the file was pulled at revision %2); "
                                        "push it under another design name")
                             .arg(name)
                             .arg(base);
    else if (base > 0)
        result.refusal = QStringLiteral("'%1' is at revision %2 in the repository, but this file is based on revision "
                                        "%3: someone pushed in between. Nothing was pushed. Pull the latest "
                                        "(repo pull %1 -o OTHER-FILE), compare and apply your changes there, or push "
                                        "this file as a new design under another name")
                             .arg(name)
                             .arg(result.latest)
                             .arg(base);
    else
        result.refusal = QStringLiteral("'%1' already exists in the repository (revision %2) and this file "
                                        "was not pulled from it. Nothing was pushed. Pull it (repo pull %1 "
                                        "-o FILE) and apply your changes there, or push it under another "
                                        "design name")
                             .arg(name)
                             .arg(result.latest);
    return result;
}

Design Repository::pull(const QString& name, std::optional<int> revision)
{
    requireSchema();
    // The sizes first, the content only once they are within the limits: a stored bomb costs a
    // few bytes of reading, not its inflated size.
    QSqlQuery q = exec(QStringLiteral("SELECT r.design_id, r.number, r.format, octet_length(r.content), "
                                      "substring(r.content FROM 1 FOR 4) FROM podwright.revisions r "
                                      "JOIN podwright.designs d ON d.id = r.design_id "
                                      "WHERE d.name = ? AND r.number = COALESCE(?, d.latest)"),
        {name, revision ? QVariant(*revision) : QVariant(QMetaType::fromType<int>())});
    if (!q.next()) {
        QSqlQuery latest = exec(QStringLiteral("SELECT latest FROM podwright.designs WHERE name = ?"), {name});
        if (!latest.next())
            throw DatabaseError(QStringLiteral("no design '%1' in the repository (repo list shows them)").arg(name));
        throw DatabaseError(QStringLiteral("'%1' has no revision %2 (its revisions are 1 to %3)")
                                .arg(name)
                                .arg(revision.value_or(0))
                                .arg(latest.value(0).toInt()));
    }
    const qint64 designId = q.value(0).toLongLong();
    const int number = q.value(1).toInt();
    const QString format = q.value(2).toString();
    const qint64 storedBytes = q.value(3).toLongLong();
    const QByteArray head = q.value(4).toByteArray();
    q = QSqlQuery();
    auto refuse = [&](const QString& why) {
        return FormatError(QStringLiteral("revision %1 of '%2' in the repository: %3").arg(number).arg(name, why));
    };
    if (storedBytes > limits::kMaxStoredRevisionBytes)
        throw refuse(QStringLiteral("it is stored as %1 bytes, above the %2 bytes a revision of the largest legal "
                                    "design takes; it is refused without being read")
                         .arg(storedBytes)
                         .arg(limits::kMaxStoredRevisionBytes));
    if (format != QLatin1String("podwright-json")) {
        const std::optional<qint64> declared = storedrevision::declaredLength(head);
        if (declared && *declared > limits::kMaxDesignFileBytes)
            throw refuse(QStringLiteral("it declares a design file of %1 bytes, above the %2 bytes of the largest "
                                        "legal design (%3 GPUs); it is refused without being inflated")
                             .arg(*declared)
                             .arg(limits::kMaxDesignFileBytes)
                             .arg(limits::kMaxGpus));
    }
    QSqlQuery content
        = exec(QStringLiteral("SELECT content FROM podwright.revisions WHERE design_id = ? AND number = ?"),
            {designId, number});
    if (!content.next())
        throw DatabaseError(QStringLiteral("revision %1 of '%2' went away while it was read").arg(number).arg(name));
    const QByteArray stored = content.value(0).toByteArray();
    content = QSqlQuery();
    Design design = [&] {
        try {
            return decoded(format, stored);
        } catch (const Error& e) {
            throw refuse(e.message());
        }
    }();
    RepoProvenance::set(design, RepoProvenance{name, number});
    return design;
}

std::vector<RepoDesignEntry> Repository::list()
{
    requireSchema();
    QSqlQuery q = exec(QStringLiteral("SELECT d.name, d.latest, r.author, r.created_at, r.message "
                                      "FROM podwright.designs d JOIN podwright.revisions r "
                                      "ON r.design_id = d.id AND r.number = d.latest ORDER BY d.name"));
    std::vector<RepoDesignEntry> entries;
    while (q.next())
        entries.push_back({q.value(0).toString(), q.value(1).toInt(), q.value(2).toString(),
            q.value(3).toDateTime().toUTC(), q.value(4).toString()});
    return entries;
}

std::vector<RepoRevision> Repository::log(const QString& name)
{
    requireSchema();
    QSqlQuery exists = exec(QStringLiteral("SELECT id FROM podwright.designs WHERE name = ?"), {name});
    if (!exists.next())
        throw DatabaseError(QStringLiteral("no design '%1' in the repository (repo list shows them)").arg(name));
    QSqlQuery q = exec(QStringLiteral("SELECT number, parent, author, created_at, message, octet_length(content) "
                                      "FROM podwright.revisions WHERE design_id = ? ORDER BY number DESC"),
        {exists.value(0)});
    std::vector<RepoRevision> revisions;
    while (q.next()) {
        RepoRevision r;
        r.number = q.value(0).toInt();
        if (!q.value(1).isNull())
            r.parent = q.value(1).toInt();
        r.author = q.value(2).toString();
        r.time = q.value(3).toDateTime().toUTC();
        r.message = q.value(4).toString();
        r.bytes = q.value(5).toLongLong();
        revisions.push_back(r);
    }
    return revisions;
}

void Repository::setPrice(const QString& item, double usd, const QString& source)
{
    requireSchema();
    if (item.isEmpty() || source.trimmed().isEmpty() || !(usd >= 0))
        throw Error(QStringLiteral("a price needs a catalog item, a price of 0 or more and a source"));
    try {
        exec(QStringLiteral("INSERT INTO podwright.price_book (item, price_usd, source) VALUES (?, ?, ?) "
                            "ON CONFLICT (item) DO UPDATE SET price_usd = excluded.price_usd, "
                            "source = excluded.source, updated_by = current_user, updated_at = now()"),
            {item, usd, source});
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(e.message() + QStringLiteral(" (changing the price book needs the owner role)"));
    }
}

int Repository::pushCatalogItems(const QJsonArray& items)
{
    requireSchema();
    for (const QJsonValue& v : items)
        if (v.toObject().value(QLatin1String("sku")).toString().isEmpty())
            throw Error(QStringLiteral("every catalog item needs a \"sku\""));
    QSqlDatabase database = db();
    if (!database.transaction())
        throw DatabaseError(QStringLiteral("repository '%1': cannot start a transaction").arg(mAddress));
    ScopeGuard rollback([&database] { database.rollback(); });
    try {
        for (const QJsonValue& v : items) {
            const QJsonObject item = v.toObject();
            exec(QStringLiteral("INSERT INTO podwright.catalog_items (id, item) VALUES (?, ?::jsonb) "
                                "ON CONFLICT (id) DO UPDATE SET item = excluded.item, updated_by = current_user, "
                                "updated_at = now()"),
                {item.value(QLatin1String("sku")).toString(),
                    QString::fromUtf8(QJsonDocument(item).toJson(QJsonDocument::Compact))});
        }
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(e.message() + QStringLiteral(" (changing the team catalog needs the owner role)"));
    }
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the catalog could not be committed, nothing was "
                                           "changed: %2")
                                .arg(mAddress, database.lastError().text()));
    rollback.dismiss();
    return static_cast<int>(items.size());
}

QJsonObject Repository::catalogItems()
{
    requireSchema();
    QSqlQuery q = exec(QStringLiteral("SELECT item::text FROM podwright.catalog_items ORDER BY id"));
    QJsonArray items;
    while (q.next())
        items.append(QJsonDocument::fromJson(q.value(0).toString().toUtf8()).object());
    return {{QStringLiteral("schema"), 1}, {QStringLiteral("items"), items}};
}

std::optional<Repository::CatalogChange> Repository::lastCatalogChange()
{
    requireSchema();
    QSqlQuery q = exec(QStringLiteral("SELECT updated_at, updated_by FROM ("
                                      "SELECT updated_at, updated_by FROM podwright.catalog_items UNION ALL "
                                      "SELECT updated_at, updated_by FROM podwright.price_book) AS changes "
                                      "ORDER BY updated_at DESC LIMIT 1"));
    if (!q.next())
        return std::nullopt;
    return CatalogChange{q.value(0).toDateTime().toUTC(), q.value(1).toString()};
}

PriceBook Repository::priceBook()
{
    PriceBook book(QStringLiteral("the repository '%1'").arg(mAddress));
    for (const Price& p : prices())
        book.set(p.item, PriceBook::Entry{p.usd, p.source, p.updatedBy});
    return book;
}

std::vector<Repository::Price> Repository::prices()
{
    requireSchema();
    QSqlQuery q = exec(
        QStringLiteral("SELECT item, price_usd::float8, source, updated_by FROM podwright.price_book ORDER BY item"));
    std::vector<Price> result;
    while (q.next())
        result.push_back({q.value(0).toString(), q.value(1).toDouble(), q.value(2).toString(), q.value(3).toString()});
    return result;
}

} // namespace pw
