#pragma once

#include "generate/regenerate.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace pw::ui {

// Edit > Change Design Dials: the dials of the current generated design (servers,
// oversubscription, storage tier, cluster type, keep every server) seeded from the design. The
// window turns the result into one undoable step (Regenerate + ReplaceDesignCommand).
class DesignDialsDialog : public QDialog {
    Q_OBJECT
public:
    DesignDialsDialog(const DesignDials& current, QWidget* parent = nullptr);
    [[nodiscard]] DesignDials dials() const;

private:
    DesignDials mCurrent;
    QSpinBox* mNodes;
    QComboBox* mOversubscription;
    QComboBox* mStorageTier;
    QComboBox* mClusterType;
    QCheckBox* mKeepEveryNode;
};

} // namespace pw::ui
