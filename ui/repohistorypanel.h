#pragma once

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace pw::ui {

class RepoSession;

// The History dock of a design in the team repository: one row per revision, newest first
// (revision, author, time, message), the document's own revision in bold; Open Revision (or a
// double-click) opens the picked one through the RepoSession, asking about unsaved changes first;
// Compare asks for the what-if view of the open design against the picked revision.
// Refreshes when the document's origin changes and on Refresh; a connection failure is shown in
// the panel, never thrown.
class RepoHistoryPanel : public QWidget {
    Q_OBJECT
public:
    explicit RepoHistoryPanel(RepoSession* session, QWidget* parent = nullptr);

    void refresh();
    [[nodiscard]] QTreeWidget* list() const { return mList; }
    // Opens the revision of the current row; returns whether it opened.
    bool openSelected();
    // Asks for the comparison of the open design with the revision of the current row.
    bool compareSelected();

Q_SIGNALS:
    void compareRequested(const QString& address, const QString& design, int revision);

protected:
    void showEvent(QShowEvent* event) override;

private:
    RepoSession* mSession;
    bool mStale = true; // the origin changed while the panel was hidden: refresh when shown
    QLabel* mStatus;
    QTreeWidget* mList;
};

} // namespace pw::ui
