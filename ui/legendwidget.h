#pragma once

#include <QWidget>

namespace pw::ui {

// The colour key of the links, pinned to the canvas's bottom-left corner (a child of the viewport,
// so scrolling never smears it).
class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace pw::ui
