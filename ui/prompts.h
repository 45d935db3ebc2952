#pragma once

#include <QMessageBox>
#include <QString>

#include <memory>

class QDateTime;
class QWidget;

namespace pw::ui {

// The studio's questions to the user, worded once. Every answer has a mnemonic (Alt+S saves,
// Alt+D discards, Esc cancels), as keyboard users expect of every prompt.
class Prompts {
public:
    // "<name> has unsaved changes. Save them?" with Save, Discard and Cancel; the caller shows it
    // and reads the answer with answerOf().
    [[nodiscard]] static std::unique_ptr<QMessageBox> unsavedChangesBox(QWidget* parent, const QString& name);
    [[nodiscard]] static QMessageBox::StandardButton answerOf(const QMessageBox& box);
    // The recovery question: "your unsaved design" when the design has no file (a sidecar's full
    // path means nothing to the user), the file's name otherwise, and when the autosave was written.
    [[nodiscard]] static QString recoveryQuestion(const QString& file, const QDateTime& savedAt);
};

} // namespace pw::ui
