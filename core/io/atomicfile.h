#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace pw {

// Every file Podwright writes (designs, exports, reports) goes through here. The content is
// written to a temporary file in the target's folder, checked, flushed to disk, then renamed over
// the target: a crash at any moment leaves either the old file or the new one, never a mix.
// The target keeps its permissions (and, as root, its owner); a symlink is written through, so the
// link stays and the file it names is replaced; anything but a regular file (a folder, a device,
// a pipe, a socket) is refused. On failure the temporary file is removed, the target is untouched,
// and IoError names the target and the system's reason ("No space left on device").
// The temporary file's name carries the writer's process id (.NAME.PID.XXXXXX.tmp): a second
// process saving the same file while one is running is refused (otherwise both would report
// success and the later rename would silently undo the earlier save), and a temporary file whose
// process is gone (a killed save) is removed at the next save or load of that file.
class AtomicFile {
public:
    // writeTemp creates and fills tempPath (SQLite creates its own file, so it does not exist yet).
    static void write(const QString& path, const std::function<void(const QString& tempPath)>& writeTemp);
    static void writeBytes(const QString& path, const QByteArray& bytes);

    // Removes the temporary files that killed saves of `path` left in its folder: those whose
    // process is gone, and those older than `minAgeSeconds` (a name without a process id, or a
    // process id reused since). A save running in another process keeps its file. Returns how many.
    static int removeStaleTemps(const QString& path, int minAgeSeconds = 600);
};

} // namespace pw
