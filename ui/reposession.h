#pragma once

#include "guarded.h"

#include "repo/repository.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace pw {
class PriceBook;
class TeamCatalog;
} // namespace pw

namespace pw::ui {

class DesignDocument;
class FileSession;

// The studio's side of the team repository (core/repo): open a revision of a design, save the open
// design as the next revision with a message, the history of the design, and the team's catalog and
// price book (TeamCatalog), loaded after each open and save and on request.
// It remembers which repository revision the document came from (origin()): set by its own pulls
// and pushes, else read from the file (the "repository" property the CLI writes too), with the
// repository address last used (QSettings "repository/address", else $PODWRIGHT_REPO; the address
// never holds a password, RepoLocation refuses one).
//
// Nothing is ever overwritten silently: a save on top of a revision that is no longer the latest is
// refused by the server's compare-and-swap, and the conflict prompt offers Reload Latest, Save as a
// New Design (a branch) or Cancel, plus Compare when a compare handler is set. A save that fails
// (a dropped connection) leaves the repository at the previous revision (one transaction) and the
// document as it was, marked unsaved; the error reporter says so. Each operation opens its own
// connection on a worker thread (runOffGuiThread), so the window keeps painting through a long push
// or pull, with a busy dialog over the busy parent when one is set. Needs no window: the prompts are
// injectable, as FileSession's are.
class RepoSession : public QObject {
    Q_OBJECT
public:
    // Which revision of which design the document is, in which repository.
    struct Origin {
        QString address;
        QString design;
        int revision = 0;
    };
    // A refused save: the document is based on `base`, the repository is at `latest`.
    struct Conflict {
        QString address;
        QString design;
        int base = 0;
        int latest = 0;
        QString refusal; // core's message
        QString message; // what the user was saving with
    };
    enum class ConflictChoice { ReloadLatest, SaveAsNewDesign, Compare, Cancel };
    using ConflictPrompt = std::function<ConflictChoice(const Conflict&)>;
    // The name for a new design (a branch); empty to cancel.
    using NewNamePrompt = std::function<QString(const QString& suggestion)>;
    // The slot for the what-if comparison of the document with the latest revision: the lead wires
    // it to the compare view (issue 18 section 3). Unset, the conflict prompt offers no Compare.
    using CompareHandler = std::function<void(const Conflict&)>;

    static constexpr const char* kAddressSetting = "repository/address";

    RepoSession(DesignDocument* document, FileSession* files, QObject* parent = nullptr);
    ~RepoSession() override;

    void setConflictPrompt(ConflictPrompt prompt) { mConflictPrompt = std::move(prompt); }
    void setNewNamePrompt(NewNamePrompt prompt) { mNewNamePrompt = std::move(prompt); }
    void setCompareHandler(CompareHandler handler) { mCompareHandler = std::move(handler); }
    [[nodiscard]] bool hasCompareHandler() const { return static_cast<bool>(mCompareHandler); }
    void setErrorReporter(ErrorReporter reporter) { mReportError = std::move(reporter); }
    // The window the busy dialog of a slow repository operation shows over (none when unset).
    void setBusyParent(QWidget* parent) { mBusyParent = parent; }

    // The address last used (QSettings), else $PODWRIGHT_REPO, else empty.
    [[nodiscard]] static QString rememberedAddress();
    [[nodiscard]] std::optional<Origin> origin() const;

    // Opens `revision` (the latest when not given) of `design`: asks about unsaved changes first
    // (FileSession::maybeSave); the design comes in with no file, not modified. Returns whether it
    // opened.
    bool open(const QString& address, const QString& design, std::optional<int> revision = std::nullopt);
    // Opens another revision of the document's design (the history panel).
    bool openRevision(int revision);
    // Saves the document as the next revision of `name` (default: the design it came from, else its
    // own name) in `address` (default: the origin's, else the remembered one). On a conflict asks the
    // conflict prompt and does what it chose. Returns whether a revision was stored.
    bool save(const QString& message, const QString& address = {}, const QString& name = {});
    // Saves the document as a new design `name` (a branch; revision 1).
    bool saveAsNewDesign(const QString& name, const QString& message, const QString& address = {});

    // `revision` of the document's design as stored (for a comparison; the document is untouched).
    // Throws pw::Error, also when the document is not from a repository.
    [[nodiscard]] Design pullRevision(int revision);
    // The revisions of the document's design, newest first (empty without an origin). Throws pw::Error.
    [[nodiscard]] std::vector<RepoRevision> history();
    // Loads the team's catalog items and price book from `address` (default: the origin's or the
    // remembered one) and emits teamCatalogLoaded, and priceBookChanged when the book changed.
    // Returns whether it loaded. A failure changes nothing here: the catalog and price book in
    // effect stay; it is said in the status bar, and also through the error reporter when `explicitly`
    // (the user asked for this load, File > Reload Team Catalog).
    bool loadTeamCatalog(const QString& address = {}, bool explicitly = false);
    [[nodiscard]] const std::shared_ptr<const PriceBook>& priceBook() const { return mPriceBook; }

Q_SIGNALS:
    void originChanged();
    void priceBookChanged(const std::shared_ptr<const PriceBook>& book);
    // The team catalog as just read (possibly the same as before; StudioCatalog decides).
    void teamCatalogLoaded(const std::shared_ptr<const TeamCatalog>& team);
    void message(const QString& text, int timeoutMs);

private:
    [[nodiscard]] QString addressOr(const QString& address) const;
    void remember(const QString& address);
    // Stores `design` under `name`; resolves a conflict through the prompt.
    bool push(const QString& address, const QString& name, const QString& message, bool asNewDesign);
    void recordSaved(const QString& address, const QString& name, int revision);
    void reportSaveFailure(const QString& address, const QString& name, const QString& reason);
    // Runs repository work off the GUI thread (see runOffGuiThread); rethrows what it throws.
    void inBackground(const QString& label, const std::function<void()>& work) const;

    DesignDocument* mDocument;
    FileSession* mFiles;
    // Set by this session's own pulls and pushes; cleared when another design replaces the document.
    std::optional<Origin> mOrigin;
    bool mResetting = false; // our own pull is replacing the document
    ConflictPrompt mConflictPrompt;
    NewNamePrompt mNewNamePrompt;
    CompareHandler mCompareHandler;
    ErrorReporter mReportError;
    QPointer<QWidget> mBusyParent;
    std::shared_ptr<const PriceBook> mPriceBook;
};

} // namespace pw::ui
