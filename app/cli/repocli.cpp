#include "cli.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/repository.h"

#include "catalog/catalog.h"
#include "export/safetext.h"
#include "util/errors.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace pw::cli {

namespace {

const QCommandLineOption kRepoOption(QStringLiteral("repo"),
    QStringLiteral("The repository: a PostgreSQL URI (postgresql://user@host/db), a key=value connection string "
                   "or a service name; default $PODWRIGHT_REPO. Passwords come from ~/.pgpass, $PGPASSFILE or "
                   "$PGPASSWORD, never from the address."),
    QStringLiteral("URI"));
const QCommandLineOption kJsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));

struct RepoCommand {
    const char* name;
    const char* summary;
    int (*run)(Context&);
};

// Text from the repository (names, messages, authors, sources) on a terminal line: escaped, so that
// a pushed escape sequence or bidirectional override cannot act on the reader's terminal.
QString shown(const QString& s)
{
    return safetext::terminalText(s);
}

Repository open(const QCommandLineParser& p, QTextStream& err)
{
    if (p.value(kRepoOption).trimmed().isEmpty()
        && qEnvironmentVariable(RepoLocation::kEnvironmentVariable).trimmed().isEmpty())
        throw UsageError(
            QStringLiteral("no repository given: pass --repo URI (postgresql://user@host/db or a service name) "
                           "or set %1")
                .arg(QLatin1String(RepoLocation::kEnvironmentVariable)));
    const RepoLocation location = RepoLocation::fromArgumentOrEnvironment(p.value(kRepoOption));
    if (!location.transportWarning().isEmpty())
        err << "podwright-cli repo: warning: " << location.transportWarning() << '\n';
    return Repository(location);
}

int runInit(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    ctx.parse(p,
        QStringLiteral("Create the repository's schema and this database's roles (pw_<database>_viewer, _editor, "
                       "_owner; CONNECT is revoked from everyone else), or migrate an older schema forward, moving "
                       "the members of the server-wide roles of schema 1 to this database's roles. Run it as the "
                       "database's administrator (a role that may create schemas and roles)."),
        0, 0, QStringLiteral("no arguments"));
    Repository repo = open(p, ctx.err);
    const int found = repo.migrate();
    ctx.out << "repository schema version " << Repository::kSchemaVersion;
    if (found == 0)
        ctx.out << " (created)\n";
    else if (found < Repository::kSchemaVersion)
        ctx.out << " (migrated from version " << found << ")\n";
    else
        ctx.out << " (already current)\n";
    ctx.out << "team roles of database " << shown(repo.database()) << ": "
            << repoRoleSqlName(repo.database(), RepoRole::Viewer) << ", "
            << repoRoleSqlName(repo.database(), RepoRole::Editor) << ", "
            << repoRoleSqlName(repo.database(), RepoRole::Owner) << '\n';
    if (!repo.migratedMembers().empty()) {
        ctx.out << "moved from the server-wide roles podwright_viewer/editor/owner to this database's roles (every "
                   "database shared them: check that each is a member of this team, and remove the others with "
                   "'repo revoke USER'):\n";
        for (const auto& [member, role] : repo.migratedMembers())
            ctx.out << "  " << shown(member) << "  " << repoRoleName(role) << '\n';
    }
    return 0;
}

int runGrant(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addPositionalArgument(QStringLiteral("user"), QStringLiteral("A PostgreSQL login role (created when missing)."));
    p.addPositionalArgument(QStringLiteral("role"), QStringLiteral("viewer, editor or owner."));
    ctx.parse(p,
        QStringLiteral("Give a user exactly one role in the repository: a viewer reads and exports, an editor also "
                       "pushes, an owner also changes the price book. Needs the administrator that ran init."),
        2, 2, QStringLiteral("USER viewer|editor|owner"));
    const QString user = p.positionalArguments().at(0);
    const std::optional<RepoRole> role = repoRoleFromString(p.positionalArguments().at(1));
    if (!role)
        throw UsageError(
            QStringLiteral("unknown role '%1': use viewer, editor or owner").arg(p.positionalArguments().at(1)));
    Repository repo = open(p, ctx.err);
    repo.grant(user, *role);
    ctx.out << shown(user) << " is now " << (*role == RepoRole::Viewer ? "a " : "an ") << repoRoleName(*role)
            << " of the repository " << shown(repo.database()) << '\n';
    return 0;
}

