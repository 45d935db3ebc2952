#include "io/bulkinsert.h"

#include "util/errors.h"

#include <algorithm>

namespace pw {

BulkInsert::BulkInsert(sqlite3* db, const char* table, int columns, size_t rows)
    : mDb(db), mTable(table), mColumns(columns), mLeft(rows)
{
    prepare(std::min(rows, size_t(kRowsPerStatement)));
}

void BulkInsert::prepare(size_t rows)
{
    mStatement.reset();
    mStatementRows = rows;
    mRow = 0;
    if (rows == 0)
        return;
    QByteArray one = "(?";
    for (int c = 1; c < mColumns; ++c)
        one += ",?";
    one += ')';
    QByteArray sql = "INSERT INTO " + mTable + " VALUES " + one;
    for (size_t r = 1; r < rows; ++r)
        sql += ',' + one;
    mStatement = std::make_unique<SqliteStatement>(mDb, QString::fromLatin1(sql));
    mTexts.assign(rows * size_t(mColumns), QByteArray());
}

int BulkInsert::position(int column) const
{
    Q_ASSERT(mStatement && column >= 1 && column <= mColumns);
    return static_cast<int>(mRow) * mColumns + column;
}

void BulkInsert::bind(int column, std::int64_t value)
{
    mStatement->bind(position(column), value);
}

void BulkInsert::bind(int column, double value)
{
    mStatement->bind(position(column), value);
}

void BulkInsert::bindText(int column, const QByteArray& utf8)
{
    const int at = position(column);
    // Kept until the statement has run (a shared copy: no bytes are copied).
    QByteArray& kept = mTexts[size_t(at - 1)];
    kept = utf8;
    mStatement->bindUnowned(at, kept);
}

void BulkInsert::bindNull(int column)
{
    mStatement->bindNull(position(column));
}

void BulkInsert::endRow()
{
    Q_ASSERT(mLeft > 0);
    --mLeft;
    if (++mRow < mStatementRows)
        return;
    mStatement->run();
    if (mLeft < mStatementRows)
        prepare(mLeft); // the last, shorter statement
    else
        mRow = 0;
}

void BulkInsert::finish() const
{
    if (mLeft != 0 || mRow != 0)
        throw DatabaseError(QStringLiteral("writing table %1: %2 rows were announced but not written")
                                .arg(QString::fromLatin1(mTable))
                                .arg(mLeft));
}

} // namespace pw
