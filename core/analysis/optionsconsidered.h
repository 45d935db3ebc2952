#pragma once

#include "analysis/designoption.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace pw {

// Which designs were weighed before this one was built, and why this one: the record the proposal's
// "Options considered" page prints. Kept in the design's properties under kKey (the existing
// key/value store, so the file format does not change):
//   {"chosen": name, "why": sentence, "options": [DesignOption::toJson(), ...]}
// `generate` without a topology writes it (the cheapest candidate meeting the asked
// oversubscription); the studio's wizard writes it with the option the architect picked.
struct OptionsConsidered {
    static constexpr const char* kKey = "options_considered";

    std::vector<DesignOption> options;
    QString chosen; // the name of the option built
    QString why; // one sentence

    [[nodiscard]] QJsonObject toJson() const;
    // The record of a design's properties; empty when it has none (or one that is not a record).
    [[nodiscard]] static std::optional<OptionsConsidered> ofProperties(const QJsonObject& properties);
    // `properties` with this record stored in it.
    [[nodiscard]] QJsonObject storedIn(QJsonObject properties) const;

    // The sentence for an option the architect picked, and for the cheapest one meeting `asked`.
    [[nodiscard]] static QString pickedWhy(const DesignOption& picked, const DesignOption* cheapest);
};

} // namespace pw
