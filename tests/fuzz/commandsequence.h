#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace pw {
class Catalog;
class Design;
struct CatalogItem;
} // namespace pw

namespace pw::fuzz {

// The source of every decision a command sequence makes: fuzz input bytes, or a seeded random
// generator. Once a byte source runs dry, the sequence ends.
class Chooser {
public:
    virtual ~Chooser() = default;
    // A number in [0, bound); bound > 0.
    virtual std::uint32_t pick(std::uint32_t bound) = 0;
    [[nodiscard]] virtual bool exhausted() const = 0;
};

// What a run did, so a test can assert that it reached every path it means to cover.
struct SequenceStats {
    int applied = 0;
    int refused = 0;
    int threw = 0;
    int undone = 0;
    int redone = 0;
    int merged = 0;
    int misuseRefused = 0; // out-of-order calls refused (second apply, undo when not applied, ...)
    int kindsApplied = 0; // bit per command kind that was applied at least once
};

// Plays a sequence of steps against `design`, each chosen by `choose`: apply a new command of any
// kind (every leaf command of core/commands, the design's rename and replacement by a regenerated
// one included, composites nesting them, and a test command that throws while applying, undoing or
// redoing), undo, redo, or an out-of-order call. Keeps an undo and a redo stack as the
// studio does (a new command drops the redo stack; mergeable commands merge).
// Checked after every step (each undo and redo of the final unwinding too): the design's
// invariants; a refused or throwing apply leaves the design, its revision and its id counters
// untouched; an undo gives exactly the state before the command,
// a redo exactly the state after it; a throwing undo or redo leaves the design as it was; an
// out-of-order call changes nothing. At the end everything is undone back to the original, redone
// to the final state, and undone again.
// Returns the first broken promise, or nothing.
// `items` are the catalog items new nodes and records are drawn from (Catalog::items(), fetched
// once by the caller: the catalog lists them with a database query).
[[nodiscard]] std::optional<QString> runCommandSequence(const std::vector<const CatalogItem*>& items, Design design,
    Chooser& choose, int maxSteps, SequenceStats* stats = nullptr);

// A small edited design to start from: servers, a leaf, an out-of-band switch, links, a rack.
[[nodiscard]] Design seedDesign(const Catalog& catalog);

// The number of command kinds runCommandSequence draws from (bits of SequenceStats::kindsApplied).
constexpr int kCommandKinds = 17;

} // namespace pw::fuzz
