#include "prompts.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>
#include <QPushButton>

namespace pw::ui {

std::unique_ptr<QMessageBox> Prompts::unsavedChangesBox(QWidget* parent, const QString& name)
{
    auto box = std::make_unique<QMessageBox>(QMessageBox::Warning, QObject::tr("Unsaved changes"),
        QObject::tr("%1 has unsaved changes. Save them?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box->setObjectName(QStringLiteral("unsavedChangesBox"));
    // The platform's texts have no mnemonic for Save and Discard ("Discard", not "&Discard").
    box->button(QMessageBox::Save)->setText(QObject::tr("&Save"));
    box->button(QMessageBox::Discard)->setText(QObject::tr("&Discard"));
    box->setDefaultButton(QMessageBox::Save);
    box->setEscapeButton(QMessageBox::Cancel);
    return box;
}

QMessageBox::StandardButton Prompts::answerOf(const QMessageBox& box)
{
    const QMessageBox::StandardButton answer = box.standardButton(box.clickedButton());
    return answer == QMessageBox::NoButton ? QMessageBox::Cancel : answer;
}

QString Prompts::recoveryQuestion(const QString& file, const QDateTime& savedAt)
{
    const QLocale english(QLocale::English, QLocale::UnitedKingdom);
    const QString when = english.toString(savedAt, QStringLiteral("d MMMM 'at' HH:mm"));
    if (file.isEmpty())
        return QObject::tr("Podwright found an autosave of your unsaved design, saved on %1.\n"
                           "Podwright may have stopped before you saved it. Recover it?")
            .arg(when);
    return QObject::tr("Podwright found an autosave of %1, saved on %2, newer than the file.\n"
                       "Podwright may have stopped before you saved. Recover it?")
        .arg(QFileInfo(file).fileName(), when);
}

} // namespace pw::ui
