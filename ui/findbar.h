#pragma once

#include "util/strongid.h"

#include <QFrame>

#include <vector>

class QLabel;
class QLineEdit;
class QToolButton;

namespace pw::ui {

class CanvasView;

// Find on the canvas (Ctrl+F): a small bar over the canvas's top-right corner. Typing finds the
// nodes whose name, SKU, model or rack contains the text; the first match is selected and centred
// (opening its pod, unit or tier); Enter or F3 goes to the next, Shift+Enter or Shift+F3 to the
// previous, Escape closes the bar. Finding changes only the view, never the design.
class FindBar : public QFrame {
    Q_OBJECT
public:
    explicit FindBar(CanvasView* view);

    // Shows the bar and puts the cursor in it, the text selected.
    void activate();
    void setText(const QString& text);
    void next();
    void previous();
    [[nodiscard]] const std::vector<NodeId>& matches() const { return mMatches; }
    [[nodiscard]] int current() const { return mCurrent; } // -1 when nothing matches
    [[nodiscard]] QString status() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void search();
    void go(int index);

    CanvasView* mView;
    QLineEdit* mEdit;
    QLabel* mStatus;
    QToolButton* mPrevious;
    QToolButton* mNext;
    std::vector<NodeId> mMatches;
    int mCurrent = -1;
};

} // namespace pw::ui
