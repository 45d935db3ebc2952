#pragma once

#include "analysis/verificationreport.h"

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QTreeWidget;

namespace pw::ui {

class CanvasScene;
class CanvasView;
class DesignDocument;
class VerificationOverlayItem;

// File > Verify Against Discovery… (issue 27): runs the core verification of a discovery file
// (ibnetdiscover) against the open design off the GUI thread, keeps the result with the design
// (VerificationReport in the design properties: the design is then modified, and saved with it),
// draws the differences on the canvas (VerificationOverlayItem, with their key in the legend) and
// lists them here; a row selects its link (or its devices) on the canvas and centres it.
//
// Clear hides the overlay and the list (view state: the stored verification stays, and the
// acceptance report can still be written). Opening a design shows the verification it keeps.
// An edit that changes the designed subnet makes the stored verification stale: it is dropped,
// and the panel says to verify again.
class VerificationPanel : public QWidget {
    Q_OBJECT
public:
    VerificationPanel(DesignDocument* document, CanvasScene* scene, CanvasView* view, QWidget* parent = nullptr);

    // Verifies the discovery file against the design's compute InfiniBand fabric (or its only
    // one). Throws pw::Error when the file cannot be read or is not ibnetdiscover output, or the
    // design has no InfiniBand fabric.
    void verify(const QString& discoveryFile, bool ignoreSpeed);
    // Hides the overlay and empties the list (the stored verification stays).
    void clear();
    // Writes the acceptance report of the verification shown (or stored). Throws pw::Error.
    void exportAcceptanceReport(const QString& pdfPath) const;
    // Selects difference `row` on the canvas and centres the view on it.
    void showDifference(int row);

    [[nodiscard]] const std::optional<VerificationReport>& report() const;
    [[nodiscard]] VerificationOverlayItem* overlay() const { return mOverlay; }
    [[nodiscard]] QTreeWidget* list() const { return mList; }
    [[nodiscard]] QLabel* headline() const { return mHeadline; }
    // Tool buttons over the list for these actions (the window's Verify, Clear, Acceptance Report).
    void addButtons(const QList<QAction*>& actions);

Q_SIGNALS:
    // A verification is shown (run, or restored from the design), or none is.
    void shownChanged(bool shown);

private:
    void show(std::optional<VerificationReport> report);
    void restoreFromDesign();
    void dropIfStale();

    DesignDocument* mDocument;
    CanvasScene* mScene;
    CanvasView* mView;
    VerificationOverlayItem* mOverlay;
    QLabel* mHeadline;
    QTreeWidget* mList;
    QWidget* mButtons;
};

} // namespace pw::ui
