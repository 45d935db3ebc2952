#pragma once

#include <QDialog>
#include <QString>

#include <optional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTreeWidget;

namespace pw::ui {

// File > Open from Repository…: the repository's address (a PostgreSQL URI, key=value string or
// service name, as the CLI's --repo; passwords come from ~/.pgpass, $PGPASSFILE or $PGPASSWORD),
// Connect lists its designs with their latest revision, picking one lists its revisions; OK opens
// the chosen revision (the latest when none is picked). A connection failure is shown in the
// dialog. Reads the repository itself (core Repository), changes nothing.
class RepoOpenDialog : public QDialog {
    Q_OBJECT
public:
    explicit RepoOpenDialog(const QString& address, QWidget* parent = nullptr);

    [[nodiscard]] QString address() const;
    [[nodiscard]] QString designName() const;
    // The picked revision; nullopt: the latest.
    [[nodiscard]] std::optional<int> revision() const;
    // Lists the designs of the address now (the Connect button); returns whether it connected.
    bool connectToRepository();

private:
    void showRevisions();
    void updateOk();

    QLineEdit* mAddress;
    QTreeWidget* mDesigns;
    QTreeWidget* mRevisions;
    QLabel* mStatus;
    QString mListedAddress;
};

// File > Save to Repository…: the address (fixed when the design came from a repository), the
// design's name there (a new name starts a new design) and the message for the log.
class RepoSaveDialog : public QDialog {
    Q_OBJECT
public:
    RepoSaveDialog(const QString& address, const QString& name, int basedOn, QWidget* parent = nullptr);

    [[nodiscard]] QString address() const;
    [[nodiscard]] QString designName() const;
    [[nodiscard]] QString message() const;

private:
    QLineEdit* mAddress;
    QLineEdit* mName;
    QPlainTextEdit* mMessage;
};

} // namespace pw::ui
