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

// The only way an edited design changes. apply() runs once and may refuse, leaving the design
// untouched; after a successful apply, undo() and redo() always succeed and restore exactly the
// states before and after. Commands hold ids and values, never pointers into the design.
class Command {
public:
    virtual ~Command() = default;
    [[nodiscard]] virtual QString text() const = 0;
    [[nodiscard]] virtual CommandResult apply(Design& design) = 0;
    virtual void undo(Design& design) = 0;
    virtual void redo(Design& design) = 0;
    // Commands with the same non-negative merge id may fold into one undo step
    // (keyboard nudges, spin-box edits). `next` has already been applied.
    [[nodiscard]] virtual int mergeId() const { return -1; }
    virtual bool mergeWith(const Command& /*next*/) { return false; }
};

} // namespace pw
