#pragma once

#include <utility>

namespace pw {

// Runs a rollback when a scope is left early (a return or an exception) unless dismiss() was
// called first, as LibrePCB's scopeGuard does. The rollback must not throw: the destructor is
// noexcept, so a throwing rollback ends the program, which beats going on with a half-undone design.
template <typename F>
class ScopeGuard {
public:
    explicit ScopeGuard(F rollback) : mRollback(std::move(rollback)) {}
    ScopeGuard(const ScopeGuard&) = delete;
    ScopeGuard& operator=(const ScopeGuard&) = delete;
    ~ScopeGuard()
    {
        if (mActive)
            mRollback();
    }
    void dismiss() { mActive = false; }

private:
    F mRollback;
    bool mActive = true;
};

} // namespace pw
