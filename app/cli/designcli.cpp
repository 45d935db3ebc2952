#include "cli.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "model/designsummary.h"
#include "util/plural.h"

#include <QFile>

namespace pw::cli {

int runImport(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The design file to write."), QStringLiteral("FILE"));
    p.addOption(output);
    p.addPositionalArgument(QStringLiteral("design.json"), QStringLiteral("A design in Podwright JSON."));
    ctx.parse(p, QStringLiteral("Import a JSON design into a .podwright design file."), 1, 1,
        QStringLiteral("one JSON file"));
    if (!p.isSet(output))
        throw UsageError(QStringLiteral("import needs -o design.podwright"));
    const Design design = DesignJson::readFile(p.positionalArguments().at(0), &ctx.catalog());
    Context::saveDesign(design, p.value(output));
    const auto nodeCount = qint64(design.nodes().size());
    const auto linkCount = qint64(design.links().size());
    ctx.err << "podwright-cli: wrote " << p.value(output) << " (" << nodeCount << ' '
            << plural(nodeCount, "node", "nodes") << ", " << linkCount << ' ' << plural(linkCount, "link", "links")
            << ")\n";
    return 0;
}

// runExport lives in exportcli.cpp (all export formats).

int runInfo(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p, QStringLiteral("Counts of servers, GPUs, switches by model, links and racks."), 1, 1,
        QStringLiteral("one design file"));
    const DesignSummary s = DesignSummary::of(ctx.loadDesign(p.positionalArguments().at(0)));
    if (p.isSet(json))
        ctx.writeJson(s.toJson());
    else
        ctx.out << s.toText();
    return 0;
}

} // namespace pw::cli