int runRevoke(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addPositionalArgument(QStringLiteral("user"), QStringLiteral("A PostgreSQL login role."));
    ctx.parse(p,
        QStringLiteral("Take every role of this repository from a user (its login role and its roles in other "
                       "databases stay). Needs the administrator that ran init."),
        1, 1, QStringLiteral("USER"));
    const QString user = p.positionalArguments().at(0);
    Repository repo = open(p, ctx.err);
    repo.revoke(user);
    ctx.out << shown(user) << " has no role in the repository " << shown(repo.database()) << " now\n";
    return 0;
}

int runPush(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    const QCommandLineOption message(QStringList{QStringLiteral("m"), QStringLiteral("message")},
        QStringLiteral("What changed, for the log."), QStringLiteral("M"));
    const QCommandLineOption name(QStringLiteral("name"),
        QStringLiteral("The design's name in the repository (default: the name it was pulled as, else the "
                       "design's own name). A new name starts a new design."),
        QStringLiteral("NAME"));
    p.addOption(message);
    p.addOption(name);
    p.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral("Store a design file as the next revision in the repository. Refused (exit 1) when the "
                       "revision the file was pulled from is no longer the latest. On success the file is "
                       "updated to remember its new revision."),
        1, 1, QStringLiteral("one design file"));
    const QString path = p.positionalArguments().at(0);
    Design design = ctx.loadDesign(path);
    QString target = p.value(name);
    if (target.isEmpty()) {
        const std::optional<RepoProvenance> provenance = RepoProvenance::of(design);
        target = provenance ? provenance->design : design.name();
    }
    if (target.isEmpty())
        throw UsageError(QStringLiteral("the design has no name: give one with --name"));
    Repository repo = open(p, ctx.err);
    const RepoPushResult result = repo.push(design, target, p.value(message));
    if (!result.accepted) {
        ctx.err << "podwright-cli repo push: refused: " << shown(result.refusal)
                << " (a new design: repo push FILE --name NEW-NAME)\n";
        return 1;
    }
    RepoProvenance::set(design, RepoProvenance{target, result.revision});
    Context::saveDesign(design, path);
    ctx.out << "pushed " << shown(target) << " revision " << result.revision << '\n';
    return 0;
}

