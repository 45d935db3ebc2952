#pragma once

#include "validate/entityref.h"
#include "validate/waiver.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

enum class Severity { Error, Warning, Info };

[[nodiscard]] QString toString(Severity severity);

// One result of a design rule: a stable code (scripts and waivers depend on it), a severity, a
// one-line message, the entities involved, and an explanation that shows the formula and the
// numbers used. A waived finding stays in the list, marked waived, with its waiver.
struct Finding {
    QString code;
    Severity severity = Severity::Warning;
    QString message;
    std::vector<EntityRef> entities; // sorted, no duplicates
    QString explanation;
    std::optional<Waiver> waiver;

    [[nodiscard]] bool waived() const { return waiver.has_value(); }
    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace pw
