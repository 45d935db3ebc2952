#pragma once

#include "catalog/catalog.h"
#include "model/design.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <stdexcept>

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
    void writeJson(const QJsonObject& object);

private:
    std::unique_ptr<Catalog> mCatalog;
};

using Handler = int (*)(Context&);

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

// Whether `export` arguments ask for an image format (svg, png): main() then starts a QGuiApplication.
bool exportNeedsGui(const QStringList& args);

} // namespace pw::cli
