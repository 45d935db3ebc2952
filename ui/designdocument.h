#pragma once

#include "commands/command.h"
#include "model/design.h"

#include <QObject>
#include <QString>

#include <memory>

class QUndoStack;

namespace pw {
class Catalog;
struct VerificationReport;
} // namespace pw

namespace pw::ui {

// The open design with its undo stack and file name. The only path for edits is execute(): it
// applies a core command once; a refusal pushes nothing and is reported through commandRefused.
// The design is handed out read-only, so views and tools cannot change it behind the undo stack.
// Owns the design and the QUndoStack; the catalog is borrowed (the catalog in effect, swapped by
// setCatalog when the team catalog changes; the design keeps its own snapshot of the items it uses).
class DesignDocument : public QObject {
    Q_OBJECT
public:
    explicit DesignDocument(const Catalog* catalog, QObject* parent = nullptr);
    ~DesignDocument() override;

    [[nodiscard]] const Design& design() const { return mDesign; }
    // A fresh node id for a command being built (a paste names its new nodes' ports before it
    // runs). Ids are never reused, so this is no edit: the design stays equal, no undo step.
    [[nodiscard]] NodeId reserveNodeId() { return mDesign.allocateNodeId(); }
    [[nodiscard]] const Catalog* catalog() const { return mCatalog; }
    // The catalog new items come from from now on (StudioCatalog::changed). Not an edit of the design.
    void setCatalog(const Catalog* catalog) { mCatalog = catalog; }
    [[nodiscard]] QUndoStack* undoStack() const { return mUndoStack; }

    // Replaces the design without an undo step (loading, New); the undo stack is cleared.
    void reset(Design design, const QString& filePath = {});
    [[nodiscard]] const QString& filePath() const { return mFilePath; }
    void setFilePath(const QString& path);
    [[nodiscard]] bool isModified() const;
    void markSaved();
    // For work that is in no file yet (a generated design, a recovered autosave): modified until
    // saved, so Quit, Open and New ask first and autosave covers it; no undo makes it clean.
    void markUnsaved();

    // Records which repository revision the design is now (core/repo/repoprovenance.h), as the CLI's
    // push and pull write it into the file. Like the file path this is bookkeeping, not an edit: no
    // undo step, and the modified state does not change.
    void recordRepoProvenance(const QString& designName, int revision);

    // Keeps a verification of the built cluster with the design (VerificationReport::storedIn),
    // replacing the last one; forgetVerification drops it (it went stale). Not an edit of the
    // design (no undo step) but part of what the file keeps: the design is modified until saved.
    void keepVerification(const VerificationReport& report);
    void forgetVerification();

    // Applies the command; on success pushes it as one undo step.
    CommandResult execute(std::unique_ptr<Command> command);

    // Loads a .podwright or .json file. Throws pw::Error.
    [[nodiscard]] static Design loadFile(const QString& path, const Catalog* catalog);
    // Saves by extension (.json as JSON, anything else as a .podwright database). Throws pw::Error.
    static void saveFile(const Design& design, const QString& path);

Q_SIGNALS:
    // The design changed (a command, an undo or redo, or a reset).
    void changed();
    // The design was replaced as a whole: a reset, or a step that replaced it (ReplaceDesignCommand)
    // done, undone or redone. Views rebuild instead of syncing; changed() follows.
    void resetDone();
    void commandRefused(const QString& reason);
    void filePathChanged(const QString& path);

private:
    const Catalog* mCatalog;
    Design mDesign;
    QUndoStack* mUndoStack;
    int mIndex = 0; // the undo stack's index at the last indexChanged
    QString mFilePath;
};

} // namespace pw::ui
