#pragma once

#include "catalog/catalogitem.h"

#include <QJsonObject>
#include <QString>

#include <variant>

namespace pw {

// Turns one catalog JSON entry into a CatalogItem, or explains exactly what is wrong with it.
// Used for the shipped catalog, user catalogs and the snapshots stored inside design files.
class CatalogItemParser {
public:
    using Result = std::variant<CatalogItem, QString>;
    [[nodiscard]] static Result parse(const QJsonObject& entry);
};

} // namespace pw
