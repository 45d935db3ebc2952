#pragma once

// Driving modal dialogs from a test: act on a dialog once it is up, press its OK button.

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
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

} // namespace pw::testing
