#pragma once

#include "io/sqlitestatement.h"

#include <QByteArray>

#include <cstdint>
#include <memory>
#include <vector>

struct sqlite3;

namespace pw {

// Writes a known number of rows into one table through multi-row INSERT statements of up to
// kRowsPerStatement rows (issue 29). A statement's start and end (opening the table's cursor,
// halting, resetting) cost about as much as a row's values: one row per statement spent a quarter
// of a 1,000,000-GPU save there (3.77 million links). Text values are kept here until their
// statement has run, so SQLite takes them without copying them.
//
// Use: for each row, bind its columns (1-based, as SQLite counts), then endRow(); after the last
// row, finish() checks that as many rows were written as announced.
class BulkInsert {
public:
    static constexpr int kRowsPerStatement = 64;

    BulkInsert(sqlite3* db, const char* table, int columns, size_t rows);

    void bind(int column, std::int64_t value);
    void bind(int column, double value);
    void bindText(int column, const QByteArray& utf8);
    void bindNull(int column);
    void endRow();
    void finish() const;

private:
    void prepare(size_t rows);
    [[nodiscard]] int position(int column) const;

    sqlite3* mDb;
    QByteArray mTable;
    int mColumns;
    size_t mLeft; // rows announced and not yet written
    size_t mStatementRows = 0; // rows of the prepared statement
    size_t mRow = 0; // the row being bound, within the statement
    std::unique_ptr<SqliteStatement> mStatement;
    std::vector<QByteArray> mTexts; // the bound texts of the statement's rows, one slot per value
};

} // namespace pw
