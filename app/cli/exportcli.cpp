#include "cli.h"

#include "designpicturerenderer.h"
#include "export/bomcsv.h"
#include "export/cablingcsv.h"
#include "export/p2pcsv.h"
#include "export/slurmtopology.h"
#include "floor/cableplan.h"
#include "io/atomicfile.h"
#include "io/designjson.h"
#include "model/designname.h"
#include "report/designpicture.h"

#include <QFile>

namespace pw::cli {

namespace {

const QStringList& formats()
{
    static const QStringList f{QStringLiteral("json"), QStringLiteral("cabling-csv"), QStringLiteral("cable-plan-csv"),
        QStringLiteral("bom-csv"), QStringLiteral("p2p-csv"), QStringLiteral("slurm-topology"), QStringLiteral("svg"),
        QStringLiteral("png")};
    return f;
}

void writeOut(Context& ctx, const QByteArray& bytes, const QString& path)
{
    if (path.isEmpty()) {
        ctx.out << QString::fromUtf8(bytes);
        return;
    }
    AtomicFile::writeBytes(path, bytes); // throws IoError with the path and the reason: exit 2
}

} // namespace

// Formats whose output is an image need a QGuiApplication; main() starts one for them.
bool exportNeedsGui(const QStringList& args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString v;
        if (args.at(i) == QLatin1String("--format") && i + 1 < args.size())
            v = args.at(i + 1);
        else if (args.at(i).startsWith(QLatin1String("--format=")))
            v = args.at(i).mid(9);
        if (v == QLatin1String("svg") || v == QLatin1String("png"))
            return true;
    }
    return false;
}

int runExport(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption format(QStringLiteral("format"),
        QStringLiteral("Output format: %1.").arg(formats().join(QStringLiteral(", "))), QStringLiteral("F"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("Output file (default: standard output; required for png)."), QStringLiteral("FILE"));
    p.addOptions({format, output});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral(
            "Export a design: lossless JSON, the cabling plan, the bill of materials, a point-to-point list for cable "
            "validation, a Slurm topology.conf, or the diagram as SVG or PNG."),
        1, 1, QStringLiteral("one design file"));
    const QString f = p.value(format);
    if (f.isEmpty())
        throw UsageError(QStringLiteral("export needs --format (%1)").arg(formats().join(QStringLiteral(", "))));
    if (!formats().contains(f))
        throw UsageError(
            QStringLiteral("unknown export format '%1' (available: %2)").arg(f, formats().join(QStringLiteral(", "))));
    const QString out = p.value(output);
    if ((f == QLatin1String("png")) && out.isEmpty())
        throw UsageError(QStringLiteral("--format png needs -o FILE"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    if (f == QLatin1String("json")) {
        if (!out.isEmpty())
            DesignJson::writeFile(design, out);
        else
            ctx.out << QString::fromUtf8(DesignJson::toBytes(design));
    } else if (f == QLatin1String("cabling-csv")) {
        writeOut(ctx, CablingCsv::write(design), out);
    } else if (f == QLatin1String("cable-plan-csv")) {
        writeOut(ctx, CablePlan::of(design).csv(), out); // as `cable-plan --csv`
    } else if (f == QLatin1String("bom-csv")) {
        writeOut(ctx, BomCsv::write(design), out);
    } else if (f == QLatin1String("p2p-csv")) {
        writeOut(ctx, P2pCsv::write(design), out);
    } else if (f == QLatin1String("slurm-topology")) {
        writeOut(ctx, SlurmTopology::write(design), out);
    } else {
        // The studio's Export SVG/PNG draws the same picture with the same renderer.
        const DesignPicture picture = DesignPicture::of(design);
        const QString title = DesignName::forReader(design);
        const QByteArray bytes = f == QLatin1String("svg") ? DesignPictureRenderer::svg(picture, title)
                                                           : DesignPictureRenderer::png(picture, title);
        if (bytes.isEmpty())
            throw UsageError(QStringLiteral("cannot draw the diagram of this design"));
        writeOut(ctx, bytes, out);
    }
    return 0;
}

} // namespace pw::cli
