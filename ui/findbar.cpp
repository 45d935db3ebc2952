#include "findbar.h"

#include "canvasscene.h"
#include "canvasview.h"

#include "model/design.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace pw::ui {

FindBar::FindBar(CanvasView* view)
    : QFrame(view),
      mView(view),
      mEdit(new QLineEdit(this)),
      mStatus(new QLabel(this)),
      mPrevious(new QToolButton(this)),
      mNext(new QToolButton(this))
{
    setObjectName(QStringLiteral("findBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    mEdit->setPlaceholderText(tr("Find a node, SKU or rack"));
    mEdit->setClearButtonEnabled(true);
    mEdit->setMinimumWidth(220);
    mEdit->installEventFilter(this);
    mStatus->setMinimumWidth(90);
    mPrevious->setText(QStringLiteral("▲"));
    mPrevious->setToolTip(tr("Previous match (Shift+Enter, Shift+F3)"));
    mNext->setText(QStringLiteral("▼"));
    mNext->setToolTip(tr("Next match (Enter, F3)"));
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Escape)"));
    layout->addWidget(mEdit);
    layout->addWidget(mStatus);
    layout->addWidget(mPrevious);
    layout->addWidget(mNext);
    layout->addWidget(close);
    connect(mEdit, &QLineEdit::textChanged, this, &FindBar::search);
    connect(mPrevious, &QToolButton::clicked, this, &FindBar::previous);
    connect(mNext, &QToolButton::clicked, this, &FindBar::next);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        mView->setFocus();
    });
    search();
}

void FindBar::activate()
{
    show();
    raise();
    mEdit->setFocus(Qt::ShortcutFocusReason);
    mEdit->selectAll();
}

void FindBar::setText(const QString& text)
{
    mEdit->setText(text);
}

QString FindBar::status() const
{
    return mStatus->text();
}

void FindBar::search()
{
    mMatches = mView->canvasScene()->find(mEdit->text());
    mCurrent = -1;
    if (mMatches.empty()) {
        mStatus->setText(mEdit->text().trimmed().isEmpty() ? QString() : QStringLiteral("no match"));
        mPrevious->setEnabled(false);
        mNext->setEnabled(false);
        return;
    }
    mPrevious->setEnabled(true);
    mNext->setEnabled(true);
    go(0);
}

void FindBar::go(int index)
{
    if (mMatches.empty())
        return;
    const int n = int(mMatches.size());
    mCurrent = ((index % n) + n) % n; // wraps both ways
    const NodeId id = mMatches[size_t(mCurrent)];
    if (!mView->canvasScene()->design().node(id)) {
        search(); // the design changed under the matches
        return;
    }
    mView->showNode(id);
    mStatus->setText(tr("%L1 of %L2").arg(mCurrent + 1).arg(n));
}

void FindBar::next()
{
    go(mCurrent + 1);
}

void FindBar::previous()
{
    go(mCurrent - 1);
}

bool FindBar::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == mEdit && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const bool shift = key->modifiers() & Qt::ShiftModifier;
        switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_F3:
            shift ? previous() : next();
            return true;
        case Qt::Key_Escape:
            hide();
            mView->setFocus();
            return true;
        default:
            break;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace pw::ui
