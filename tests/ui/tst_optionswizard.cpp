// File > New from reference design, "Weigh options" (issue 26 section 3): the wizard weighs the
// design options off the GUI thread, shows them side by side with a tier picture each, and the
// option the architect picks is what Build generates, with the options it was weighed against
// recorded for the proposal.
#include "helpers/combopick.h"
#include "helpers/uitest.h"
#include "helpers/waituntil.h"

#include "dialogs/referencedesigndialog.h"

#include "analysis/optionsconsidered.h"
#include "generate/fabricgenerator.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

using namespace pw;
using namespace pw::ui;
using pw::testing::pick;

class TestOptionsWizard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pickTheSecondOption()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("nodes"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(4);
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("1:1"));
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");

        auto* weigh = dlg.findChild<QPushButton*>(QStringLiteral("weighOptions"));
        auto* table = dlg.findChild<QTableWidget*>(QStringLiteral("optionsTable"));
        QVERIFY(weigh && table);
        QSignalSpy ready(&dlg, &ReferenceDesignDialog::optionsReady);
        QTest::mouseClick(weigh, Qt::LeftButton);
        QVERIFY(dlg.optionsPending() || ready.count() == 1); // weighed on a worker thread
        QVERIFY(ready.count() == 1 || ready.wait(120000));
        QVERIFY2(dlg.designOptions().size() >= 3,
            qPrintable(dlg.findChild<QLabel*>(QStringLiteral("optionsStatus"))->text()));
        // Side by side: one row per option, its picture and its figures.
        QCOMPARE(table->rowCount(), static_cast<int>(dlg.designOptions().size()));
        QVERIFY(table->isVisible());
        for (int row = 0; row < table->rowCount(); ++row) {
            const auto picture = table->item(row, 0)->data(Qt::DecorationRole).value<QPixmap>();
            QVERIFY(!picture.isNull());
            QVERIFY(table->item(row, 1)->text().startsWith(dlg.designOptions()[size_t(row)].name));
        }

        // The architect picks the second option: the dials become its arguments.
        const DesignOption second = dlg.designOptions()[1];
        QSignalSpy previewed(&dlg, &ReferenceDesignDialog::previewUpdated);
        table->selectRow(1);
        QVERIFY(dlg.pickedOption());
        QCOMPARE(dlg.pickedOption()->name, second.name);
        QCOMPARE(dlg.findChild<QComboBox*>(QStringLiteral("switchSku"))->currentData().toString(),
            second.arguments.switchSku);
        QCOMPARE(dlg.findChild<QComboBox*>(QStringLiteral("topology"))->currentData().toInt(),
            int(second.arguments.topology));
        const GeneratorOptions dials = dlg.options();
        QCOMPARE(dials.oversubscription.toString(), second.arguments.oversubscription.toString());
        QCOMPARE(dials.suSize, second.arguments.suSize);
        QCOMPARE(dials.planes, second.arguments.planes);
        // The preview of the picked option is built on the worker; its figures are the option's.
        QVERIFY(previewed.count() == 1 || previewed.wait(120000));
        QVERIFY(!dlg.previewPending());
        QVERIFY(dlg.previewFigures());
        QCOMPARE(dlg.previewFigures()->capex.mid, second.capex.mid);

        // Build: the design is what its arguments generate.
        dlg.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        const std::optional<Design> built = dlg.takeDesign();
        QVERIFY(built);
        const GenerateResult expected = FabricGenerator::generate(second.arguments, testing::testCatalog());
        QVERIFY(expected.ok());
        QCOMPARE(built->nodes().size(), expected.design->nodes().size());
        QCOMPARE(built->links().size(), expected.design->links().size());
        const GeneratorPreview got = GeneratorPreview::of(*built);
        QCOMPARE(got.leaves, second.leaves);
        QCOMPARE(got.spines, second.spines);
        QCOMPARE(got.cores, second.cores);
        QCOMPARE(got.racks, second.racks);
        QCOMPARE(got.switches, second.switches);
        // And it records what was weighed and that the architect picked it.
        const auto record = OptionsConsidered::ofProperties(built->properties());
        QVERIFY(record);
        QCOMPARE(record->chosen, second.name);
        QCOMPARE(record->options.size(), dlg.designOptions().size());
        QVERIFY(record->why.contains(second.name));
    }

    // Another size makes the options stale: they are cleared, and nothing picked is recorded.
    void changingTheSizeClearsTheOptions()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("nodes"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(4);
        QSignalSpy ready(&dlg, &ReferenceDesignDialog::optionsReady);
        dlg.weighOptions();
        QVERIFY(ready.count() == 1 || ready.wait(120000));
        QVERIFY(!dlg.designOptions().empty());
        dlg.pickOption(0);
        QVERIFY(dlg.pickedOption());
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(8);
        QVERIFY(dlg.designOptions().empty());
        QVERIFY(!dlg.pickedOption());
        QCOMPARE(dlg.options().suSize, 0);
    }
};

QTEST_MAIN(TestOptionsWizard)
#include "tst_optionswizard.moc"
