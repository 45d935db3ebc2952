#pragma once

#include "export/exportnames.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace pw {

class Design;

// One way to export a design, declared once (as QGIS's layout item registry keeps type metadata
// in core): the CLI's `export --format` (its help text, its "unknown format" list, its writer)
// and the studio's File > Export menu (its entries, file-dialog filters and suggested names) both
// read this table, so a format cannot exist in one and not the other.
struct ExportFormat {
    const char* id; // `--format` value and the studio action's name: "cabling-csv"
    const char* suffix; // appended to the design's file name: "-cabling.csv"
    const char* title; // what it is, for menus and help: "Cabling plan (CSV)"
    const char* description; // one line for the CLI's help
    // The bytes of the file, and the warnings a user must see (names made unique: exportnames.h).
    // Null for the pictures (svg, png): they are drawn by the report library's
    // DesignPictureRenderer, which needs a GUI application; front ends call it.
    ExportResult (*write)(const Design& design);

    [[nodiscard]] bool isPicture() const { return write == nullptr; }
    // The file's extension pattern: "*.csv".
    [[nodiscard]] QString pattern() const;
    // A file-dialog filter naming the format: "Cabling plan (CSV) (*.csv)".
    [[nodiscard]] QString filter() const;
};

// Every export format, in menu order.
[[nodiscard]] const std::vector<ExportFormat>& exportFormats();
// The format with this id, or null.
[[nodiscard]] const ExportFormat* exportFormat(const QString& id);
// The ids, in menu order.
[[nodiscard]] QStringList exportFormatIds();

} // namespace pw
