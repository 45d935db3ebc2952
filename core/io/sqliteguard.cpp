#include "io/sqliteguard.h"

#include "io/sqlitestatement.h"

#include <sqlite3.h>

namespace pw {

SqliteGuard::SqliteGuard(const QSqlDatabase& db, std::chrono::milliseconds budget, int maxLength)
    : mDeadline(std::chrono::steady_clock::now() + budget), mBudget(budget)
{
    sqlite3* sqlite = sqliteHandle(db);
    mHandle = sqlite;
    sqlite3_limit(sqlite, SQLITE_LIMIT_LENGTH, maxLength);
    sqlite3_progress_handler(sqlite, 1000, &SqliteGuard::onProgress, this);
}

SqliteGuard::~SqliteGuard()
{
    sqlite3_progress_handler(static_cast<sqlite3*>(mHandle), 0, nullptr, nullptr);
}

int SqliteGuard::onProgress(void* self)
{
    auto* guard = static_cast<SqliteGuard*>(self);
    if (std::chrono::steady_clock::now() < guard->mDeadline)
        return 0;
    guard->mExpired = true;
    return 1; // SQLite stops the statement with SQLITE_INTERRUPT
}

} // namespace pw
