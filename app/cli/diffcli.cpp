#include "cli.h"

#include "analysis/designcomparison.h"
#include "analysis/designfigures.h"
#include "repo/repolocation.h"
#include "repo/repository.h"
#include "util/errors.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <memory>
#include <optional>

namespace pw::cli {

namespace {

std::optional<std::pair<QString, int>> revisionOf(const QString& argument)
{
    static const QRegularExpression pattern(QStringLiteral("^(.+)@([0-9]+)$"));
    const QRegularExpressionMatch m = pattern.match(argument);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const int number = m.captured(2).toInt(&ok);
    if (!ok || number < 1)
        return std::nullopt;
    return std::pair{m.captured(1), number};
}

} // namespace

DesignSource::DesignSource(Design d, QString file) : design(std::move(d)), fileName(std::move(file)) {}

DesignSource::DesignSource(Design d, QString name, int number)
    : design(std::move(d)), repositoryName(std::move(name)), revision(number)
{
}

QString DesignSource::label() const
{
    return revision ? QStringLiteral("%1 revision %2").arg(repositoryName).arg(revision) : fileName;
}

DesignSource DesignSources::load(const QString& argument)
{
    if (QFileInfo::exists(argument))
        return DesignSource(mCtx.loadDesign(argument), QFileInfo(argument).fileName());
    const auto revision = revisionOf(argument);
    if (!revision)
        throw UsageError(
            QStringLiteral("%1: no such file (a repository revision is written NAME@N, e.g. acme@3)").arg(argument));
    if (!mRepo) {
        if (mRepoArgument.trimmed().isEmpty()
            && qEnvironmentVariable(RepoLocation::kEnvironmentVariable).trimmed().isEmpty())
            throw UsageError(QStringLiteral("%1 is a repository revision, but no repository is given: pass --repo "
                                            "URI or set %2")
                                 .arg(argument, QLatin1String(RepoLocation::kEnvironmentVariable)));
        mRepo = std::make_shared<Repository>(RepoLocation::fromArgumentOrEnvironment(mRepoArgument));
    }
    return DesignSource(mRepo->pull(revision->first, revision->second), revision->first, revision->second);
}

int runDiff(Context& ctx)
{
    QCommandLineParser p;
    const QCommandLineOption json(
        QStringLiteral("json"), QStringLiteral("Print one JSON object (docs/comparison.md)."));
    const QCommandLineOption repoOption(QStringLiteral("repo"),
        QStringLiteral("The repository NAME@N revisions come from: a PostgreSQL URI, a key=value connection string or "
                       "a service name; default $PODWRIGHT_REPO."),
        QStringLiteral("URI"));
    p.addOptions({json, repoOption});
    p.addPositionalArgument(QStringLiteral("before"),
        QStringLiteral("The earlier design: a .podwright or .json file, or NAME@N (revision N in the repository)."));
    p.addPositionalArgument(QStringLiteral("after"), QStringLiteral("The later design, the same way."));
    ctx.parse(p,
        QStringLiteral("What changed from one design to another: nodes and links added and removed, bill-of-materials "
                       "lines, capital cost as bands, power, bisection and its degraded cases, findings. Every figure "
                       "is the one 'info', 'cost', 'analyze' and 'validate' print for each design."),
        2, 2, QStringLiteral("two designs: BEFORE AFTER (files, or NAME@N revisions with --repo)"));

    DesignSources sources(ctx, p.value(repoOption));
    const DesignSource before = sources.load(p.positionalArguments().at(0));
    const DesignSource after = sources.load(p.positionalArguments().at(1));

    // Each design's figures of record, as `cost`, `analyze` and `validate` compute them.
    auto figuresOf = [](const Design& design) {
        DesignFigures f = DesignFigures::of(design, FiguresRequest::forDesign(design));
        for (const std::exception_ptr& failure : {f.costFailure, f.fabricFailure, f.rulesFailure})
            if (failure)
                std::rethrow_exception(failure);
        return f;
    };
    const DesignFigures beforeFigures = figuresOf(before.design);
    const DesignFigures afterFigures = figuresOf(after.design);
    const DesignComparison c = DesignComparison::of(ComparedDesign{before.label(), &before.design, &beforeFigures},
        ComparedDesign{after.label(), &after.design, &afterFigures});
    if (p.isSet(json))
        ctx.writeJson(c.toJson());
    else
        ctx.out << c.toText();
    return 0;
}

} // namespace pw::cli
