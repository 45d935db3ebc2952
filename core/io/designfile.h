#pragma once

#include <QString>

#include <chrono>

class QSqlDatabase;

namespace pw {

class Design;

// The .podwright design file: an SQLite database with PRAGMA application_id set to Podwright's,
// PRAGMA user_version holding the format version, and a meta table (writer version, minimum
// reader version, design name and properties). Saves are atomic. A file of a newer format is
// refused (NewerFormatError); an older one is migrated step by step in memory (format 2 moved the
// floor plan from the properties into the floor_rows and floor_racks tables). The file is untrusted: its schema must be exactly ours
// (no views, no triggers) before anything is read, and texts and counts are bounded (see
// DesignAssembler and docs/file-format.md). Any other problem throws FormatError or IoError whose
// message starts with the path.
class DesignFile {
public:
    static constexpr int kApplicationId = 0x50575254; // "PWRT"
    static constexpr int kFormatVersion = 2;

    // What SQLite may spend reading one file (io/sqliteguard.h): the longest string or blob it will
    // produce (above every text the format allows: properties are at most 1 MiB), and the time
    // after which a load is interrupted and refused, far above a real design's load time
    // (docs/benchmarks.md: a 100,000-GPU design loads in about a second).
    static constexpr int kMaxSqlValueBytes = 4 << 20;
    static constexpr std::chrono::seconds kDefaultLoadBudget{60};
    // The budget of the loads that follow, process-wide (tests shorten it to prove it holds).
    static void setLoadBudget(std::chrono::milliseconds budget);
    [[nodiscard]] static std::chrono::milliseconds loadBudget();

    // Private: the file is 0600 whatever it was (autosaves; io/atomicfile.h).
    static void save(const Design& design, const QString& path, bool privateFile = false);
    [[nodiscard]] static Design load(const QString& path);
    // Whether the file looks like a design file (SQLite with Podwright's application id).
    [[nodiscard]] static bool isDesignFile(const QString& path);

private:
    [[nodiscard]] static Design loadChecked(const QString& path);
    [[nodiscard]] static Design readChecked(const QSqlDatabase& db, const QString& path);
};

} // namespace pw
