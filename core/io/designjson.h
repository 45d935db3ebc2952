#pragma once

#include "util/designlimits.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace pw {

class Catalog;
class Design;

// The design as JSON: lossless (ids, snapshot, properties), diffable, scriptable.
// Import checks everything (types, ids, references, sizes) and throws FormatError with the reason.
class DesignJson {
public:
    static constexpr int kFormatVersion = 2; // 2: the floor plan beside the properties
    // The largest JSON a legal design writes (util/designlimits.h), checked before anything is parsed.
    static constexpr qint64 kMaxFileBytes = limits::kMaxJsonFileBytes;

    [[nodiscard]] static QJsonObject toJson(const Design& design);
    [[nodiscard]] static QByteArray toBytes(const Design& design);
    // `fill`, when given, supplies catalog items that the design uses but does not carry in its
    // "catalog" array (hand-written designs); items the design carries always win.
    [[nodiscard]] static Design fromJson(const QJsonObject& root, const Catalog* fill = nullptr);
    [[nodiscard]] static Design fromBytes(const QByteArray& bytes, const Catalog* fill = nullptr);
    [[nodiscard]] static Design readFile(const QString& path, const Catalog* fill = nullptr);
    static void writeFile(const Design& design, const QString& path);
};

} // namespace pw
