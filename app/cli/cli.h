#pragma once

#include "catalog/catalog.h"
#include "model/design.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <stdexcept>

namespace pw {
struct DesignIntent;
class Repository;
} // namespace pw

namespace pw::cli {

// Bad arguments: the message is printed with the subcommand's usage, and the exit code is 2.
class UsageError : public std::runtime_error {
public:
    explicit UsageError(const QString& m) : std::runtime_error(m.toStdString()), message(m) {}
    QString message;
};

// What every subcommand gets: its arguments, the output streams, and the catalog on demand.
class Context {
public:
    Context(QStringList arguments, QTextStream& out, QTextStream& err);

    QStringList args; // args[0] is "podwright-cli <subcommand>"
    QTextStream& out;
    QTextStream& err;

    // Parses args with the given options; throws UsageError on unknown options or --help misuse.
    void parse(QCommandLineParser& parser, const QString& description, int minPositional, int maxPositional,
        const QString& positionalSyntax);
    const Catalog& catalog();
    // Reads a design file (SQLite, or JSON by extension). Throws pw::Error.
    [[nodiscard]] Design loadDesign(const QString& path);
    // Writes a design file the way loadDesign reads it: JSON for a .json path, else SQLite.
    static void saveDesign(const Design& design, const QString& path);
    void writeJson(const QJsonObject& object);

private:
    std::unique_ptr<Catalog> mCatalog;
};

using Handler = int (*)(Context&);

// A design named on the command line: a file, or NAME@N, revision N of a design in the repository.
struct DesignSource {
    DesignSource(Design d, QString file);
    DesignSource(Design d, QString name, int number);
    Design design;
    QString fileName; // a file: its name without folders
    QString repositoryName; // a revision: the design's name in the repository
    int revision = 0; // 0: a file
    [[nodiscard]] QString label() const; // "proposal-v1.podwright", "acme revision 3"
};

// Loads DesignSources for `diff` and `report --changes-since` (diffcli.cpp); connects to the
// repository (--repo or $PODWRIGHT_REPO) at the first NAME@N only. A missing file, a revision with no
// repository given: UsageError; an unreadable file or an unknown revision: pw::Error.
class DesignSources {
public:
    DesignSources(Context& ctx, QString repoArgument) : mCtx(ctx), mRepoArgument(std::move(repoArgument)) {}
    [[nodiscard]] DesignSource load(const QString& argument);

private:
    Context& mCtx;
    QString mRepoArgument;
    std::shared_ptr<Repository> mRepo;
};

// Core's text with each setting it mentions ("the “fat-tree radix”", model/useroption.h) followed by
// the flag that sets it: "the fat-tree radix (--radix)".
[[nodiscard]] QString withFlags(const QString& coreText);

int runCatalog(Context& ctx);
int runImport(Context& ctx);
int runExport(Context& ctx);
int runInfo(Context& ctx);
int runGenerate(Context& ctx);
int runAnalyze(Context& ctx);
int runValidate(Context& ctx);
int runBom(Context& ctx);
int runCost(Context& ctx);
int runSize(Context& ctx);
int runWaive(Context& ctx);
int runReport(Context& ctx);
int runIntent(Context& ctx);
int runRepo(Context& ctx); // repocli.cpp: the team repository on PostgreSQL
int runRegenerate(Context& ctx);
int runConnect(Context& ctx);
int runDiff(Context& ctx); // diffcli.cpp: what changed between two designs or revisions
int runCablePlan(Context& ctx); // floorcli.cpp: the run-list from the floor plan
int runPower(Context& ctx); // powercli.cpp: the power and cooling chain
int runFailures(Context& ctx); // failurescli.cpp: the failure domains (issue 17 section 4)
int runOptions(Context& ctx); // optionscli.cpp: the design options an architect weighs (issue 26 section 3)
int runVerify(Context& ctx); // verifycli.cpp: a discovered InfiniBand fabric against the design (issue 27)
// The InfiniBand network a `--fabric` value names (compute when empty); UsageError when the design has none.
[[nodiscard]] Network ibFabricOption(const QString& value, const Design& design);

// --type, --users and --inference-share, shared by `generate` and `intent` (intentcli.cpp).
struct IntentOptions {
    QCommandLineOption type{QStringLiteral("type"),
        QStringLiteral("Cluster type: training, inference, mixed or development."), QStringLiteral("T")};
    QCommandLineOption users{
        QStringLiteral("users"), QStringLiteral("Number of users or teams sharing the cluster."), QStringLiteral("N")};
    QCommandLineOption inferenceShare{QStringLiteral("inference-share"),
        QStringLiteral("Mixed clusters: share 0..1 of the GPUs reserved for inference."), QStringLiteral("F")};
    [[nodiscard]] QList<QCommandLineOption> all() const { return {type, users, inferenceShare}; }
    [[nodiscard]] bool anySet(const QCommandLineParser& p) const
    {
        return p.isSet(type) || p.isSet(users) || p.isSet(inferenceShare);
    }
    // Applies the options that are set; throws UsageError on a bad value or a share on a non-mixed type.
    void apply(const QCommandLineParser& p, DesignIntent& intent) const;
};

// Whether `export` arguments ask for an image format (svg, png): main() then starts a QGuiApplication.
bool exportNeedsGui(const QStringList& args);

} // namespace pw::cli
