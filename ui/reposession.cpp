#include "reposession.h"

#include "backgroundtask.h"
#include "designdocument.h"
#include "filesession.h"

#include "cost/pricebook.h"
#include "model/design.h"
#include "repo/repolocation.h"
#include "repo/repoprovenance.h"
#include "repo/teamcatalog.h"

#include <QLoggingCategory>
#include <QSettings>

namespace pw::ui {

Q_LOGGING_CATEGORY(lcRepoUi, "pw.ui.repo", QtInfoMsg)

RepoSession::RepoSession(DesignDocument* document, FileSession* files, QObject* parent)
    : QObject(parent), mDocument(document), mFiles(files)
{
    // Another design replaced the document (a file, New): it is no longer the revision we pulled.
    connect(mDocument, &DesignDocument::resetDone, this, [this] {
        if (mResetting)
            return;
        mOrigin.reset();
        Q_EMIT originChanged();
    });
}

RepoSession::~RepoSession() = default;

QString RepoSession::rememberedAddress()
{
    const QString stored = QSettings().value(QLatin1String(kAddressSetting)).toString();
    return stored.isEmpty() ? qEnvironmentVariable(RepoLocation::kEnvironmentVariable) : stored;
}

void RepoSession::remember(const QString& address)
{
    // RepoLocation has refused any address with a password by now, so this stores none.
    QSettings().setValue(QLatin1String(kAddressSetting), address);
}

QString RepoSession::addressOr(const QString& address) const
{
    if (!address.trimmed().isEmpty())
        return address.trimmed();
    if (const std::optional<Origin> o = origin())
        return o->address;
    return rememberedAddress();
}

std::optional<RepoSession::Origin> RepoSession::origin() const
{
    if (mOrigin)
        return mOrigin;
    // A file pulled with the CLI (or saved by the studio) says which revision it is.
    if (const std::optional<RepoProvenance> p = RepoProvenance::of(mDocument->design()))
        return Origin{rememberedAddress(), p->design, p->revision};
    return std::nullopt;
}

bool RepoSession::open(const QString& address, const QString& design, std::optional<int> revision)
{
    if (!mFiles->maybeSave())
        return false;
    Design pulled;
    const bool ok = runGuarded(mReportError ? mReportError : mFiles->errorReporter(),
        QStringLiteral("Cannot open '%1' from the repository").arg(design), [&] {
            const RepoLocation location = RepoLocation::parse(address);
            inBackground(tr("Opening %1 from the repository…").arg(design), [&] {
                Repository repo(location);
                pulled = repo.pull(design, revision);
            });
        });
    if (!ok)
        return false;
    const int number = RepoProvenance::of(pulled)->revision;
    mResetting = true;
    mDocument->reset(std::move(pulled)); // no file: saving to the repository is where it goes back
    mResetting = false;
    mOrigin = Origin{address, design, number};
    remember(address);
    qCInfo(lcRepoUi) << "opened" << design << "revision" << number << "from" << address;
    Q_EMIT originChanged();
    Q_EMIT message(QStringLiteral("Opened %1 revision %2 from the repository").arg(design).arg(number), 5000);
    loadTeamCatalog(address);
    return true;
}

bool RepoSession::openRevision(int revision)
{
    const std::optional<Origin> o = origin();
    if (!o)
        return false;
    return open(o->address, o->design, revision);
}

bool RepoSession::save(const QString& message, const QString& address, const QString& name)
{
    const std::optional<Origin> o = origin();
    QString target = name.trimmed();
    if (target.isEmpty())
        target = o ? o->design : mDocument->design().name();
    return push(addressOr(address), target, message, false);
}

bool RepoSession::saveAsNewDesign(const QString& name, const QString& message, const QString& address)
{
    return push(addressOr(address), name.trimmed(), message, true);
}

bool RepoSession::push(const QString& address, const QString& name, const QString& message, bool asNewDesign)
{
    const ErrorReporter& report = mReportError ? mReportError : mFiles->errorReporter();
    if (address.isEmpty()) {
        report(QStringLiteral("Cannot save to the repository"),
            QStringLiteral("No repository is set: open a design from one first (File > Open from Repository…) or "
                           "give its address."));
        return false;
    }
    if (name.isEmpty()) {
        report(QStringLiteral("Cannot save to the repository"), QStringLiteral("The design needs a name."));
        return false;
    }
    // What the push is based on: the revision this document came from when it goes back to the same
    // design of the same repository; otherwise it is a new design (a branch, or a first save).
    Design design(mDocument->design());
    const std::optional<Origin> o = origin();
    const bool sameDesign = !asNewDesign && o && o->design == name && o->address == address;
    if (sameDesign)
        RepoProvenance::set(design, RepoProvenance{name, o->revision});
    else
        RepoProvenance::clear(design);

    RepoPushResult result;
    QString failure;
    try {
        const RepoLocation location = RepoLocation::parse(address);
        inBackground(tr("Saving %1 to the repository…").arg(name), [&] {
            Repository repo(location);
            result = repo.push(design, name, message);
        });
    } catch (const Error& e) {
        failure = e.message();
    } catch (const std::exception& e) {
        failure = QString::fromUtf8(e.what());
    }
    if (!failure.isEmpty()) {
        reportSaveFailure(address, name, failure);
        return false;
    }
    if (result.accepted) {
        recordSaved(address, name, result.revision);
        return true;
    }

    // Refused: someone saved in between, or the name is taken. Nothing was written.
    const Conflict conflict{address, name, sameDesign ? o->revision : 0, result.latest, result.refusal, message};
    const ConflictChoice choice = mConflictPrompt ? mConflictPrompt(conflict) : ConflictChoice::Cancel;
    switch (choice) {
    case ConflictChoice::ReloadLatest: {
        // The user chose to drop the local changes for the latest revision: no second question.
        Design latest;
        const bool ok = runGuarded(report, QStringLiteral("Cannot reload '%1'").arg(name), [&] {
            const RepoLocation location = RepoLocation::parse(address);
            inBackground(tr("Reloading %1 from the repository…").arg(name), [&] {
                Repository repo(location);
                latest = repo.pull(name);
            });
        });
        if (!ok)
            return false;
        const int number = RepoProvenance::of(latest)->revision;
        mResetting = true;
        mDocument->reset(std::move(latest));
        mResetting = false;
        mOrigin = Origin{address, name, number};
        Q_EMIT originChanged();
        Q_EMIT this->message(
            QStringLiteral("Nothing was saved; reloaded %1 revision %2 from the repository").arg(name).arg(number),
            8000);
        return false;
    }
    case ConflictChoice::SaveAsNewDesign: {
        const QString suggestion = QStringLiteral("%1 (branch of r%2)").arg(name).arg(conflict.base);
        const QString newName = mNewNamePrompt ? mNewNamePrompt(suggestion.left(Design::kMaxNameLength)) : QString();
        if (newName.trimmed().isEmpty()) {
            Q_EMIT this->message(QStringLiteral("Nothing was saved"), 5000);
            return false;
        }
        return push(address, newName.trimmed(), message, true);
    }
    case ConflictChoice::Compare:
        if (mCompareHandler)
            mCompareHandler(conflict);
        Q_EMIT this->message(QStringLiteral("Nothing was saved; comparing with revision %1").arg(result.latest), 8000);
        return false;
    case ConflictChoice::Cancel:
        break;
    }
    Q_EMIT this->message(
        QStringLiteral("Nothing was saved: %1 is at revision %2 in the repository").arg(name).arg(result.latest), 8000);
    return false;
}

void RepoSession::recordSaved(const QString& address, const QString& name, int revision)
{
    mDocument->recordRepoProvenance(name, revision);
    // A document with a file keeps the file in step, as `repo push` rewrites the file it pushed.
    if (!mDocument->filePath().isEmpty())
        runGuarded(mReportError ? mReportError : mFiles->errorReporter(),
            QStringLiteral("Saved to the repository, but the file was not updated"),
            [&] { DesignDocument::saveFile(mDocument->design(), mDocument->filePath()); });
    mDocument->markSaved();
    mOrigin = Origin{address, name, revision};
    remember(address);
    qCInfo(lcRepoUi) << "saved" << name << "revision" << revision << "to" << address;
    Q_EMIT originChanged();
    Q_EMIT message(QStringLiteral("Saved %1 as revision %2 in the repository").arg(name).arg(revision), 8000);
    loadTeamCatalog(address);
}

void RepoSession::reportSaveFailure(const QString& address, const QString& name, const QString& reason)
{
    // One transaction per save: whatever broke, the repository has either the whole revision or none,
    // and the server answered none. The document is as it was, and not saved anywhere new.
    mDocument->markUnsaved();
    const std::optional<Origin> o = origin();
    const QString where = o && o->design == name && o->address == address
        ? QStringLiteral("it stays at revision %1").arg(o->revision)
        : QStringLiteral("nothing was added to it");
    qCWarning(lcRepoUi) << "save of" << name << "failed:" << reason;
    // The server's first line says what happened; the rest is the statement it happened in.
    const QString shortReason = reason.section(QLatin1Char('\n'), 0, 0).trimmed();
    const ErrorReporter& report = mReportError ? mReportError : mFiles->errorReporter();
    report(QStringLiteral("Not saved to the repository"),
        QStringLiteral("%1 could not be saved to the repository: %2\n\nThe repository was not changed (%3). Your "
                       "design here is unchanged and still unsaved: save again when the connection is back, or save "
                       "it to a file.")
            .arg(name, shortReason, where));
    Q_EMIT message(QStringLiteral("Not saved to the repository"), 8000);
}

std::vector<RepoRevision> RepoSession::history()
{
    const std::optional<Origin> o = origin();
    if (!o || o->address.isEmpty())
        return {};
    const RepoLocation location = RepoLocation::parse(o->address);
    std::vector<RepoRevision> log;
    inBackground(tr("Reading the history of %1…").arg(o->design), [&] {
        Repository repo(location);
        log = repo.log(o->design);
    });
    return log;
}

Design RepoSession::pullRevision(int revision)
{
    const std::optional<Origin> o = origin();
    if (!o || o->address.isEmpty())
        throw Error(QStringLiteral("this design is not from a team repository"));
    const RepoLocation location = RepoLocation::parse(o->address);
    Design pulled;
    inBackground(tr("Reading revision %1 of %2…").arg(revision).arg(o->design), [&] {
        Repository repo(location);
        pulled = repo.pull(o->design, revision);
    });
    return pulled;
}

void RepoSession::inBackground(const QString& label, const std::function<void()>& work) const
{
    runOffGuiThread(mBusyParent, label, work);
}

bool RepoSession::loadTeamCatalog(const QString& address, bool explicitly)
{
    const QString where = addressOr(address);
    const ErrorReporter& report = mReportError ? mReportError : mFiles->errorReporter();
    if (where.isEmpty()) {
        if (explicitly)
            report(tr("Team catalog not loaded"),
                tr("No repository is set: open a design from one first (File > Open from Repository…)."));
        return false;
    }
    std::shared_ptr<const TeamCatalog> team;
    try {
        const RepoLocation location = RepoLocation::parse(where);
        inBackground(tr("Reading the team catalog and price book…"), [&] {
            Repository repo(location);
            team = std::make_shared<const TeamCatalog>(TeamCatalog::read(repo));
        });
    } catch (const Error& e) {
        // The server's first line says what happened; the rest is the statement it happened in.
        const QString reason = e.message().section(QLatin1Char('\n'), 0, 0).trimmed();
        qCWarning(lcRepoUi) << "team catalog not loaded from" << where << ":" << e.message();
        Q_EMIT message(tr("The team catalog and price book could not be read (%1); the catalog and prices in "
                          "effect are unchanged")
                           .arg(reason),
            10000);
        if (explicitly)
            report(tr("Team catalog not loaded"),
                tr("The team catalog and price book could not be read from the repository: %1\n\nNothing changed: "
                   "the catalog and the prices in effect stay as they were.")
                    .arg(reason));
        return false;
    }
    qCInfo(lcRepoUi).noquote() << "loaded" << team->describe();
    if (!mPriceBook || !(*mPriceBook == team->priceBook())) {
        mPriceBook = std::make_shared<const PriceBook>(team->priceBook());
        Q_EMIT priceBookChanged(mPriceBook);
    }
    Q_EMIT teamCatalogLoaded(team);
    return true;
}

} // namespace pw::ui
