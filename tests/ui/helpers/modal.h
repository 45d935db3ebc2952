#pragma once

// Driving modal dialogs from a test: act on a dialog once it is up, press its OK button.

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>

namespace pw::testing {

// Runs `act` once a modal dialog of type T is up (polling, so it works for nested dialogs). The
// polling timer belongs to `owner` (the test object).
template <typename T, typename F>
void whenModal(QObject* owner, F act)
{
    auto* timer = new QTimer(owner);
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, owner, [timer, act]() mutable {
        if (auto* dlg = qobject_cast<T*>(QApplication::activeModalWidget())) {
            timer->stop();
            timer->deleteLater();
            act(dlg);
        }
    });
    timer->start();
}

inline QPushButton* okButton(QDialog* dlg)
{
    return dlg->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
}

// Types `path` into a file dialog as a user would and returns the files the dialog will hand
// back on accept. QFileDialog::selectFile leaves the name field alone while it has the focus (the
// user may be typing), which it has once the dialog's window is active, and that activation
// arrives as an event, earlier or later under load: the focus is cleared first, and the field is
// filled with the whole path whenever the dialog did not take it.
inline QStringList chooseFile(QFileDialog* dlg, const QString& path)
{
    if (QWidget* focused = dlg->focusWidget())
        focused->clearFocus();
    dlg->selectFile(path);
    if (dlg->selectedFiles() != QStringList{path})
        dlg->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(path);
    return dlg->selectedFiles();
}

} // namespace pw::testing