int runPull(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    const QCommandLineOption revision(
        QStringLiteral("revision"), QStringLiteral("The revision (default: the latest)."), QStringLiteral("N"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The design file to write (.podwright, or .json)."), QStringLiteral("FILE"));
    p.addOption(revision);
    p.addOption(output);
    p.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The design's name in the repository."));
    ctx.parse(p, QStringLiteral("Write a revision of a design from the repository to a file."), 1, 1,
        QStringLiteral("one design name"));
    if (!p.isSet(output))
        throw UsageError(QStringLiteral("pull needs -o FILE"));
    std::optional<int> number;
    if (p.isSet(revision)) {
        bool ok = false;
        number = p.value(revision).toInt(&ok);
        if (!ok || *number < 1)
            throw UsageError(QStringLiteral("--revision needs a number of 1 or more, not '%1'").arg(p.value(revision)));
    }
    Repository repo = open(p, ctx.err);
    const Design design = repo.pull(p.positionalArguments().at(0), number);
    Context::saveDesign(design, p.value(output));
    ctx.out << "wrote " << p.value(output) << " (" << p.positionalArguments().at(0) << " revision "
            << RepoProvenance::of(design)->revision << ")\n";
    return 0;
}

int runList(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addOption(kJsonOption);
    ctx.parse(p, QStringLiteral("The designs in the repository with their latest revision."), 0, 0,
        QStringLiteral("no arguments"));
    Repository repo = open(p, ctx.err);
    const std::vector<RepoDesignEntry> entries = repo.list();
    if (p.isSet(kJsonOption)) {
        QJsonArray designs;
        for (const RepoDesignEntry& e : entries)
            designs.append(e.toJson());
        ctx.writeJson({{QStringLiteral("designs"), designs}});
        return 0;
    }
    for (const RepoDesignEntry& e : entries)
        ctx.out << shown(e.name) << "  r" << e.latest << "  " << e.time.toString(Qt::ISODate) << "  " << shown(e.author)
                << "  " << shown(e.message) << '\n';
    return 0;
}

int runLog(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addOption(kJsonOption);
    p.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The design's name in the repository."));
    ctx.parse(p, QStringLiteral("The revisions of a design, newest first: number, author, time, message."), 1, 1,
        QStringLiteral("one design name"));
    Repository repo = open(p, ctx.err);
    const QString name = p.positionalArguments().at(0);
    const std::vector<RepoRevision> revisions = repo.log(name);
    if (p.isSet(kJsonOption)) {
        QJsonArray list;
        for (const RepoRevision& r : revisions)
            list.append(r.toJson());
        ctx.writeJson({{QStringLiteral("design"), name}, {QStringLiteral("revisions"), list}});
        return 0;
    }
    for (const RepoRevision& r : revisions)
        ctx.out << 'r' << r.number << "  " << r.time.toString(Qt::ISODate) << "  " << shown(r.author) << "  "
                << shown(r.message) << '\n';
    return 0;
}

int runPrice(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    const QCommandLineOption source(
        QStringLiteral("source"), QStringLiteral("Where the price comes from (required)."), QStringLiteral("TEXT"));
    p.addOption(source);
    p.addPositionalArgument(QStringLiteral("item"), QStringLiteral("A catalog item id."));
    p.addPositionalArgument(QStringLiteral("usd"), QStringLiteral("The price in US dollars."));
    ctx.parse(p, QStringLiteral("Set a price in the team's price book (owners only)."), 2, 2,
        QStringLiteral("ITEM USD --source TEXT"));
    bool ok = false;
    const double usd = p.positionalArguments().at(1).toDouble(&ok);
    if (!ok || usd < 0)
        throw UsageError(
            QStringLiteral("the price must be a number of 0 or more, not '%1'").arg(p.positionalArguments().at(1)));
    if (p.value(source).trimmed().isEmpty())
        throw UsageError(QStringLiteral("a price needs --source (a quote, a list price, an estimate)"));
    Repository repo = open(p, ctx.err);
    repo.setPrice(p.positionalArguments().at(0), usd, p.value(source));
    ctx.out << "price of " << p.positionalArguments().at(0) << " set to " << QString::number(usd, 'f', 2) << " USD\n";
    return 0;
}

int runPrices(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addOption(kJsonOption);
    ctx.parse(p, QStringLiteral("The team's price book."), 0, 0, QStringLiteral("no arguments"));
    Repository repo = open(p, ctx.err);
    const auto prices = repo.prices();
    if (p.isSet(kJsonOption)) {
        QJsonArray list;
        for (const auto& price : prices)
            list.append(QJsonObject{{QStringLiteral("item"), price.item}, {QStringLiteral("usd"), price.usd},
                {QStringLiteral("source"), price.source}, {QStringLiteral("updatedBy"), price.updatedBy}});
        ctx.writeJson({{QStringLiteral("prices"), list}});
        return 0;
    }
    for (const auto& price : prices)
        ctx.out << shown(price.item) << "  " << QString::number(price.usd, 'f', 2) << " USD  " << shown(price.source)
                << " (" << shown(price.updatedBy) << ")\n";
    return 0;
}

int runCatalogPush(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    p.addPositionalArgument(QStringLiteral("file"),
        QStringLiteral("A user catalog: {\"schema\": 1, \"items\": [...]}, as $PODWRIGHT_USER_CATALOG reads."));
    ctx.parse(p,
        QStringLiteral("Add the items of a catalog file to the team's catalog in the repository (an item with the same "
                       "sku is replaced). Owners only. The file is checked against the shipped catalog first."),
        1, 1, QStringLiteral("one catalog file"));
    const QString path = p.positionalArguments().at(0);
    // The same checks the catalog applies when it loads a user file: refused whole on any problem.
    Catalog check;
    check.loadDirectory(Catalog::defaultDirectory());
    const std::vector<CatalogIssue> issues = check.loadUserFile(path);
    if (!issues.empty()) {
        for (const CatalogIssue& i : issues)
            ctx.err << "podwright-cli repo catalog-push: " << i.toString() << '\n';
        ctx.err << "podwright-cli repo catalog-push: nothing was pushed\n";
        return 2;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw IoError(QStringLiteral("%1: %2").arg(path, file.errorString()));
    const QJsonArray items = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("items")).toArray();
    Repository repo = open(p, ctx.err);
    const int n = repo.pushCatalogItems(items);
    ctx.out << "pushed " << n << (n == 1 ? " catalog item" : " catalog items") << " to the team catalog\n";
    return 0;
}

int runCatalogPull(Context& ctx)
{
    QCommandLineParser p;
    p.addOption(kRepoOption);
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The catalog file to write."), QStringLiteral("FILE"));
    p.addOption(output);
    ctx.parse(p,
        QStringLiteral("Write the team's catalog to a file; point $PODWRIGHT_USER_CATALOG at it and generate, "
                       "catalog and cost use its items (the studio reads the team catalog from the repository "
                       "itself: File > Reload Team Catalog)."),
        0, 0, QStringLiteral("no arguments"));
    if (!p.isSet(output))
        throw UsageError(QStringLiteral("catalog-pull needs -o FILE"));
    Repository repo = open(p, ctx.err);
    const QJsonObject catalog = repo.catalogItems();
    QSaveFile file(p.value(output));
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(catalog).toJson(QJsonDocument::Indented)) < 0
        || !file.commit())
        throw IoError(QStringLiteral("%1: %2").arg(p.value(output), file.errorString()));
    const auto n = catalog.value(QLatin1String("items")).toArray().size();
    ctx.out << "wrote " << p.value(output) << " (" << n << (n == 1 ? " team catalog item" : " team catalog items")
            << ")\n";
    return 0;
}

