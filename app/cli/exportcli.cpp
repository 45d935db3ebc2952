#include "cli.h"

#include "designpicturerenderer.h"
#include "export/exportformats.h"
#include "export/ibdmtopo.h"
#include "export/ibsimnet.h"
#include "io/atomicfile.h"
#include "model/designname.h"
#include "presentation/designpicture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace pw::cli {

namespace {

QString formatList()
{
    return exportFormatIds().join(QStringLiteral(", "));
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

// Formats whose output is a picture need a QGuiApplication; main() starts one for them.
bool exportNeedsGui(const QStringList& args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString v;
        if (args.at(i) == QLatin1String("--format") && i + 1 < args.size())
            v = args.at(i + 1);
        else if (args.at(i).startsWith(QLatin1String("--format=")))
            v = args.at(i).mid(9);
        if (const ExportFormat* f = exportFormat(v); f && f->isPicture())
            return true;
    }
    return false;
}

int runExport(Context& ctx)
{
    QCommandLineParser p;
    QStringList formatHelp;
    for (const ExportFormat& f : exportFormats())
        formatHelp << QStringLiteral("%1 (%2)").arg(QLatin1String(f.id), QLatin1String(f.description));
    const QCommandLineOption format(QStringLiteral("format"),
        QStringLiteral("Output format: %1.").arg(formatHelp.join(QStringLiteral("; "))), QStringLiteral("F"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("Output file (default: standard output; required for png)."), QStringLiteral("FILE"));
    const QCommandLineOption fabric(QStringLiteral("fabric"),
        QStringLiteral("ibsim-net and ibdm-topo only: the InfiniBand fabric to write: compute (default), storage, "
                       "inband."),
        QStringLiteral("NETWORK"));
    p.addOptions({format, output, fabric});
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("A .podwright design file (or .json)."));
    ctx.parse(p,
        QStringLiteral(
            "Export a design: lossless JSON, the cabling plan, the bill of materials, a point-to-point list "
            "for cable validation, a Slurm topology.conf or topology.yaml, Kubernetes topology node labels, "
            "an InfiniBand fabric as an ibsim net file or an ibdm topology file, or the diagram as SVG or PNG."),
        1, 1, QStringLiteral("one design file"));
    const QString id = p.value(format);
    if (id.isEmpty())
        throw UsageError(QStringLiteral("export needs --format (%1)").arg(formatList()));
    const ExportFormat* f = exportFormat(id);
    if (!f)
        throw UsageError(QStringLiteral("unknown export format '%1' (available: %2)").arg(id, formatList()));
    const QString out = p.value(output);
    if (id == QLatin1String("png") && out.isEmpty())
        throw UsageError(QStringLiteral("--format png needs -o FILE"));
    const bool ibsim = id == QLatin1String("ibsim-net");
    const bool ibdm = id == QLatin1String("ibdm-topo");
    if (p.isSet(fabric) && !ibsim && !ibdm)
        throw UsageError(QStringLiteral("--fabric applies to --format ibsim-net and ibdm-topo only"));
    if (ibdm && out.isEmpty())
        throw UsageError(QStringLiteral("--format ibdm-topo needs -o FILE: its IBNL system definitions go beside it"));
    const Design design = ctx.loadDesign(p.positionalArguments().at(0));
    if (ibdm) {
        // The topology file, and in ibnl/ beside it one IBNL definition per switch and server model.
        const IbdmTopo topo = IbdmTopo::of(design, ibFabricOption(p.value(fabric), design));
        for (const QString& w : topo.warnings)
            ctx.err << "podwright-cli export: warning: " << w << '\n';
        const QDir ibnl(QFileInfo(out).absoluteDir().filePath(QStringLiteral("ibnl")));
        if (!QDir().mkpath(ibnl.path()))
            throw UsageError(QStringLiteral("cannot create %1").arg(ibnl.path()));
        for (const auto& [name, bytes] : topo.ibnl)
            writeOut(ctx, bytes, ibnl.filePath(name));
        writeOut(ctx, topo.topology, out);
        return 0;
    }
    if (!f->isPicture()) {
        const ExportResult result
            = ibsim ? IbsimNet::exportOf(design, ibFabricOption(p.value(fabric), design)) : f->write(design);
        // Names made unique: the file is complete, and the user learns which names changed.
        for (const QString& w : result.warnings)
            ctx.err << "podwright-cli export: warning: " << w << '\n';
        writeOut(ctx, result.bytes, out);
        return 0;
    }
    // The studio's Export SVG/PNG draws the same picture with the same renderer.
    const DesignPicture picture = DesignPicture::of(design);
    const QString title = DesignName::forReader(design);
    const QByteArray bytes = id == QLatin1String("svg") ? DesignPictureRenderer::svg(picture, title)
                                                        : DesignPictureRenderer::png(picture, title);
    if (bytes.isEmpty())
        throw UsageError(QStringLiteral("cannot draw the diagram of this design"));
    writeOut(ctx, bytes, out);
    return 0;
}

} // namespace pw::cli
