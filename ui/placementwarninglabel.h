#pragma once

#include <QLabel>

namespace pw::ui {

class PlacementWarning;

// The placement warning where the move was made (the top of the Racks and Floor docks): the
// concentrations edits brought in, each naming its rack or row and blast radius, on an amber band;
// hidden while there is none.
class PlacementWarningLabel : public QLabel {
    Q_OBJECT
public:
    explicit PlacementWarningLabel(PlacementWarning* warning, QWidget* parent = nullptr);

private:
    void refresh();

    PlacementWarning* mWarning;
};

} // namespace pw::ui
