#pragma once

#include <QString>

namespace pw {

class Design;

// The outcome of applying a command: done, or refused with a reason the user can read.
struct CommandResult {
    bool ok = true;
    QString reason;
    static CommandResult done() { return {}; }
    static CommandResult refused(const QString& why) { return {false, why}; }
};

// The only way an edited design changes. Commands hold ids and values, never pointers into the
// design.
//
// Life cycle (as LibrePCB's UndoCommand): apply() runs once and may refuse, leaving the design
// equal to what it was (a leaf command moves not even its revision or an id counter; a refused
// composite has run and rolled back children, so its revision moved and the ids they took stay
// used); after a successful apply, undo() and redo() alternate and restore exactly the states
// before and after.
//
// Calls out of that order are programmer errors (a second apply(), undo() of a command that is
// not applied, redo() of one that is). They are refused in every build, never asserted, so a
// release build cannot corrupt a design and tests can check them: apply() returns a refusal,
// undo() and redo() return false and leave the design untouched. apply() runs at most once: a
// command that refused or threw is spent and refuses any later call.
//
// Exceptions: a command whose apply(), undo() or redo() throws leaves the design as it was
// before the call (CompositeCommand rolls back the children it already ran, with a scope guard
// as LibrePCB's UndoCommandGroup does; a leaf changes the design only after its last check). A
// throwing undo() or redo() leaves the command in its previous state, so it can be tried again.
//
// Subclasses implement performApply() (validate everything, refuse before changing anything,
// then change the design), performUndo() and performRedo().
class Command {
public:
    Command() = default;
    Command(const Command&) = delete;
    Command& operator=(const Command&) = delete;
    virtual ~Command() = default;

    [[nodiscard]] virtual QString text() const = 0;

    [[nodiscard]] CommandResult apply(Design& design);
    bool undo(Design& design);
    bool redo(Design& design);

    [[nodiscard]] bool wasApplied() const { return mState == State::Applied || mState == State::Undone; }
    [[nodiscard]] bool isApplied() const { return mState == State::Applied; }

    // Commands with the same non-negative merge id may fold into one undo step
    // (keyboard nudges, spin-box edits). Both are applied; `next` is dropped after a merge.
    [[nodiscard]] virtual int mergeId() const { return -1; }
    virtual bool mergeWith([[maybe_unused]] const Command& next) { return false; }

protected:
    [[nodiscard]] virtual CommandResult performApply(Design& design) = 0;
    virtual void performUndo(Design& design) = 0;
    virtual void performRedo(Design& design) = 0;

private:
    enum class State { New, Applied, Undone, Spent };
    State mState = State::New;
};

} // namespace pw
