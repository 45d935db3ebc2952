#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace pw {

// Every file Podwright writes (designs, exports, reports) goes through here. The content is
// written to a temporary file in the target's folder, checked, flushed to disk, then renamed over
// the target: a crash at any moment leaves either the old file or the new one, never a mix.
// The target keeps its permissions (and, as root, its owner) unless the caller asks for a private
// file; a symlink (chain) is written through, so every link stays and the file at its end is
// replaced, or created when the chain ends at a name that does not exist yet; anything but a regular file (a folder, a device,
// a pipe, a socket) is refused. On failure the temporary file is removed, the target is untouched,
// and IoError names the target and the system's reason ("No space left on device").
// The temporary file's name carries the writer's process id (.NAME.PID.XXXXXX.tmp): a second
// process saving the same file while one is running is refused (otherwise both would report
// success and the later rename would silently undo the earlier save), and a temporary file whose
// process is gone (a killed save) is removed at the next save or load of that file.
class AtomicFile {
public:
    // Keep: an existing target keeps its mode, a new one gets 0666 less the umask. Private: 0600
    // whatever the target had (autosaves and other copies of unsaved work: only their owner reads them).
    enum class Permissions { Keep, Private };
    // writeTemp creates and fills tempPath (SQLite creates its own file, so it does not exist yet).
    static void write(const QString& path, const std::function<void(const QString& tempPath)>& writeTemp,
        Permissions permissions = Permissions::Keep);
    static void writeBytes(const QString& path, const QByteArray& bytes, Permissions permissions = Permissions::Keep);

    // Removes the temporary files that killed saves of `path` left in its folder: those whose
    // process is gone, and those older than `minAgeSeconds` (a name without a process id, or a
    // process id reused since). A save running in another process keeps its file. Returns how many.
    static int removeStaleTemps(const QString& path, int minAgeSeconds = 600);
};

} // namespace pw
