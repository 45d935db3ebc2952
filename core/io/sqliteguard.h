#pragma once

#include <QSqlDatabase>

#include <chrono>

namespace pw {

// Bounds what SQLite may spend on one untrusted file while it is open: no string or blob longer
// than `maxLength` bytes, and every statement interrupted once `budget` has passed since the guard
// was made (SQLite's progress handler, checked every few thousand virtual-machine steps). The
// schema check already refuses views and triggers; this is the backstop for whatever it misses.
// Removes its handler when it goes.
class SqliteGuard {
public:
    SqliteGuard(const QSqlDatabase& db, std::chrono::milliseconds budget, int maxLength);
    ~SqliteGuard();
    SqliteGuard(const SqliteGuard&) = delete;
    SqliteGuard& operator=(const SqliteGuard&) = delete;

    // True once a statement was interrupted because the budget ran out.
    [[nodiscard]] bool expired() const { return mExpired; }
    [[nodiscard]] std::chrono::milliseconds budget() const { return mBudget; }

private:
    static int onProgress(void* self);

    void* mHandle = nullptr; // sqlite3*, kept opaque so that callers need no SQLite header
    std::chrono::steady_clock::time_point mDeadline;
    std::chrono::milliseconds mBudget;
    bool mExpired = false;
};

} // namespace pw
