#pragma once

#include "failures/placementcheck.h"

#include <QObject>
#include <QString>

#include <vector>

namespace pw::ui {

class DesignDocument;

// Warns the moment an edit makes the placement concentrate a failure domain (issue 26 section 2):
// a switch moved in the Racks dock or the inspector, a rack moved on the floor, any command, undo or
// redo. After each it runs core's structural check over racks and rows
// (PlacementCheck::ofRacksAndRows: for racks the PLACEMENT-FAILURE-DOMAIN rule's own; one pass over
// nodes and links each, not FailureDomains' max-flow) and warns of the concentrations the design
// did not have when it was opened or replaced (PlacementCheck::introduced), with their blast
// radius. Undoing the edit takes the warning away; what a design came with is the Findings panel's
// to list. View state: never part of the design.
class PlacementWarning : public QObject {
    Q_OBJECT
public:
    explicit PlacementWarning(DesignDocument* document, QObject* parent = nullptr);

    [[nodiscard]] const std::vector<PlacementConcentration>& concentrations() const { return mWarned; }
    // One line per concentration, the finding's own message; empty when there is none.
    [[nodiscard]] QString text() const;

Q_SIGNALS:
    // The warning's text changed (a concentration came or went).
    void changed();

private:
    void check();

    DesignDocument* mDocument;
    std::vector<PlacementConcentration> mBaseline; // as the design was opened or replaced
    std::vector<PlacementConcentration> mWarned;
    bool mRebase = true;
};

} // namespace pw::ui
