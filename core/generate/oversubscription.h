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

    // A leaf's ports sized in bandwidth: `down` ports to hosts at downGbps each and `up` ports to
    // spines at upGbps each, with down x downGbps : up x upGbps no more than this ratio. The most
    // downlinks whose ratio is exactly this one, else (when no split is exact) the most downlinks
    // that do not exceed it. Empty when not even one downlink fits the radix.
    struct LeafPorts {
        int down = 0;
        int up = 0;
    };
    [[nodiscard]] std::optional<LeafPorts> leafPorts(int radix, int downGbps, int upGbps) const;
    // The ratio a leaf really has, reduced: "2:1", "85:43".
    [[nodiscard]] static QString ratioText(long long downGbps, long long upGbps);
    bool operator==(const Oversubscription&) const = default;
};

} // namespace pw
