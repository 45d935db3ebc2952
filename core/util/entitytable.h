#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <vector>

namespace pw {

// Entities of one type stored by id: slot id-1 holds entity id. Ids are never reused, so an undo
// can put an entity back under its old id. Lookup is O(1); iteration skips empty slots.
template <typename Id, typename T>
class EntityTable {
public:
    [[nodiscard]] Id allocate() { return Id(++mLastId); }
    [[nodiscard]] std::uint32_t lastId() const { return mLastId; }
    void reserveIds(std::uint32_t lastId) { mLastId = std::max(mLastId, lastId); }

    void insert(Id id, T value)
    {
        assert(id.isValid());
        const size_t slot = id.value() - 1;
        if (slot >= mSlots.size())
            mSlots.resize(slot + 1);
        assert(!mSlots[slot].has_value());
        mSlots[slot] = std::move(value);
        mLastId = std::max(mLastId, id.value());
        ++mCount;
    }

    T take(Id id)
    {
        assert(contains(id));
        T value = std::move(*mSlots[id.value() - 1]);
        mSlots[id.value() - 1].reset();
        --mCount;
        return value;
    }

    [[nodiscard]] bool contains(Id id) const
    {
        return id.isValid() && id.value() - 1 < mSlots.size() && mSlots[id.value() - 1].has_value();
    }
    [[nodiscard]] const T* find(Id id) const { return contains(id) ? &*mSlots[id.value() - 1] : nullptr; }
    [[nodiscard]] T* find(Id id) { return contains(id) ? &*mSlots[id.value() - 1] : nullptr; }
    [[nodiscard]] size_t size() const { return mCount; }
    [[nodiscard]] bool empty() const { return mCount == 0; }
    [[nodiscard]] size_t slotCount() const { return mSlots.size(); }
    void reserve(size_t n) { mSlots.reserve(n); }

    template <typename F>
    void forEach(F&& f) const
    {
        for (const auto& slot : mSlots)
            if (slot)
                f(*slot);
    }

    bool operator==(const EntityTable& o) const
    {
        if (mCount != o.mCount)
            return false;
        const size_t n = std::max(mSlots.size(), o.mSlots.size());
        for (size_t i = 0; i < n; ++i) {
            const bool a = i < mSlots.size() && mSlots[i].has_value();
            const bool b = i < o.mSlots.size() && o.mSlots[i].has_value();
            if (a != b || (a && !(*mSlots[i] == *o.mSlots[i])))
                return false;
        }
        return true;
    }

private:
    std::vector<std::optional<T>> mSlots;
    std::uint32_t mLastId = 0;
    size_t mCount = 0;
};

} // namespace pw
