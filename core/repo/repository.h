#pragma once

#include "cost/pricebook.h"
#include "repo/repolocation.h"
#include "util/errors.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

class QSqlDatabase;
class QSqlError;
class QSqlQuery;

namespace pw {

class Design;

// The server refused an operation for lack of privilege (PostgreSQL SQLSTATE 42501, a grant or a
// row-level-security policy): the message names what was refused and the role that is needed.
class RepoPermissionError : public DatabaseError {
    using DatabaseError::DatabaseError;
};

// A role a team member holds in the repository; each includes the one before. Each team database
// has its own three PostgreSQL group roles, named after it (docs/team-repository.md, "Teams").
enum class RepoRole { Viewer, Editor, Owner };
[[nodiscard]] std::optional<RepoRole> repoRoleFromString(const QString& name);
[[nodiscard]] QString repoRoleName(RepoRole role); // "viewer"
// The group role of `database` (its name on the server): "pw_team_viewer" for the database "team".
// At most 63 bytes; a long database name is cut and given 8 hex digits of its MD5, so two long names
// sharing a beginning never share roles.
[[nodiscard]] QString repoRoleSqlName(const QString& database, RepoRole role);

// One design in the repository with its latest revision.
struct RepoDesignEntry {
    QString name;
    int latest = 0;
    QString author; // of the latest revision
    QDateTime time; // UTC
    QString message;
    [[nodiscard]] QJsonObject toJson() const;
};

// One revision of a design.
struct RepoRevision {
    int number = 0;
    std::optional<int> parent;
    QString author;
    QDateTime time; // UTC
    QString message;
    qint64 bytes = 0;
    [[nodiscard]] QJsonObject toJson() const;
};

// What a push did: the new revision, or the reason it was refused (someone pushed in between, or
// the design exists and the file was never pulled from it). A refusal changes nothing.
struct RepoPushResult {
    bool accepted = false;
    int revision = 0; // the new revision when accepted
    int latest = 0; // the repository's latest revision when refused (0: design unknown)
    QString refusal; // why, with the way forward
};

// A team's designs on a PostgreSQL server (Qt's QPSQL driver): designs with their revisions
// (author, time, message, parent, the design as Podwright JSON), the team's price book and catalog
// items, and the waivers of each revision. Who may do what is the server's business: roles and
// grants, and row-level security so that a revision's author is the role that pushed it. One
// connection per object; each write is one transaction, so a dropped connection leaves the
// repository at the previous revision. Environment failures (unreachable server, uninitialised or
// newer schema) throw DatabaseError; the server's refusals throw RepoPermissionError.
class Repository {
public:
    // Version of the schema this program writes; older schemas are migrated forward by migrate().
    // 2: pushes only through podwright.push_revision, per-database roles (issue 31).
    static constexpr int kSchemaVersion = 2;

    // Connects; throws DatabaseError (with libpq's reason) when the server cannot be reached.
    explicit Repository(const RepoLocation& location);
    ~Repository();
    Repository(const Repository&) = delete;
    Repository& operator=(const Repository&) = delete;

    // Creates the schema and this database's three group roles, or migrates an older schema
    // forward; refuses a newer one. CONNECT and TEMP on the database are revoked from PUBLIC and
    // CONNECT granted to the team's roles. A repository of schema version 1 served by the
    // server-wide roles podwright_viewer/editor/owner is moved to the database's roles: their
    // members get the same role in this team (migratedMembers() lists them) and the server-wide
    // roles keep nothing here. Needs a role that may create schemas in the database and create
    // roles. Returns the schema version it found (0 for an empty database).
    int migrate();
    // The members carried over from the server-wide roles by the last migrate(), with their role.
    [[nodiscard]] const std::vector<std::pair<QString, RepoRole>>& migratedMembers() const { return mMigratedMembers; }
    // The schema version in the database (0 when there is none).
    [[nodiscard]] int schemaVersion();
    // Gives `user` exactly `role` in this repository (its other roles of this team are revoked; what
    // it is in another database's team is untouched), creating the login role without a password
    // when it does not exist.
    void grant(const QString& user, RepoRole role);
    // Takes every role of this team from `user` (its login role stays).
    void revoke(const QString& user);
    // The database this repository is (current_database()).
    [[nodiscard]] QString database();

    // Stores `design` as the next revision of `name` through the server's push function, which sets
    // the author, time and waiver signers itself. The design's provenance (RepoProvenance) says
    // which revision it is based on; none means a new design. A name or message with control
    // characters is refused (Error) before anything is sent; a connection lost during the push
    // throws DatabaseError saying that nothing was pushed.
    [[nodiscard]] RepoPushResult push(const Design& design, const QString& name, const QString& message);
    // The design at `revision` (latest when not given) with its provenance set. Throws
    // DatabaseError when the design or revision does not exist, FormatError when the stored
    // revision is above the limits of the largest legal design (util/designlimits.h: checked
    // before the content is fetched, then inflated in chunks under a running cap) or damaged.
    [[nodiscard]] Design pull(const QString& name, std::optional<int> revision = std::nullopt);
    [[nodiscard]] std::vector<RepoDesignEntry> list();
    // Newest first; throws DatabaseError when the design does not exist.
    [[nodiscard]] std::vector<RepoRevision> log(const QString& name);

    // The team's price book: catalog item id -> price in US dollars with its source.
    struct Price {
        QString item;
        double usd = 0;
        QString source;
        QString updatedBy;
    };
    void setPrice(const QString& item, double usd, const QString& source);
    [[nodiscard]] std::vector<Price> prices();
    // The same as a PriceBook for costing (CostAssumptions::priceBook), its origin naming this
    // repository. Any role that may read the repository may read it; only owners change it.
    [[nodiscard]] PriceBook priceBook();

    // The team's catalog: extra catalog items (the user-catalog format of catalog/catalog.h, one JSON
    // object per item with its "sku"), shared through the repository. pushCatalogItems stores each
    // item under its sku, replacing an item of the same sku, in one transaction (owners only: the
    // server refuses anyone else); returns how many were stored. catalogItems returns them by sku,
    // as {"schema": 1, "items": [...]}, a file Catalog::loadUserFile (and $PODWRIGHT_USER_CATALOG)
    // reads. The caller checks the items (podwright-cli does, against the shipped catalog).
    int pushCatalogItems(const QJsonArray& items);
    [[nodiscard]] QJsonObject catalogItems();
    // The latest change to the team catalog or the price book: when (UTC) and by which role; none
    // while both are empty. It names the state of them a reader has (TeamCatalog::describe).
    struct CatalogChange {
        QDateTime time;
        QString by;
        bool operator==(const CatalogChange&) const = default;
    };
    [[nodiscard]] std::optional<CatalogChange> lastCatalogChange();

    // What the user gave as the address, for messages.
    [[nodiscard]] const QString& address() const { return mAddress; }
    // The role the connection logged in as.
    [[nodiscard]] QString currentUser();

private:
    [[nodiscard]] QSqlDatabase db() const;
    void requireSchema();
    QSqlQuery exec(const QString& sql, const QVariantList& values = {});
    [[noreturn]] void fail(const QSqlError& error, const QString& what);
    [[nodiscard]] QString roleName(RepoRole role);
    [[nodiscard]] QString ident(const QString& name) const;
    void ensureTeamRoles();
    void applyGrants();
    void migrateLegacyRoles();
    void checkGrantee(const QString& user);

    QString mConnectionName;
    QString mAddress;
    QString mDatabase;
    std::vector<std::pair<QString, RepoRole>> mMigratedMembers;
};

} // namespace pw
