#include "screentext.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QtTest>

using namespace pw::ui;

// Canvas labels (ScreenText) keep their widths and elided texts between frames: what a label
// shows must be what Qt's font metrics give for that font, text and width, on the first draw and
// on every later one, and a label drawn in another width or font is elided for that one.
class TestScreenText : public QObject {
    Q_OBJECT

private:
    // Draws `text` into an area `width` pixels wide (at 1:1) and returns what was shown.
    static std::vector<ScreenText::Drawn> drawIn(double width, const QString& text, bool bold = false)
    {
        QImage image(800, 100, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        std::vector<ScreenText::Drawn> drawn;
        ScreenText::setRecorder(&drawn);
        ScreenText::Style style;
        style.bold = bold;
        style.pixelSize = 13;
        style.backdrop = true; // measures the shown text too
        ScreenText::draw(&painter, QRectF(10, 10, width, 30), text, style);
        ScreenText::setRecorder(nullptr);
        return drawn;
    }

    static QString expected(double width, const QString& text, bool bold = false)
    {
        QFont f;
        f.setBold(bold);
        f.setPixelSize(13);
        return QFontMetricsF(f).elidedText(text, Qt::ElideRight, width - 4);
    }

private Q_SLOTS:
    void repeatedDrawsShowTheSameText()
    {
        const QString text = QStringLiteral("Scalable unit 17 — 32 nodes · 256 GPUs · 8 switches");
        const auto first = drawIn(120, text);
        const auto second = drawIn(120, text);
        QCOMPARE(first.size(), size_t(1));
        QCOMPARE(second.size(), size_t(1));
        QCOMPARE(first.front().text, expected(120, text));
        QVERIFY(first.front().text != text); // elided
        QCOMPARE(second.front().text, first.front().text);
        QCOMPARE(second.front().onScreen, first.front().onScreen);
    }

    void anotherWidthOrFontIsElidedForItself()
    {
        const QString text = QStringLiteral("Pod 3 — 1,024 nodes · 8,192 GPUs · 96 switches");
        const auto narrow = drawIn(150, text);
        const auto wide = drawIn(700, text);
        const auto narrowBold = drawIn(150, text, true);
        QCOMPARE(narrow.front().text, expected(150, text));
        QCOMPARE(wide.front().text, text); // room for all of it
        QCOMPARE(narrowBold.front().text, expected(150, text, true));
        // The backdrop is as wide as what is shown, so a longer text makes a wider plate.
        QVERIFY(wide.front().onScreen.width() > narrow.front().onScreen.width());
    }
};

QTEST_MAIN(TestScreenText)
#include "tst_screentext.moc"
