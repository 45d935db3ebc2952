#pragma once

#include <QString>

#include <optional>

namespace pw {

// A leaf's downlink to uplink ratio, "2:1" = twice as much capacity down as up. 1:1 is a full
// (non-blocking) fat-tree.
struct Oversubscription {
    int down = 1;
    int up = 1;

    [[nodiscard]] static std::optional<Oversubscription> parse(const QString& text);
    [[nodiscard]] QString toString() const { return QStringLiteral("%1:%2").arg(down).arg(up); }
    // Uplinks a leaf needs for `downlinks` downlinks (rounded up, never below one).
    [[nodiscard]] int uplinksFor(int downlinks) const;
    [[nodiscard]] bool isFull() const { return down <= up; }
    bool operator==(const Oversubscription&) const = default;
};

} // namespace pw
