#pragma once

#include "model/design.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace pw {

// A generated design, or why the dials cannot make one (a domain outcome, not an exception).
struct GenerateResult {
    std::optional<Design> design;
    QString error;
    QStringList notes; // choices the generator made that a user should know about

    [[nodiscard]] bool ok() const { return design.has_value(); }
    [[nodiscard]] static GenerateResult failure(const QString& why)
    {
        GenerateResult r;
        r.error = why;
        return r;
    }
};

} // namespace pw
