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

#include <memory>

namespace {

QCommandLineParser& configure(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral("Podwright: a studio for designing GPU clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"), QStringLiteral("Design to open (.podwright or .json)."), QStringLiteral("[file]"));
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
    window.show();

    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty())
        window.openFile(QFileInfo(args.front()).absoluteFilePath());
    else {
        window.newDesign();
        window.offerUntitledRecovery();
    }

    QStringList problems;
    for (const auto& issue : issues)
        problems << issue.toString();
    QTimer::singleShot(0, &window, [&window, problems, catalogError] {
        if (!catalogError.isEmpty())
            QMessageBox::warning(&window, QStringLiteral("Catalog not loaded"),
                QStringLiteral("The hardware catalog could not be loaded: %1\nThe palette will be empty.")
                    .arg(catalogError));
        window.showCatalogIssues(problems);
    });
    return app.exec();
}
