#pragma once

#include "util/strongid.h"

#include <QJsonObject>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <unordered_map>
#include <vector>

namespace pw {

class Design;
struct CatalogItem;

// The data hall's figures the floor plan and the cable routing use. Rack footprint and height come
// from the rack catalog item; aisles, tray and slack are assumptions of the design (estimates,
// named as such in assumptions()).
struct HallParameters {
    double rackWidthM = 0.6;
    double rackDepthM = 1.2;
    int rackHeightU = 48;
    double coldAisleM = 1.2; // between two rows' fronts
    double hotAisleM = 1.2; // between two rows' backs
    double trayAboveRackM = 0.3; // overhead tray height above the racks' tops
    double slackPerEndM = 0.5; // service loop left at each end of a run between racks
    double inRackDressingM = 1.0; // routing inside one rack, on top of the U-to-U distance

    static constexpr double kMetresPerU = 0.04445; // EIA-310: 1.75 in

    // Centre-to-centre distance of two neighbouring rows, half a cold and half a hot aisle apart.
    [[nodiscard]] double rowPitchM() const { return rackDepthM + (coldAisleM + hotAisleM) / 2; }
    // Footprint and height from the rack item (600 x 1200 mm, 48U where it states none).
    [[nodiscard]] static HallParameters forRack(const CatalogItem& rack);
    // "estimate: ..." lines for the design's assumptions: every figure with its source.
    [[nodiscard]] QStringList assumptions() const;
    bool operator==(const HallParameters&) const = default;
};

// A row of rack positions: slot 0 at (xM, yM) (the row's left end, its centre line), slots every
// rack width along +x. Racks' fronts face the cold aisle: north (-y) or south (+y).
struct FloorRow {
    QString name;
    double xM = 0;
    double yM = 0;
    int slots = 0; // the row's length in rack positions
    bool facesNorth = false;
    bool operator==(const FloorRow&) const = default;
};

struct RackPlace {
    int row = -1;
    int slot = -1;
    bool operator==(const RackPlace&) const = default;
};

// The floor plan of a design: the hall, its rows, and the row and slot of every rack. Held in the
// design's properties under "floor"; files keep it in their own tables (the .podwright file) or
// beside the properties (JSON), since the properties are bounded (docs/file-format.md). Checked on
// load like the rest of a file:
// fromJson refuses out-of-range figures, places of groups that are not racks and two racks in one
// slot with a message. The place of a rack the design no longer has (ungrouped since) is dropped
// in a live design (MissingRacks::Drop) and refused in a file (MissingRacks::Refuse: both formats'
// loaders); savers write storedJson(), which has no such place.
class FloorLayout {
public:
    HallParameters hall;
    std::vector<FloorRow> rows;
    std::unordered_map<quint32, RackPlace> racks; // by rack group id

    static constexpr int kMaxRows = 100'000;
    static constexpr int kMaxSlotsPerRow = 10'000;
    static constexpr double kMaxHallM = 100'000; // 100 km: positions beyond are damage, not a hall
    static constexpr const char* kKey = "floor";

    // The design's floor plan, or nothing when it has none (a hand-made design, an old file).
    [[nodiscard]] static std::optional<FloorLayout> of(const Design& design);
    // Parses and checks a floor object against the design's racks; nothing and `error` set when
    // it is damaged.
    enum class MissingRacks { Drop, Refuse };
    [[nodiscard]] static std::optional<FloorLayout> fromJson(
        const QJsonObject& json, const Design& design, QString* error, MissingRacks missing = MissingRacks::Drop);
    // The floor plan as files store it: the places of racks the design no longer has left out.
    // Undefined when the design has no floor plan.
    [[nodiscard]] static QJsonValue storedJson(const Design& design);
    [[nodiscard]] QJsonObject toJson() const;
    // The design's properties with this floor plan in them.
    [[nodiscard]] QJsonObject storedIn(const QJsonObject& properties) const;
    // Why this floor plan does not fit the design (unknown rack, slot out of its row, two racks in
    // one slot, a figure out of range), or nothing.
    [[nodiscard]] std::optional<QString> whyInvalid(const Design& design) const;

    [[nodiscard]] const RackPlace* place(GroupId rack) const;
    // Centre of the rack's footprint in hall metres; nothing when the rack is not on the floor.
    [[nodiscard]] std::optional<QPointF> rackCentre(GroupId rack) const;
    // The rack standing in a slot, or an invalid id.
    [[nodiscard]] GroupId rackAt(int row, int slot) const;
    // Hall extent in metres (the rows' footprints), for views.
    [[nodiscard]] QRectF extent() const;

    bool operator==(const FloorLayout&) const = default;
};

} // namespace pw
