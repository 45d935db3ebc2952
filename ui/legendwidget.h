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
    // Adds the verification's kinds (missing, miscabled, unexpected, degraded) while its overlay
    // shows; the legend keeps its bottom edge where it is.
    void setVerificationKey(bool shown);
    [[nodiscard]] bool showsVerificationKey() const { return mVerification; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool mVerification = false;
};

} // namespace pw::ui
