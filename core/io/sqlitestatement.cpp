#include "io/sqlitestatement.h"

#include "util/errors.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

namespace pw {

sqlite3* sqliteHandle(const QSqlDatabase& db)
{
    // Qt's SQLite driver hands out its sqlite3* (documented in QSqlDriver::handle()).
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw DatabaseError(QStringLiteral("the SQLite driver did not expose its connection"));
    auto* sqlite = *static_cast<sqlite3* const*>(handle.constData());
    if (!sqlite)
        throw DatabaseError(QStringLiteral("the SQLite connection is not open"));
    return sqlite;
}

SqliteStatement::SqliteStatement(sqlite3* db, const QString& sql) : mDb(db)
{
    const QByteArray utf8 = sql.toUtf8();
    const int code = sqlite3_prepare_v2(db, utf8.constData(), static_cast<int>(utf8.size()), &mStmt, nullptr);
    if (code != SQLITE_OK)
        fail(code);
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(mStmt);
}

void SqliteStatement::fail(int code) const
{
    const char* why = mDb ? sqlite3_errmsg(mDb) : sqlite3_errstr(code);
    throw DatabaseError(QString::fromUtf8(why ? why : sqlite3_errstr(code)));
}

bool SqliteStatement::next()
{
    const int code = sqlite3_step(mStmt);
    if (code == SQLITE_ROW)
        return true;
    if (code == SQLITE_DONE)
        return false;
    fail(code);
}

int SqliteStatement::type(int column) const
{
    return sqlite3_column_type(mStmt, column);
}

bool SqliteStatement::isNull(int column) const
{
    return type(column) == SQLITE_NULL;
}

std::int64_t SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(mStmt, column);
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(mStmt, column);
}

QByteArrayView SqliteStatement::bytes(int column) const
{
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(mStmt, column));
    return text ? QByteArrayView(text, sqlite3_column_bytes(mStmt, column)) : QByteArrayView();
}

void SqliteStatement::bind(int position, std::int64_t value)
{
    if (const int code = sqlite3_bind_int64(mStmt, position, value); code != SQLITE_OK)
        fail(code);
}

void SqliteStatement::bind(int position, double value)
{
    if (const int code = sqlite3_bind_double(mStmt, position, value); code != SQLITE_OK)
        fail(code);
}

void SqliteStatement::bind(int position, QByteArrayView utf8)
{
    // A null view binds the empty text, not NULL (the NOT NULL text columns refuse NULL).
    const char* data = utf8.data() ? utf8.data() : "";
    if (const int code = sqlite3_bind_text(mStmt, position, data, static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
        code != SQLITE_OK)
        fail(code);
}

void SqliteStatement::bindUnowned(int position, QByteArrayView utf8)
{
    const char* data = utf8.data() ? utf8.data() : "";
    if (const int code = sqlite3_bind_text(mStmt, position, data, static_cast<int>(utf8.size()), SQLITE_STATIC);
        code != SQLITE_OK)
        fail(code);
}

void SqliteStatement::bindNull(int position)
{
    if (const int code = sqlite3_bind_null(mStmt, position); code != SQLITE_OK)
        fail(code);
}

void SqliteStatement::run()
{
    const int code = sqlite3_step(mStmt);
    sqlite3_reset(mStmt);
    if (code != SQLITE_DONE)
        fail(code);
}

QString TextCache::text(QByteArrayView utf8)
{
    for (const auto& [bytes, decoded] : mEntries)
        if (bytes == utf8)
            return decoded;
    QString decoded = QString::fromUtf8(utf8);
    if (mEntries.size() < kEntries)
        mEntries.emplace_back(utf8.toByteArray(), decoded);
    return decoded;
}

QByteArray Utf8Cache::utf8(const QString& text)
{
    for (const auto& [decoded, bytes] : mEntries)
        if (decoded == text)
            return bytes;
    QByteArray bytes = text.toUtf8();
    if (mEntries.size() < kEntries)
        mEntries.emplace_back(text, bytes);
    return bytes;
}

} // namespace pw
