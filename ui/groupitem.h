#pragma once

#include "model/group.h"
#include "util/strongid.h"

#include <QGraphicsItem>
#include <QStringList>

namespace pw::ui {

class CanvasScene;

// A rack, scalable unit or pod: a box around its members, or, when collapsed, one box standing
// for all of them (its links are bundled onto it). Its position is the box centre.
class GroupItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    GroupItem(CanvasScene* scene, GroupId id);

    [[nodiscard]] GroupId groupId() const { return mId; }
    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Sets the box: the members' scene rectangle, or the collapsed box centred on them.
    void setBox(const QRectF& sceneRect, bool collapsed, int memberCount, int gpuCount, int switchCount = 0);
    [[nodiscard]] bool isCollapsed() const { return mCollapsed; }
    // The title strip (expanded) or the whole box (collapsed): where a double-click toggles it.
    [[nodiscard]] bool hitsHandle(QPointF scenePos) const;
    // The title of an expanded group, in item coordinates. The scene's title layer calls it above
    // the links, which would otherwise cross it.
    // Returns the rectangle the title took on screen (device coordinates), or an empty one.
    QRectF paintTitle(QPainter* painter) const;

private:
    // The summary under the title, longest first: "1,024 GPUs · 192 nodes · 32 switches",
    // "1,024 GPUs · 192 nodes", "1,024 GPUs". A label drops figures to fit, never cuts a word.
    [[nodiscard]] QStringList summaryForms(GroupKind kind) const;

    CanvasScene* mCanvas;
    GroupId mId;
    QRectF mRect; // local, centred on pos()
    bool mCollapsed = false;
    int mMembers = 0;
    int mGpus = 0;
    int mSwitches = 0;
    QStringList mSummary; // summaryForms() as of the last setBox
};

} // namespace pw::ui
