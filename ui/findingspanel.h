#pragma once

#include "validate/finding.h"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace pw::ui {

class CanvasScene;
class CanvasView;
class DesignAnalysis;
class DesignDocument;

// The Findings dock: the design rules' latest findings (from DesignAnalysis, so nothing validates
// twice) as a table of severity, code and message; waived findings stay listed, shown as waived
// with their reason. Clicking a row selects the finding's entities on the canvas and centres them.
// Waive… and Unwaive push a SetDesignPropertiesCommand (one undo step each). The reason prompt is
// injectable so tests answer it without a modal dialog.
class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    struct WaiveAnswer {
        QString reason;
        QString author;
    };
    using WaivePrompt = std::function<std::optional<WaiveAnswer>(const Finding& finding)>;

    enum Column { SeverityColumn, CodeColumn, MessageColumn, StatusColumn, ColumnCount };

    FindingsPanel(DesignDocument* document, DesignAnalysis* analysis, CanvasScene* scene, CanvasView* view,
        QWidget* parent = nullptr);

    void setWaivePrompt(WaivePrompt prompt) { mWaivePrompt = std::move(prompt); }
    [[nodiscard]] QTableWidget* table() const { return mTable; }
    [[nodiscard]] int rowCount() const;
    [[nodiscard]] const Finding* findingAt(int row) const;
    [[nodiscard]] int currentRow() const;
    // Selects and centres the entities of the finding in `row` (what a click does).
    void showRow(int row);
    // Asks for a reason and waives the current finding; false when cancelled or refused.
    bool waiveCurrent();
    bool unwaiveCurrent();
    // The user name a waiver is signed with by default.
    [[nodiscard]] static QString defaultAuthor();

private:
    void refresh();
    void updateButtons();

    DesignDocument* mDocument;
    DesignAnalysis* mAnalysis;
    CanvasScene* mScene;
    CanvasView* mView;
    QTableWidget* mTable;
    QLabel* mSummary;
    QLabel* mExplanation;
    QPushButton* mWaive;
    QPushButton* mUnwaive;
    std::vector<Finding> mShown;
    WaivePrompt mWaivePrompt;
};

} // namespace pw::ui
