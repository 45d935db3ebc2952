#include "repository.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "model/design.h"
#include "repo/repoprovenance.h"
#include "util/scopeguard.h"
#include "validate/waiver.h"

#include <QAtomicInteger>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QVariant>

namespace pw {

Q_LOGGING_CATEGORY(lcRepo, "pw.core.repo", QtInfoMsg)

namespace {

const QString kInsufficientPrivilege = QStringLiteral("42501");
const QString kUniqueViolation = QStringLiteral("23505");
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

// A revision's content: the design file itself (io/designfile.h: SQLite, the checked loader), zlib
// compressed. The file, not the JSON: a 100,000-GPU design saves and loads several times faster as
// SQLite than as its 117 MB of JSON, and compressed it is a few MB, which matters because Qt's QPSQL
// driver sends a bound value escaped as text. JSON revisions (plain or compressed) are read too.
QByteArray encoded(const Design& design)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        throw IoError(QStringLiteral("cannot make a temporary folder for the design: %1").arg(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("revision.podwright"));
    DesignFile::save(design, path);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError(QStringLiteral("%1: %2").arg(path, f.errorString()));
    return qCompress(f.readAll(), kCompressionLevel);
}

Design decoded(const QString& format, const QByteArray& stored)
{
    if (format == QLatin1String("podwright-json"))
        return DesignJson::fromBytes(stored);
    const QByteArray bytes = qUncompress(stored);
    if (bytes.isEmpty())
        throw FormatError(QStringLiteral("the stored design is not valid compressed data"));
    if (format == QLatin1String("podwright-json-zlib"))
        return DesignJson::fromBytes(bytes);
    if (format != QLatin1String("podwright-file-zlib"))
        throw FormatError(QStringLiteral("unknown stored format '%1'").arg(format));
    QTemporaryDir dir;
    if (!dir.isValid())
        throw IoError(QStringLiteral("cannot make a temporary folder for the design: %1").arg(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("revision.podwright"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.flush())
        throw IoError(QStringLiteral("%1: %2").arg(path, f.errorString()));
    f.close();
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
};
static_assert(std::size(kMigrations) == Repository::kSchemaVersion);

// The group roles and what each may do; run on every init, so grants follow the schema.
const char* const kRolesAndGrants = R"sql(
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'podwright_viewer') THEN CREATE ROLE podwright_viewer NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'podwright_editor') THEN CREATE ROLE podwright_editor NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'podwright_owner') THEN CREATE ROLE podwright_owner NOLOGIN; END IF;
END
$$;
REVOKE ALL ON SCHEMA podwright FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA podwright FROM PUBLIC;
GRANT USAGE ON SCHEMA podwright TO podwright_viewer;
GRANT SELECT ON ALL TABLES IN SCHEMA podwright TO podwright_viewer;
GRANT INSERT ON podwright.designs, podwright.revisions, podwright.waivers TO podwright_editor;
GRANT UPDATE (latest) ON podwright.designs TO podwright_editor;
GRANT USAGE ON SEQUENCE podwright.designs_id_seq TO podwright_editor;
GRANT INSERT, UPDATE, DELETE ON podwright.price_book, podwright.catalog_items TO podwright_owner;
)sql";

// Role membership is granted apart: a second GRANT of the same membership only warns.
const char* const kRoleChain[] = {
    "GRANT podwright_viewer TO podwright_editor",
    "GRANT podwright_editor TO podwright_owner",
};

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

QString repoRoleSqlName(RepoRole role)
{
    return QStringLiteral("podwright_") + repoRoleName(role);
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
    const QString text = e.databaseText().trimmed().isEmpty() ? e.text().trimmed() : e.databaseText().trimmed();
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
        exec(QString::fromUtf8(kMigrations[step]));
    }
    exec(QString::fromUtf8(kRolesAndGrants));
    for (const char* sql : kRoleChain)
        exec(QString::fromUtf8(sql));
    exec(QStringLiteral("INSERT INTO podwright.meta (key, value) VALUES ('schema_version', ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
        {QString::number(kSchemaVersion)});
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the migration could not be committed: %2")
                                .arg(mAddress, database.lastError().text()));
    rollback.dismiss();
    return found;
}

void Repository::grant(const QString& user, RepoRole role)
{
    requireSchema();
    if (user.isEmpty() || user.size() > 63)
        throw Error(QStringLiteral("'%1' is not a PostgreSQL role name (1 to 63 characters)").arg(user));
    if (user.startsWith(QLatin1String("podwright_")) || user.startsWith(QLatin1String("pg_")))
        throw Error(QStringLiteral("'%1' is a reserved role name").arg(user));
    const QString ident = db().driver()->escapeIdentifier(user, QSqlDriver::FieldName);
    QSqlDatabase database = db();
    if (!database.transaction())
        throw DatabaseError(QStringLiteral("repository '%1': cannot start a transaction").arg(mAddress));
    ScopeGuard rollback([&database] { database.rollback(); });
    const QString what = QStringLiteral("to grant a role (it needs the role that ran 'repo init')");
    try {
        QSqlQuery exists = exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {user});
        if (!exists.next())
            exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(ident));
        exec(QStringLiteral("REVOKE podwright_viewer, podwright_editor, podwright_owner FROM %1").arg(ident));
        exec(QStringLiteral("GRANT %1 TO %2").arg(repoRoleSqlName(role), ident));
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(e.message() + QStringLiteral(" (") + what + QLatin1Char(')'));
    }
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the grant could not be committed: %2")
                                .arg(mAddress, database.lastError().text()));
    rollback.dismiss();
}

