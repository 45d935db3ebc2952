#pragma once

#include <QString>

namespace pw {

class Design;

// The .podwright design file: an SQLite database with PRAGMA application_id set to Podwright's,
// PRAGMA user_version holding the format version, and a meta table (writer version, minimum
// reader version, design name and properties). Saves are atomic. A file of a newer format is
// refused (NewerFormatError); an older one would be migrated step by step in memory (format 1 is
// the first, so there are no steps yet). The file is untrusted: its schema must be exactly ours
// (no views, no triggers) before anything is read, and texts and counts are bounded (see
// DesignAssembler and docs/file-format.md). Any other problem throws FormatError or IoError whose
// message starts with the path.
class DesignFile {
public:
    static constexpr int kApplicationId = 0x50575254; // "PWRT"
    static constexpr int kFormatVersion = 1;

    static void save(const Design& design, const QString& path);
    [[nodiscard]] static Design load(const QString& path);
    // Whether the file looks like a design file (SQLite with Podwright's application id).
    [[nodiscard]] static bool isDesignFile(const QString& path);

private:
    [[nodiscard]] static Design loadChecked(const QString& path);
};

} // namespace pw