const RepoCommand kRepoCommands[] = {
    {"init", "create or migrate the schema and roles", runInit},
    {"grant", "give a user the viewer, editor or owner role", runGrant},
    {"revoke", "take a user's roles in this repository", runRevoke},
    {"push", "store a design file as the next revision", runPush},
    {"pull", "write a revision of a design to a file", runPull},
    {"list", "the designs and their latest revisions", runList},
    {"log", "the revisions of a design", runLog},
    {"price", "set a price in the team's price book (owners)", runPrice},
    {"prices", "the team's price book", runPrices},
    {"catalog-push", "add a catalog file's items to the team catalog (owners)", runCatalogPush},
    {"catalog-pull", "write the team catalog to a file for $PODWRIGHT_USER_CATALOG", runCatalogPull},
};

void repoUsage(QTextStream& s)
{
    s << "Usage: podwright-cli repo <command> [--repo URI] [options]\n\n"
         "The team repository on PostgreSQL (docs/team-repository.md).\n\nCommands:\n";
    for (const RepoCommand& c : kRepoCommands)
        s << QStringLiteral("  %1 %2\n").arg(QLatin1String(c.name), -13).arg(QLatin1String(c.summary));
    s << "\nExit: 0 done, 1 refused (someone pushed in between, or the server denied your role), 2 bad "
         "arguments or the repository cannot be used.\n";
}

} // namespace

int runRepo(Context& ctx)
{
    const QString first = ctx.args.value(1);
    if (first.isEmpty()) {
        repoUsage(ctx.err);
        return 2;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
        repoUsage(ctx.out);
        return 0;
    }
    for (const RepoCommand& c : kRepoCommands) {
        if (first != QLatin1String(c.name))
            continue;
        QStringList rest = ctx.args.mid(2);
        rest.prepend(QStringLiteral("podwright-cli repo %1").arg(first));
        Context sub(rest, ctx.out, ctx.err);
        try {
            return c.run(sub);
        } catch (const RepoPermissionError& e) {
            // The server said no: a refusal, like a stale push, not a broken command.
            ctx.err << "podwright-cli repo " << first << ": " << shown(e.message()) << '\n';
            return 1;
        } catch (const Error& e) {
            ctx.err << "podwright-cli repo " << first << ": " << shown(e.message()) << '\n';
            return 2;
        }
    }
    throw UsageError(QStringLiteral("unknown repo command '%1' (podwright-cli repo --help lists them)").arg(first));
}

} // namespace pw::cli
