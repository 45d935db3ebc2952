#include "cli.h"
#include "terminalsafeoutput.h"

#include "util/errors.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <new>

using namespace pw::cli;

namespace {

struct Subcommand {
    const char* name;
    const char* summary;
    Handler run;
};

// The CLI's contract: scripts depend on these names.
const Subcommand kSubcommands[] = {
    {"catalog", "list, show or check hardware catalog items", runCatalog},
    {"import", "import a JSON design into a .podwright file", runImport},
    {"export",
        "export a design (json, cabling-csv, cable-plan-csv, bom-csv, p2p-csv, slurm-topology, ibsim-net, svg, png)",
        runExport},
    {"info", "counts of servers, GPUs, switches, links, racks", runInfo},
    {"generate", "generate a reference design (compute, storage, management, racks)", runGenerate},
    {"options", "the design options for a cluster: Pareto set over topology, oversubscription, switch, SU, planes",
        runOptions},
    {"analyze", "bisection, oversubscription, degraded cases and counts of a design", runAnalyze},
    {"validate", "check a design against the design rules (exit 1 on errors)", runValidate},
    {"bom", "bill of materials with price sources (--csv)", runBom},
    {"cable-plan", "the run-list for the cabling contractor: ends, floor positions, parts, lengths, optical budget",
        runCablePlan},
    {"power", "the power and cooling chain: kW per rack, row, hall and facility, feeds, liquid/air heat, CDUs",
        runPower},
    {"failures", "what one failure takes down: switch, plane, PDU, CDU loop, rack, row (GPUs, blocks, bisection, kW)",
        runFailures},
    {"cost", "capital, operating and ownership cost, cloud break-even, tier", runCost},
    {"size", "GPU memory, GPU count and training time for a workload", runSize},
    {"waive", "accept a design-rule finding with a written reason", runWaive},
    {"regenerate", "change a generated design's dials (servers, oversubscription, storage tier, type)", runRegenerate},
    {"connect", "bulk connect chosen nodes' matching ports to their switches (as Ctrl+K in the studio)", runConnect},
    {"intent", "show or change a design's cluster type, users and software stack", runIntent},
    {"repo", "the team repository on PostgreSQL: init, grant, push, pull, list, log, price", runRepo},
    {"diff", "what changed between two designs or repository revisions (nodes, links, BOM, cost, power, findings)",
        runDiff},
    {"verify", "compare a discovered InfiniBand fabric (ibnetdiscover) with the design: missing, miscabled cables",
        runVerify},
    {"report", "write the customer proposal PDF (summary, topology, racks, BOM, cabling, validation, cost)", runReport},
};

// Qt's QStandardPaths reports its view of the environment on stderr ("XDG_RUNTIME_DIR not set,
// defaulting to ...") when a painting command starts. That is not the user's problem, and a script
// reading stderr for errors must not see it; every other message goes through as before.
QtMessageHandler gPreviousHandler = nullptr;

void filterMessages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths:")))
        return;
    if (gPreviousHandler)
        gPreviousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qUtf8Printable(qFormatLogMessage(type, context, message)));
}

void usage(QTextStream& s)
{
    s << "Usage: podwright-cli <command> [options]\n\nCommands:\n";
    for (const Subcommand& c : kSubcommands)
        s << QStringLiteral("  %1 %2\n").arg(QLatin1String(c.name), -10).arg(QLatin1String(c.summary));
    s << "\nOptions: --version, --help. 'podwright-cli <command> --help' describes a command.\n";
}

} // namespace

int main(int argc, char** argv)
{
    // `report`, `verify --acceptance-pdf` and `export --format svg|png` paint (fonts, PDF, images), which needs a
    // QGuiApplication; everything else stays on QCoreApplication. No display is needed: the Qt
    // platform defaults to "offscreen" when QT_QPA_PLATFORM is unset.
    bool gui = false;
    if (argc > 1) {
        QStringList raw;
        for (int i = 2; i < argc; ++i)
            raw << QString::fromLocal8Bit(argv[i]);
        const QByteArray cmd(argv[1]);
        gui = cmd == "report" || (cmd == "export" && exportNeedsGui(raw))
            || (cmd == "verify" && raw.filter(QStringLiteral("--acceptance-pdf")).size() > 0);
    }
    gPreviousHandler = qInstallMessageHandler(filterMessages);
    if (gui && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> application
        = gui ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("podwright-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PW_VERSION));
    // Listings and messages reach a terminal: names and text from design files and the repository
    // are shown with their control characters escaped. `export` writes a data file to standard
    // output as it is (its formats escape or sanitise names themselves).
    const bool exportCommand = argc > 1 && QByteArray(argv[1]) == "export";
    QFile rawOut;
    rawOut.open(stdout, QIODevice::WriteOnly);
    TerminalSafeOutput safeOut(stdout);
    TerminalSafeOutput safeErr(stderr);
    QTextStream out(exportCommand ? static_cast<QIODevice*>(&rawOut) : &safeOut);
    QTextStream err(&safeErr);
    const QStringList args = QCoreApplication::arguments();

    if (args.size() < 2) {
        usage(err);
        return 2;
    }
    const QString first = args.at(1);
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        out << "podwright-cli " << PW_VERSION << '\n';
        return 0;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        usage(out);
        return 0;
    }
    for (const Subcommand& c : kSubcommands) {
        if (first != QLatin1String(c.name))
            continue;
        QStringList rest = args.mid(2);
        rest.prepend(QStringLiteral("podwright-cli %1").arg(first));
        Context ctx(rest, out, err);
        try {
            const int code = c.run(ctx);
            out.flush();
            if (out.status() != QTextStream::Ok) {
                // A full disk or a closed pipe behind standard output is a failure, not a success.
                err << "podwright-cli " << first << ": cannot write to standard output\n";
                return 2;
            }
            return code;
        } catch (const UsageError& e) {
            out.flush();
            if (e.message.isEmpty())
                return 0; // --help
            err << "podwright-cli " << first << ": " << withFlags(e.message) << '\n';
            return 2;
        } catch (const pw::Error& e) {
            out.flush();
            err << "podwright-cli " << first << ": " << e.message() << '\n';
            return 2;
        } catch (const std::bad_alloc& e) {
            // Memory ran out outside a load (which names its file): say so, not "internal error".
            out.flush();
            err << "podwright-cli " << first << ": out of memory (" << e.what() << ")\n";
            return 2;
        } catch (const std::exception& e) {
            out.flush();
            err << "podwright-cli " << first << ": internal error: " << e.what() << '\n';
            return 3;
        }
    }
    err << "podwright-cli: unknown command '" << first << "'\n\n";
    usage(err);
    return 2;
}
