#pragma once

#include "guarded.h"

#include <QMessageBox>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QTimer;

namespace pw {
class Catalog;
class Design;
} // namespace pw

namespace pw::ui {

class DesignDocument;

// The file side of the studio: which file the open design belongs to and what happens to unsaved
// work. New, open, save, save as, autosave to a sidecar (and recovery from one), the
// unsaved-changes prompt and the recent-files list (QSettings). Every way a design replaces the
// current one asks about unsaved changes first (maybeSave) and does nothing when the user cancels.
//
// It needs no window: every question (unsaved changes, recovery, where to save) goes through an
// injectable prompt, and what the user should read goes out as message(). Without prompts set, it
// answers as a careful user would: keep unsaved work (Cancel), do not recover, do not pick a file.
// Errors are reported through the error reporter, never thrown. Borrows the document.
class FileSession : public QObject {
    Q_OBJECT
public:
    using UnsavedPrompt = std::function<QMessageBox::StandardButton(const QString& documentName)>;
    using RecoveryPrompt = std::function<bool(const QString& file, const QString& sidecar)>;
    // Asks where to save; `suggestion` is a full path. Returns the chosen path, empty to cancel.
    using SavePathPrompt = std::function<QString(const QString& suggestion)>;

    FileSession(DesignDocument* document, const Catalog* catalog, QObject* parent = nullptr);
    // The catalog JSON files are read with from now on (the studio's catalog was swapped).
    void setCatalog(const Catalog* catalog) { mCatalog = catalog; }

    void setUnsavedPrompt(UnsavedPrompt prompt) { mUnsavedPrompt = std::move(prompt); }
    void setRecoveryPrompt(RecoveryPrompt prompt) { mRecoveryPrompt = std::move(prompt); }
    void setSavePathPrompt(SavePathPrompt prompt) { mSavePathPrompt = std::move(prompt); }
    void setErrorReporter(ErrorReporter reporter) { mReportError = std::move(reporter); }
    [[nodiscard]] const ErrorReporter& errorReporter() const { return mReportError; }
    void setAutosaveInterval(int milliseconds);

    // Start-up: opens `file` when given; otherwise offers the untitled autosave a crash left
    // behind and, when that is declined or absent, starts a new design.
    void start(const QString& file = {});

    // Each returns whether it happened.
    bool newDesign();
    bool openFile(const QString& path);
    bool save();
    bool saveAs(const QString& path = {});
    // A design made in the studio (a wizard's result) becomes the document: no file, unsaved
    // until saved, so Quit, Open and New ask first and autosave covers it. The caller has asked
    // maybeSave() already (before the wizard, so a cancel costs no work).
    void adoptUnsaved(Design design);
    // Asks about unsaved changes; true when it is fine to drop the current design.
    bool maybeSave();

    // Writes the autosave sidecar now if there are unsaved changes; returns the sidecar path.
    QString autosaveNow();
    [[nodiscard]] QString autosavePath() const;
    [[nodiscard]] static QString untitledAutosavePath();
    // On start without a file: offers the untitled sidecar left by a crash; true when recovered.
    bool offerUntitledRecovery();

    [[nodiscard]] static QStringList recentFiles();
    static void clearRecentFiles();

    // Where an Open or Save dialog starts: the open design's folder, else the folder of the last
    // file opened or saved (remembered across sessions), else the home folder.
    [[nodiscard]] QString dialogFolder() const;
    // Remembers `filePath`'s folder as the last one a file was opened from or saved to.
    static void rememberFolder(const QString& filePath);

Q_SIGNALS:
    // Something the user should read in the status bar, for `timeoutMs`.
    void message(const QString& text, int timeoutMs);

private:
    void addRecent(const QString& path);
    void removeSidecar();

    DesignDocument* mDocument;
    const Catalog* mCatalog;
    QTimer* mAutosave;
    UnsavedPrompt mUnsavedPrompt;
    RecoveryPrompt mRecoveryPrompt;
    SavePathPrompt mSavePathPrompt;
    ErrorReporter mReportError;
};

} // namespace pw::ui
