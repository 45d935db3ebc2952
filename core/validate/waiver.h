#pragma once

#include "validate/entityref.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace pw {

struct Finding;

// A decision to accept a finding, with a written reason, who made it and when. Stored in
// design.properties()["waivers"] as an array of {code, entities, reason, author, date}.
// A waiver with no entities covers every finding of its code; otherwise it covers a finding whose
// entities are all among the waiver's (so a waiver outlives an unrelated edit elsewhere).
struct Waiver {
    QString code;
    std::vector<EntityRef> entities; // sorted
    QString reason;
    QString author;
    QString date; // ISO 8601

    [[nodiscard]] bool covers(const Finding& finding) const;
    [[nodiscard]] QJsonObject toJson() const;
    // Entries without a code or a reason are not waivers and are skipped.
    [[nodiscard]] static std::vector<Waiver> listFromProperties(const QJsonObject& properties);
    // The properties with the waiver added (a waiver of the same code and entities is replaced).
    [[nodiscard]] static QJsonObject addedTo(const QJsonObject& properties, const Waiver& waiver);
    // The properties without waivers of that code and entities.
    [[nodiscard]] static QJsonObject removedFrom(
        const QJsonObject& properties, const QString& code, const std::vector<EntityRef>& entities);

    bool operator==(const Waiver&) const = default;
};

} // namespace pw
