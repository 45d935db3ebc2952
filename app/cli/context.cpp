#include "cli.h"

#include "io/designfile.h"
#include "io/designjson.h"
#include "model/useroption.h"
#include "util/errors.h"

#include <QFileInfo>
#include <QJsonDocument>

namespace pw::cli {

namespace {

QString flagOf(UserOption option)
{
    switch (option) {
    case UserOption::ServerModel:
        return QStringLiteral("--server");
    case UserOption::ServerCount:
        return QStringLiteral("--nodes");
    case UserOption::GpuCount:
        return QStringLiteral("--gpus");
    case UserOption::FabricSwitch:
        return QStringLiteral("--switch");
    case UserOption::Topology:
        return QStringLiteral("--topology");
    case UserOption::Radix:
        return QStringLiteral("--radix");
    case UserOption::ScalableUnitSize:
        return QStringLiteral("--su-size");
    case UserOption::KeepEveryServer:
        return QStringLiteral("--keep-all-nodes");
    case UserOption::RackPowerBudget:
        return QStringLiteral("--rack-power-kw");
    case UserOption::TrainingTokens:
        return QStringLiteral("--tokens");
    case UserOption::TrainingDays:
        return QStringLiteral("--days");
    case UserOption::FineTuneMethod:
        return QStringLiteral("--finetune-method");
    case UserOption::TwoSwitches:
        return QStringLiteral("--two-switches");
    }
    return {};
}

} // namespace

QString withFlags(const QString& coreText)
{
    return UserOptions::rewrite(
        coreText, [](UserOption o) { return QStringLiteral("%1 (%2)").arg(UserOptions::name(o), flagOf(o)); });
}

Context::Context(QStringList arguments, QTextStream& o, QTextStream& e) : args(std::move(arguments)), out(o), err(e) {}

void Context::parse(QCommandLineParser& parser, const QString& description, int minPositional, int maxPositional,
    const QString& positionalSyntax)
{
    parser.setApplicationDescription(description);
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(
        QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args))
        throw UsageError(parser.errorText() + QLatin1Char('\n') + parser.helpText());
    if (parser.isSet(help)) {
        out << parser.helpText();
        out.flush();
        throw UsageError(QString()); // handled as "help shown": exit 0 below
    }
    const int n = static_cast<int>(parser.positionalArguments().size());
    if (n < minPositional || n > maxPositional)
        throw UsageError(QStringLiteral("expected %1\n%2").arg(positionalSyntax, parser.helpText()));
}

const Catalog& Context::catalog()
{
    if (!mCatalog) {
        std::vector<CatalogIssue> issues;
        mCatalog = Catalog::loadDefault(&issues);
        for (const CatalogIssue& i : issues)
            err << "podwright-cli: catalog: " << i.toString() << '\n';
        err.flush();
    }
    return *mCatalog;
}

Design Context::loadDesign(const QString& path)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        return DesignJson::readFile(path, &catalog());
    return DesignFile::load(path);
}

void Context::saveDesign(const Design& design, const QString& path)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        DesignJson::writeFile(design, path);
    else
        DesignFile::save(design, path);
}

void Context::writeJson(const QJsonObject& object)
{
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
}

} // namespace pw::cli
