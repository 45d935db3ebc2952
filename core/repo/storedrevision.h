#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <optional>

class QIODevice;

namespace pw::storedrevision {

// A stored revision in Qt's qCompress layout: the length of the original bytes as 4 big-endian
// bytes, then one zlib stream. The declared length, from the first 4 bytes; none when fewer.
[[nodiscard]] std::optional<qint64> declaredLength(const QByteArray& head);

// Inflates `stored` (qCompress layout) into `out` in chunks of 64 KiB, so that memory stays small
// whatever the stream claims. Refuses (FormatError, nothing more written) a declared length above
// `limit` before inflating anything, a stream that yields more than its declared length (stopped
// at the first chunk past it), one that ends early or is not zlib, and bytes after its end.
// Returns the number of bytes written.
qint64 inflate(const QByteArray& stored, QIODevice& out, qint64 limit);

} // namespace pw::storedrevision
