#include "cli.h"

#include "util/errors.h"

#include <QCoreApplication>

#include <cstdio>
#include <iterator>

using namespace pw::cli;

namespace {

struct Subcommand {
    const char* name;
    const char* summary;
    Handler run;
};

// The CLI's contract: scripts depend on these names.
const Subcommand kSubcommands[] = {
    {"catalog", "list or show hardware catalog items", runCatalog},
    {"import", "import a JSON design into a .podwright file", runImport},
    {"export", "export a design (json)", runExport},
    {"info", "counts of servers, GPUs, switches, links, racks", runInfo},
};

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
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("podwright-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PW_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
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
            return code;
        } catch (const UsageError& e) {
            out.flush();
            if (e.message.isEmpty())
                return 0; // --help
            err << "podwright-cli " << first << ": " << e.message << '\n';
            return 2;
        } catch (const pw::Error& e) {
            out.flush();
            err << "podwright-cli " << first << ": " << e.message() << '\n';
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
