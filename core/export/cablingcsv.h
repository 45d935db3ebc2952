#pragma once

#include "export/exportnames.h"
#include "util/strongid.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace pw {

class Design;
struct Link;
struct PortRef;

// The cabling plan a data-centre technician builds from: one CSV row per link, with both ends
// (device, port, rack, U), the cable or optic type, length and the label of its cable. A cable's
// label is unique; both links of a twin-port cable (SharedCables) print the same one, so the
// installer pulls one cable for the two rows. RFC 4180, UTF-8, CRLF. Rows follow link ids, so the
// same design always gives the same file and labels.
class CablingCsv {
public:
    [[nodiscard]] static QStringList header();
    [[nodiscard]] static QByteArray write(const Design& design);
    // The file and the device names made unique (control characters removed, ExportNames).
    [[nodiscard]] static ExportResult exportOf(const Design& design);

    // What a technician pulls from the shelf for this link: "DAC", "ACC", "AOC", "fiber + optics",
    // "copper (RJ45)" ... or "unspecified" when the design has not chosen a cable yet.
    [[nodiscard]] static QString cableType(const Design& design, const Link& link);
    // The label printed on both ends of the cable: C-00001, numbered by the row of the first link it
    // carries.
    [[nodiscard]] static QString label(int row, int rows);
    // The labels the plan prints for these links (a verification's differences), by link.
    [[nodiscard]] static std::map<LinkId, QString> labelsOf(const Design& design, const std::vector<LinkId>& links);
    // Rack name and U of a link end (empty when the node is not racked).
    [[nodiscard]] static QString rackOf(const Design& design, const PortRef& port);
    [[nodiscard]] static QString unitOf(const Design& design, const PortRef& port);
};

} // namespace pw
