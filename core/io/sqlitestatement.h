#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

class QSqlDatabase;
struct sqlite3;
struct sqlite3_stmt;

namespace pw {

// The sqlite3* behind a Qt SQLite connection (QSqlDriver::handle()); throws DatabaseError when the
// driver does not expose one.
[[nodiscard]] sqlite3* sqliteHandle(const QSqlDatabase& db);

// One prepared SQLite statement, used where a design has millions of rows (issue 29): Qt's
// QSqlQuery makes a QVariant per value read and matches placeholder names per value bound, which
// was most of the time a 1,000,000-GPU design took to save and load. Errors throw DatabaseError
// with SQLite's own words; the caller says what it was doing.
class SqliteStatement {
public:
    SqliteStatement(sqlite3* db, const QString& sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    // Reading: true while there is a row; false at the end; throws on an error (a damaged page,
    // an interrupt by SqliteGuard), so that an error is never taken for the end of the rows.
    [[nodiscard]] bool next();
    // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL.
    [[nodiscard]] int type(int column) const;
    [[nodiscard]] bool isNull(int column) const;
    [[nodiscard]] std::int64_t integer(int column) const;
    [[nodiscard]] double real(int column) const;
    // The value as UTF-8 bytes (SQLite converts numbers), valid until the next step.
    [[nodiscard]] QByteArrayView bytes(int column) const;

    // Writing: bind by position (1-based, as SQLite counts), run, then bind the next row.
    void bind(int position, std::int64_t value);
    void bind(int position, double value);
    // Text (SQLite copies the bytes).
    void bind(int position, QByteArrayView utf8);
    // Text SQLite does not copy: the bytes must stay unchanged until the statement has run (saves
    // a copy per value where millions are written; io/bulkinsert.h keeps them).
    void bindUnowned(int position, QByteArrayView utf8);
    void bindNull(int position);
    void run();

private:
    [[noreturn]] void fail(int code) const;

    sqlite3* mDb = nullptr;
    sqlite3_stmt* mStmt = nullptr;
};

// One QString per distinct text of a column, shared by every row that holds it: a design's
// millions of links name a handful of cable and transceiver skus, and one shared string each costs
// no allocation per row. Texts seen more often than the cache holds are decoded each time.
class TextCache {
public:
    [[nodiscard]] QString text(QByteArrayView utf8);

private:
    static constexpr size_t kEntries = 64;
    std::vector<std::pair<QByteArray, QString>> mEntries;
};

// The UTF-8 of each distinct text written to a column, made once (the writing side of TextCache).
class Utf8Cache {
public:
    [[nodiscard]] QByteArray utf8(const QString& text);

private:
    static constexpr size_t kEntries = 64;
    std::vector<std::pair<QString, QByteArray>> mEntries;
};

} // namespace pw
