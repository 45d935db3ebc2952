#include "itemstyle.h"
#include "mainwindow.h"

#include "catalog/catalog.h"
#include "util/errors.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace {

QCommandLineParser& configure(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QObject::tr("Podwright: a studio for designing GPU clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"), QObject::tr("Design to open (.podwright or .json)."), QStringLiteral("[file]"));
    parser.addOption(QCommandLineOption(QStringLiteral("recover"),
        QObject::tr("Answer the offer to recover unsaved work left by a crash without asking: yes or no "
                    "(for scripts and tests; by default the studio asks)."),
        QStringLiteral("yes|no")));
    return parser;
}

} // namespace

int main(int argc, char* argv[])
{
    // --help and --version must work without a display: answer them before any window system.
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "-v" || arg == "--version" || arg == "--help-all") {
            QCoreApplication core(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("podwright"));
            QCoreApplication::setApplicationVersion(QStringLiteral(PW_VERSION));
            QCommandLineParser parser;
            configure(parser).process(core); // prints and exits
            return 0;
        }
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Podwright"));
    QApplication::setOrganizationName(QStringLiteral("Podwright"));
    QApplication::setApplicationVersion(QStringLiteral(PW_VERSION));
    pw::ui::ItemStyle::ensureResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/podwright.svg")));

    QCommandLineParser parser;
    configure(parser).process(app);
    const QString recover = parser.value(QStringLiteral("recover"));
    if (parser.isSet(QStringLiteral("recover")) && recover != QLatin1String("yes") && recover != QLatin1String("no")) {
        std::fprintf(stderr, "podwright: --recover takes yes or no (got '%s')\n", qUtf8Printable(recover));
        return 2;
    }

    // A broken or missing catalog must not stop the studio: report it and carry on.
    std::unique_ptr<pw::Catalog> catalog;
    std::vector<pw::CatalogIssue> issues;
    QString catalogError;
    try {
        catalog = pw::Catalog::loadDefault(&issues);
    } catch (const pw::Error& e) {
        catalogError = e.message();
    } catch (const std::exception& e) {
        catalogError = QString::fromUtf8(e.what());
    }
    if (!catalog)
        catalog = std::make_unique<pw::Catalog>();

    pw::ui::MainWindow window(catalog.get());
    if (parser.isSet(QStringLiteral("recover"))) {
        const bool yes = recover == QLatin1String("yes");
        window.setRecoveryPrompt([yes](const QString&, const QString&) { return yes; });
    }
    window.show();

    const QStringList args = parser.positionalArguments();
    window.start(args.isEmpty() ? QString() : QFileInfo(args.front()).absoluteFilePath());

    QStringList problems;
    for (const auto& issue : issues)
        problems << issue.toString();
    QTimer::singleShot(0, &window, [&window, problems, catalogError] {
        if (!catalogError.isEmpty())
            QMessageBox::warning(&window, QObject::tr("Catalog not loaded"),
                QObject::tr("The hardware catalog could not be loaded: %1\nThe palette will be empty.")
                    .arg(catalogError));
        window.showCatalogIssues(problems);
    });
    return app.exec();
}
