// Issue 30: a node's label shortens by rule, never inside a word. The canvas shows the longest form
// that fits its box ("lea…1-1" and "dg…01" were the old middle elisions).
#include "presentation/nodelabel.h"

#include <QtTest>

using namespace pw;

class TestNodeLabel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesShortenByRule_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("sku");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QStringList>("forms");
        // A rail leaf of SU 1, rail 1: the counters lose their letters and zeros.
        QTest::newRow("rail leaf") << QStringLiteral("leaf-su01-r1") << QStringLiteral("qm9700")
                                   << QStringLiteral("Quantum-2 QM9700")
                                   << QStringList{QStringLiteral("leaf-su01-r1"), QStringLiteral("leaf 1-1")};
        // A generated server: its SKU reads as the model's first word, the number keeps two digits.
        QTest::newRow("generated server")
            << QStringLiteral("dgx-h100-00017") << QStringLiteral("dgx-h100") << QStringLiteral("DGX H100")
            << QStringList{QStringLiteral("dgx-h100-00017"), QStringLiteral("DGX 17"), QStringLiteral("17")};
        QTest::newRow("GB300 tray") << QStringLiteral("dgx-gb300-nvl72-0001") << QStringLiteral("dgx-gb300-nvl72")
                                    << QStringLiteral("DGX GB300 NVL72")
                                    << QStringList{QStringLiteral("dgx-gb300-nvl72-0001"), QStringLiteral("DGX 01"),
                                           QStringLiteral("01")};
        // The sample's hand-named server: its word is spelled as the model spells it.
        QTest::newRow("sample server") << QStringLiteral("dgx-01") << QStringLiteral("dgx-h100")
                                       << QStringLiteral("DGX H100") << QStringList{QStringLiteral("dgx-01")};
        // A PDU named after its rack: the rack's counters go before its own feed.
        QTest::newRow("pdu") << QStringLiteral("U001-01-pdu-A1") << QStringLiteral("pdu-3ph-60kw")
                             << QStringLiteral("3-phase intelligent rack PDU, 60 kW class")
                             << QStringList{QStringLiteral("U001-01-pdu-A1"), QStringLiteral("pdu A1")};
        QTest::newRow("oob leaf") << QStringLiteral("oob-leaf-001") << QStringLiteral("sn2201")
                                  << QStringLiteral("SN2201")
                                  << QStringList{QStringLiteral("oob-leaf-001"), QStringLiteral("oob leaf 01"),
                                         QStringLiteral("oob 01")};
        // The sample's service switches keep the word that tells them apart.
        QTest::newRow("sample switch") << QStringLiteral("storage-sw-01") << QStringLiteral("sn4600c")
                                       << QStringLiteral("Spectrum-3 SN4600C")
                                       << QStringList{QStringLiteral("storage-sw-01"), QStringLiteral("storage 01")};
        QTest::newRow("no number") << QStringLiteral("ufm") << QStringLiteral("ufm-appliance")
                                   << QStringLiteral("UFM Enterprise") << QStringList{QStringLiteral("ufm")};
    }
    void namesShortenByRule()
    {
        QFETCH(QString, name);
        QFETCH(QString, sku);
        QFETCH(QString, model);
        QFETCH(QStringList, forms);
        QCOMPARE(NodeLabel::nameForms(name, sku, model), forms);
    }

    // The longest form that fits wins; with one unit per character, "dgx-h100-00017" (14) needs 14,
    // "DGX 17" 6 and "17" 2: a box of 10 shows "DGX 17", one of 1 shows nothing.
    void longestFittingFormIsShown()
    {
        const QStringList forms = NodeLabel::nameForms(
            QStringLiteral("dgx-h100-00017"), QStringLiteral("dgx-h100"), QStringLiteral("DGX H100"));
        const auto chars = [](const QString& s) { return double(s.size()); };
        QCOMPARE(NodeLabel::longestFitting(forms, 14, chars), QStringLiteral("dgx-h100-00017"));
        QCOMPARE(NodeLabel::longestFitting(forms, 10, chars), QStringLiteral("DGX 17"));
        QCOMPARE(NodeLabel::longestFitting(forms, 5, chars), QStringLiteral("17"));
        QCOMPARE(NodeLabel::longestFitting(forms, 1, chars), QString());
        QCOMPARE(NodeLabel::modelForms(QStringLiteral("DGX H100"), 8),
            (QStringList{QStringLiteral("DGX H100 · 8 GPU"), QStringLiteral("DGX H100"), QStringLiteral("H100")}));
        QCOMPARE(NodeLabel::modelForms(QStringLiteral("Quantum-2 QM9700 (NDR, managed)"), 0),
            (QStringList{QStringLiteral("Quantum-2 QM9700 (NDR, managed)"), QStringLiteral("Quantum-2 QM9700"),
                QStringLiteral("QM9700")}));
        // The PDU says it is one even in a narrow box.
        QCOMPARE(NodeLabel::modelForms(QStringLiteral("3-phase intelligent rack PDU, 60 kW class"), 0),
            (QStringList{QStringLiteral("3-phase intelligent rack PDU, 60 kW class"),
                QStringLiteral("3-phase intelligent rack PDU"), QStringLiteral("PDU")}));
        QCOMPARE(NodeLabel::modelForms(QStringLiteral("SN2201"), 0), QStringList{QStringLiteral("SN2201")});
    }
};

QTEST_GUILESS_MAIN(TestNodeLabel)
#include "tst_nodelabel.moc"
