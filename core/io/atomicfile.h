#pragma once

#include <QString>

#include <functional>

namespace pw {

// Replaces a file atomically: the content is written to a temporary file in the same folder,
// flushed to disk, then renamed over the target. A crash at any moment leaves either the old
// file or the new one, never a mix. Throws IoError.
class AtomicFile {
public:
    static void write(const QString& path, const std::function<void(const QString& tempPath)>& writeTemp);
};

} // namespace pw
