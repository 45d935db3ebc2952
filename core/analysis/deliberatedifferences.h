#pragma once

#include "util/strongid.h"

#include <QString>

#include <vector>

namespace pw {

class Design;

// Where a design departs on purpose from the published reference architecture of its GPU server
// (NVIDIA DGX SuperPOD B300 Spectrum-4 RA-11337, GB200 RA-11338, ...): the server's catalog entry
// lists each deliberate difference ("deliberate_differences": the RA document and section, what
// differs, why, and the check that tells whether a design has it). One reading for the generator's
// notes and the DESIGN-REFERENCE findings, so both say the same and a design edited back to the
// RA's choice loses the finding.
//
// Checks (catalog "check"): "twin-cage-400g" (compute links on the server's twin-port cages, two
// per cage), "compute-switch-other-than" (the compute fabric is built on switches other than the
// entry's "sku", the one the RA names), "rack-pdus" (rack PDUs feed the design's racks),
// "subnet-manager-on-leaf" (a subnet manager takes a compute leaf's port), "subnet-manager-above-leaf"
// (a subnet manager takes a spine's or core's port: the leaves are full), "derived-switch-counts"
// (the design has compute switches whose count the RA does not publish), "storage-fabric-derived"
// (storage-fabric switches of the technology the entry's storage_fabric names: the RA names that
// fabric but not its switch counts),
// "separate-compute-fabric" (compute leaves of their own, on the entry's "technology" if named, in
// a design of at most "servers_at_most" of the entry's servers), "leaves-split-across-racks" (a
// unit's compute leaves stand in two or more racks where the RA's elevation puts them in one
// network rack; the text then carries the measured cable length and parts cost of the server links
// that run to the other rack), "co-packaged-compute-switch" (compute switches with co-packaged
// optics, on the entry's "technology" if named: the RAs' tables count pluggable-port switches).
class DeliberateDifferences {
public:
    struct Difference {
        QString server; // the catalog entry that lists it
        QString document; // the RA with its table or section
        QString differs; // what the design does differently
        QString why;
        std::vector<NodeId> nodes; // the nodes that show it (capped)
    };
    [[nodiscard]] static std::vector<Difference> of(const Design& design);
    // "differs from <document> on purpose: <differs>; why: <why>", for the generator's notes.
    [[nodiscard]] static QString note(const Difference& difference);
};

} // namespace pw
