#pragma once

#include <QHashFunctions>

#include <cstdint>
#include <functional>

namespace pw {

// An entity id that cannot be mixed up with another entity's id. Zero is "no entity".
template <typename Tag>
class StrongId {
public:
    constexpr StrongId() = default;
    constexpr explicit StrongId(std::uint32_t value) : mValue(value) {}

    [[nodiscard]] constexpr std::uint32_t value() const { return mValue; }
    [[nodiscard]] constexpr bool isValid() const { return mValue != 0; }
    // Explicit operators, not <=>: Qt 6.4's moc cannot parse libstdc++ 12's <compare>.
    constexpr bool operator==(const StrongId& o) const { return mValue == o.mValue; }
    constexpr bool operator!=(const StrongId& o) const { return mValue != o.mValue; }
    constexpr bool operator<(const StrongId& o) const { return mValue < o.mValue; }
    constexpr bool operator>(const StrongId& o) const { return mValue > o.mValue; }
    constexpr bool operator<=(const StrongId& o) const { return mValue <= o.mValue; }
    constexpr bool operator>=(const StrongId& o) const { return mValue >= o.mValue; }

private:
    std::uint32_t mValue = 0;
};

template <typename Tag>
size_t qHash(StrongId<Tag> id, size_t seed = 0)
{
    return ::qHash(id.value(), seed);
}

struct NodeTag;
struct LinkTag;
struct GroupTag;
using NodeId = StrongId<NodeTag>;
using LinkId = StrongId<LinkTag>;
using GroupId = StrongId<GroupTag>;

} // namespace pw

template <typename Tag>
struct std::hash<pw::StrongId<Tag>> {
    size_t operator()(pw::StrongId<Tag> id) const noexcept { return std::hash<std::uint32_t>{}(id.value()); }
};