RepoPushResult Repository::push(const Design& design, const QString& name, const QString& message)
{
    requireSchema();
    if (name.isEmpty() || name.size() > Design::kMaxNameLength)
        throw Error(QStringLiteral("a design in the repository needs a name of 1 to %1 characters")
                        .arg(Design::kMaxNameLength));
    const std::optional<RepoProvenance> provenance = RepoProvenance::of(design);
    // A file pulled from another design is pushed as a new design (a branch) under this name.
    const int base = provenance && provenance->design == name ? provenance->revision : 0; // 0: a new design
    QByteArray content;
    {
        Design stored(design);
        RepoProvenance::clear(stored);
        content = encoded(stored);
    }

    QSqlDatabase database = db();
    if (!database.transaction())
        throw DatabaseError(QStringLiteral("repository '%1': cannot start a transaction").arg(mAddress));
    ScopeGuard rollback([&database] { database.rollback(); });
    RepoPushResult result;
    auto latestOf = [this, &name]() -> int {
        QSqlQuery q = exec(QStringLiteral("SELECT latest FROM podwright.designs WHERE name = ?"), {name});
        return q.next() ? q.value(0).toInt() : 0;
    };
    const QString what = QStringLiteral("the push of '%1' (pushing needs the editor role)").arg(name);
    try {
        qint64 designId = 0;
        if (base > 0) {
            // Compare and swap: the row lock makes a concurrent push with the same base wait, then miss.
            QSqlQuery q = exec(QStringLiteral("UPDATE podwright.designs SET latest = latest + 1 "
                                              "WHERE name = ? AND latest = ? RETURNING id, latest"),
                {name, base});
            if (!q.next()) {
                result.latest = latestOf();
                result.refusal = result.latest == 0
                    ? QStringLiteral("'%1' is not in the repository any more (the file was pulled at revision %2); "
                                     "push it under another design name")
                          .arg(name)
                          .arg(base)
                    : QStringLiteral("'%1' is at revision %2 in the repository, but this file is based on revision "
                                     "%3: someone pushed in between. Nothing was pushed. Pull the latest "
                                     "(repo pull %1 -o OTHER-FILE), compare and apply your changes there, or push "
                                     "this file as a new design under another name")
                          .arg(name)
                          .arg(result.latest)
                          .arg(base);
                return result;
            }
            designId = q.value(0).toLongLong();
            result.revision = q.value(1).toInt();
        } else {
            result.latest = latestOf();
            if (result.latest > 0) {
                result.refusal = QStringLiteral("'%1' already exists in the repository (revision %2) and this file "
                                                "was not pulled from it. Nothing was pushed. Pull it (repo pull %1 "
                                                "-o FILE) and apply your changes there, or push it under another "
                                                "design name")
                                     .arg(name)
                                     .arg(result.latest);
                return result;
            }
            QSqlQuery insert(database);
            insert.prepare(QStringLiteral("INSERT INTO podwright.designs (name, latest) VALUES (?, 1) RETURNING id"));
            insert.addBindValue(name);
            if (!insert.exec()) {
                const QSqlError error = insert.lastError();
                database.rollback();
                insert = QSqlQuery();
                if (error.nativeErrorCode() == kUniqueViolation) {
                    result.refusal = QStringLiteral("'%1' was created in the repository by someone else just now. "
                                                    "Nothing was pushed. Pull it, or push it under another "
                                                    "design name")
                                         .arg(name);
                    return result;
                }
                fail(error, what);
            }
            insert.next();
            designId = insert.value(0).toLongLong();
            result.revision = 1;
        }
        exec(QStringLiteral("INSERT INTO podwright.revisions (design_id, number, parent, message, format, content) "
                            "VALUES (?, ?, ?, ?, ?, ?)"),
            {designId, result.revision, base > 0 ? QVariant(base) : QVariant(QMetaType::fromType<int>()), text(message),
                QStringLiteral("podwright-file-zlib"), content});
        for (const Waiver& w : Waiver::listFromProperties(design.properties())) {
            QStringList entities;
            for (const EntityRef& e : w.entities)
                entities << e.toString();
            exec(QStringLiteral("INSERT INTO podwright.waivers (design_id, revision, code, entities, reason, "
                                "waived_by, waived_on) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                {designId, result.revision, text(w.code), text(entities.join(QLatin1Char(' '))), text(w.reason),
                    text(w.author), text(w.date)});
        }
    } catch (const RepoPermissionError& e) {
        throw RepoPermissionError(e.message() + QStringLiteral(" (") + what + QLatin1Char(')'));
    }
    if (!database.commit())
        throw DatabaseError(QStringLiteral("repository '%1': the push of '%2' could not be committed, the "
                                           "repository stays at the previous revision: %3")
                                .arg(mAddress, name, database.lastError().text()));
    rollback.dismiss();
    result.accepted = true;
    return result;
}

Design Repository::pull(const QString& name, std::optional<int> revision)
{
    requireSchema();
    QSqlQuery q = exec(QStringLiteral("SELECT r.number, r.content, r.format FROM podwright.revisions r "
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
    const int number = q.value(0).toInt();
    Design design = [&] {
        try {
            return decoded(q.value(2).toString(), q.value(1).toByteArray());
        } catch (const Error& e) {
            throw FormatError(
                QStringLiteral("revision %1 of '%2' in the repository: %3").arg(number).arg(name, e.message()));
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
