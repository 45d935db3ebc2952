// A rack slot's label (issue 30): the first of name and model, name and SKU, name alone that fits,
// the rule the studio's Racks dock and the proposal's elevations share.
#include "presentation/slotlabel.h"

#include <QtTest>

using namespace pw;

class TestSlotLabel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void candidatesInOrder()
    {
        QCOMPARE(SlotLabel::candidates(
                     QStringLiteral("qm8700-01"), QStringLiteral("NVIDIA Quantum QM8700"), QStringLiteral("qm8700")),
            (QStringList{QStringLiteral("qm8700-01 \u00b7 NVIDIA Quantum QM8700"),
                QStringLiteral("qm8700-01 \u00b7 qm8700"), QStringLiteral("qm8700-01")}));
        // No model: the SKU is all there is; a SKU equal to the model is not said twice.
        QCOMPARE(SlotLabel::candidates(QStringLiteral("x-01"), QString(), QStringLiteral("x")),
            (QStringList{QStringLiteral("x-01 \u00b7 x"), QStringLiteral("x-01")}));
        QCOMPARE(SlotLabel::candidates(QStringLiteral("x-01"), QStringLiteral("x"), QStringLiteral("x")),
            (QStringList{QStringLiteral("x-01 \u00b7 x"), QStringLiteral("x-01")}));
    }

    // "Fits" as a width in characters: 30 takes the model, 20 the SKU, 10 the name, 5 still the name
    // (the caller elides it).
    void firstThatFits()
    {
        const QStringList c = SlotLabel::candidates(
            QStringLiteral("qm8700-01"), QStringLiteral("NVIDIA Quantum QM8700"), QStringLiteral("qm8700"));
        auto within = [](int chars) { return [chars](const QString& t) { return t.size() <= chars; }; };
        QCOMPARE(SlotLabel::choose(c, within(40)), c.at(0));
        QCOMPARE(SlotLabel::choose(c, within(20)), QStringLiteral("qm8700-01 \u00b7 qm8700"));
        QCOMPARE(SlotLabel::choose(c, within(10)), QStringLiteral("qm8700-01"));
        QCOMPARE(SlotLabel::choose(c, within(5)), QStringLiteral("qm8700-01"));
    }
};

QTEST_GUILESS_MAIN(TestSlotLabel)
#include "tst_slotlabel.moc"
