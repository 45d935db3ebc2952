#include "storedrevision.h"

#include "util/errors.h"

#include <QIODevice>

#include <zlib.h>

#include <array>

namespace pw::storedrevision {

std::optional<qint64> declaredLength(const QByteArray& head)
{
    if (head.size() < 4)
        return std::nullopt;
    const auto byte = [&head](int i) { return qint64(static_cast<unsigned char>(head[i])); };
    return (byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3);
}

qint64 inflate(const QByteArray& stored, QIODevice& out, qint64 limit)
{
    const std::optional<qint64> declared = declaredLength(stored);
    if (!declared)
        throw FormatError(
            QStringLiteral("the stored design is %1 bytes, too short for compressed data").arg(stored.size()));
    if (*declared > limit)
        throw FormatError(QStringLiteral("the stored design declares %1 bytes, above the %2 bytes of the largest "
                                         "legal design file; it is refused without being inflated")
                              .arg(*declared)
                              .arg(limit));
    z_stream z{};
    if (inflateInit(&z) != Z_OK)
        throw FormatError(QStringLiteral("cannot start zlib to inflate the stored design"));
    struct End {
        z_stream* z;
        ~End() { inflateEnd(z); }
    } end{&z};
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(stored.constData() + 4));
    const qint64 input = stored.size() - 4;
    // zlib counts input in uInt: feed at most 1 GiB at a time (a stored row is far smaller anyway).
    qint64 fed = 0;
    auto feed = [&] {
        const qint64 n = std::min<qint64>(input - fed, qint64(1) << 30);
        z.avail_in = uInt(n);
        fed += n;
    };
    feed();
    std::array<char, 64 * 1024> chunk{};
    qint64 written = 0;
    while (true) {
        z.next_out = reinterpret_cast<Bytef*>(chunk.data());
        z.avail_out = uInt(chunk.size());
        const int rc = ::inflate(&z, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
            throw FormatError(QStringLiteral("the stored design is not valid compressed data (zlib: %1)")
                                  .arg(QString::fromLatin1(z.msg ? z.msg : "error")));
        const qint64 produced = qint64(chunk.size()) - z.avail_out;
        if (written + produced > *declared)
            throw FormatError(QStringLiteral("the stored design inflates to more than the %1 bytes it declares; it "
                                             "is refused (stopped after %2 bytes)")
                                  .arg(*declared)
                                  .arg(written + produced));
        if (produced > 0 && out.write(chunk.data(), produced) != produced)
            throw IoError(QStringLiteral("cannot write the inflated design: %1").arg(out.errorString()));
        written += produced;
        if (rc == Z_STREAM_END)
            break;
        if (z.avail_in == 0 && fed < input) {
            feed();
            continue;
        }
        if (rc == Z_BUF_ERROR && z.avail_in == 0)
            throw FormatError(QStringLiteral("the stored design's compressed data ends early"));
    }
    if (z.avail_in != 0 || fed < input)
        throw FormatError(QStringLiteral("the stored design has bytes after its compressed data"));
    if (written != *declared)
        throw FormatError(QStringLiteral("the stored design inflates to %1 bytes, not the %2 it declares")
                              .arg(written)
                              .arg(*declared));
    return written;
}

} // namespace pw::storedrevision
