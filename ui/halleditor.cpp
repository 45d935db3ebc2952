#include "halleditor.h"

#include "designdocument.h"
#include "floorview.h"

#include "commands/editfloorcommand.h"
#include "model/design.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace pw::ui {

namespace {

QDoubleSpinBox* metres(const QString& name, double minimum, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setRange(minimum, 20); // the bounds a file is checked with (FloorLayout::fromJson)
    box->setDecimals(2);
    box->setSingleStep(0.1);
    box->setSuffix(QStringLiteral(" m"));
    box->setKeyboardTracking(false);
    return box;
}

} // namespace

HallEditor::HallEditor(DesignDocument* document, FloorView* view, QWidget* parent)
    : QWidget(parent),
      mDocument(document),
      mView(view),
      mColdAisle(metres(QStringLiteral("coldAisle"), 0.3, this)),
      mHotAisle(metres(QStringLiteral("hotAisle"), 0.3, this)),
      mTray(metres(QStringLiteral("trayHeight"), 0, this)),
      mSlack(metres(QStringLiteral("slackPerEnd"), 0, this)),
      mRowLength(new QSpinBox(this))
{
    setObjectName(QStringLiteral("hallEditor"));
    mRowLength->setObjectName(QStringLiteral("rowLength"));
    mRowLength->setRange(1, FloorLayout::kMaxSlotsPerRow);
    mRowLength->setSuffix(tr(" positions"));
    mRowLength->setKeyboardTracking(false);
    mColdAisle->setToolTip(tr("Width of the aisle between two rows' fronts; the rows are re-spaced"));
    mHotAisle->setToolTip(tr("Width of the aisle between two rows' backs; the rows are re-spaced"));
    mTray->setToolTip(tr("Height of the overhead cable tray above the racks' tops"));
    mSlack->setToolTip(tr("Service loop left at each end of a cable between racks"));
    mRowLength->setToolTip(tr("Rack positions in the selected rack's row"));

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    auto* aisles = new QHBoxLayout;
    aisles->addWidget(mColdAisle);
    aisles->addWidget(new QLabel(tr("hot"), this));
    aisles->addWidget(mHotAisle);
    form->addRow(tr("Cold aisle"), aisles);
    auto* cables = new QHBoxLayout;
    cables->addWidget(mTray);
    cables->addWidget(new QLabel(tr("slack per end"), this));
    cables->addWidget(mSlack);
    form->addRow(tr("Tray above racks"), cables);
    form->addRow(tr("Selected row"), mRowLength);
    setLayout(form);

    for (QDoubleSpinBox* box : {mColdAisle, mHotAisle, mTray, mSlack})
        connect(box, &QDoubleSpinBox::editingFinished, this, &HallEditor::applyHall);
    connect(mRowLength, &QSpinBox::editingFinished, this, &HallEditor::applyRowLength);
    connect(mDocument, &DesignDocument::changed, this, &HallEditor::refresh);
    connect(mView, &FloorView::selectedRackChanged, this, &HallEditor::refresh);
    refresh();
}

void HallEditor::refresh()
{
    const std::optional<FloorLayout>& floor = mView->floor();
    setEnabled(floor.has_value());
    if (!floor)
        return;
    const QSignalBlocker a(mColdAisle), b(mHotAisle), c(mTray), d(mSlack), e(mRowLength);
    mColdAisle->setValue(floor->hall.coldAisleM);
    mHotAisle->setValue(floor->hall.hotAisleM);
    mTray->setValue(floor->hall.trayAboveRackM);
    mSlack->setValue(floor->hall.slackPerEndM);
    const RackPlace* place = floor->place(mView->selectedRack());
    mRowLength->setEnabled(place != nullptr);
    if (place)
        mRowLength->setValue(floor->rows[static_cast<size_t>(place->row)].slots);
}

void HallEditor::applyHall()
{
    const std::optional<FloorLayout>& floor = mView->floor();
    if (!floor)
        return;
    HallParameters hall = floor->hall;
    hall.coldAisleM = mColdAisle->value();
    hall.hotAisleM = mHotAisle->value();
    hall.trayAboveRackM = mTray->value();
    hall.slackPerEndM = mSlack->value();
    if (hall == floor->hall)
        return;
    QString why;
    const std::optional<FloorLayout> after = EditFloorCommand::withHall(*floor, hall, &why);
    if (!after) {
        Q_EMIT mDocument->commandRefused(why);
        refresh();
        return;
    }
    if (!mDocument->execute(std::make_unique<EditFloorCommand>(tr("Edit hall"), *after, mDocument->catalog())).ok)
        refresh();
}

void HallEditor::applyRowLength()
{
    const std::optional<FloorLayout>& floor = mView->floor();
    const RackPlace* place = floor ? floor->place(mView->selectedRack()) : nullptr;
    if (!place || floor->rows[static_cast<size_t>(place->row)].slots == mRowLength->value())
        return;
    QString why;
    const std::optional<FloorLayout> after
        = EditFloorCommand::withRowLength(*floor, place->row, mRowLength->value(), &why);
    if (!after) {
        Q_EMIT mDocument->commandRefused(why);
        refresh();
        return;
    }
    const QString row = floor->rows[static_cast<size_t>(place->row)].name;
    if (!mDocument
             ->execute(std::make_unique<EditFloorCommand>(tr("Resize row %1").arg(row), *after, mDocument->catalog()))
             .ok)
        refresh();
}

} // namespace pw::ui
