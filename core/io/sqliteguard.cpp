#include "io/sqliteguard.h"

#include "util/errors.h"

#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

namespace pw {

SqliteGuard::SqliteGuard(const QSqlDatabase& db, std::chrono::milliseconds budget, int maxLength)
    : mDeadline(std::chrono::steady_clock::now() + budget), mBudget(budget)
{
    // Qt's SQLite driver hands out its sqlite3* (documented in QSqlDriver::handle()).
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw DatabaseError(QStringLiteral("the SQLite driver did not expose its connection"));
    auto* sqlite = *static_cast<sqlite3* const*>(handle.constData());
    if (!sqlite)
        throw DatabaseError(QStringLiteral("the SQLite connection is not open"));
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
