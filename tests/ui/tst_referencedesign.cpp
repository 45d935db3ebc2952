// File > New from reference design and New from workload: the preview shows the generator's
// counts for the dials, bad dials show its error and disable Build, Build opens the generated
// design untitled and unsaved with no undo step, and a workload sizing seeds the generator dialog.
#include "helpers/combopick.h"
#include "helpers/modal.h"
#include "helpers/waituntil.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/workloaddialog.h"

#include "cost/powerfigures.h"
#include "facility/powerchain.h"
#include "generate/fabricgenerator.h"
#include "model/design.h"
#include "model/designsummary.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;
using pw::testing::pick;

class TestReferenceDesign : public QObject {
    Q_OBJECT

    static void setDials(ReferenceDesignDialog& dlg, int gpus)
    {
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("gpus"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(gpus);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::RailOptimized));
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("1:1"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("storageSku")), QStringLiteral("weka-pod"));
    }

    static GeneratorOptions sameDials(int gpus)
    {
        GeneratorOptions o;
        o.serverSku = QStringLiteral("dgx-h100");
        o.gpus = gpus;
        o.switchSku = QStringLiteral("qm9700");
        o.topology = TopologyKind::RailOptimized;
        o.storageSku = QStringLiteral("weka-pod");
        return o;
    }

private Q_SLOTS:
    void previewShowsTheGeneratorsCounts()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        setDials(dlg, 512);
        QVERIFY(dlg.previewPending());
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials"); // the debounce runs the generator
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QVERIFY(testing::okButton(&dlg)->isEnabled());

        const GenerateResult expected = FabricGenerator::generate(sameDials(512), testing::testCatalog());
        QVERIFY(expected.ok());
        const GeneratorPreview want = GeneratorPreview::of(*expected.design);
        const GeneratorPreview got = *dlg.preview();
        // 512 GPUs ask for two whole SUs: the UFM pair takes one DGX slot (DGX SuperPOD RA), 63 x 8.
        QCOMPARE(got.gpuServers, 63);
        QCOMPARE(got.gpus, 504);
        QCOMPARE(got.gpuServers, want.gpuServers);
        QCOMPARE(got.servers, want.servers);
        QCOMPARE(got.leaves, want.leaves);
        QCOMPARE(got.spines, want.spines);
        QCOMPARE(got.cores, want.cores);
        QCOMPARE(got.links, want.links);
        QCOMPARE(got.racks, want.racks);
        QVERIFY(got.leaves > 0 && got.spines > 0 && got.racks > 0);
        // What the label shows.
        const QString text = dlg.findChild<QLabel*>(QStringLiteral("preview"))->text();
        for (int n : {want.gpuServers, want.gpus, want.leaves, want.spines, want.links, want.racks})
            QVERIFY2(text.contains(QStringLiteral("<b>%1</b>").arg(QLocale().toString(n))), qPrintable(text));
    }

    // Issue 12, section 1: 1,024 GPUs (128 DGX H100, 4 whole SUs) build 127 DGX on 32 leaves, the UFM
    // pair in the freed slot (DGX SuperPOD RA, RA-11333-001: 4 SU = 127 nodes); ticking "keep every
    // node" keeps all 128 with a fifth SU (8 more leaves), as `generate --keep-all-nodes` does.
    void keepEveryNodeAddsAScalableUnit()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        setDials(dlg, 1024);
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.preview()->gpuServers, 127);
        QCOMPARE(dlg.preview()->leaves, 32);
        QVERIFY(!dlg.options().keepEveryNode);

        auto* keep = dlg.findChild<QCheckBox*>(QStringLiteral("keepAllNodes"));
        QVERIFY(keep);
        QVERIFY(!keep->isChecked());
        QTest::mouseClick(keep, Qt::LeftButton, {}, QPoint(8, keep->height() / 2));
        QVERIFY(keep->isChecked());
        QVERIFY(dlg.previewPending());
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QVERIFY(dlg.options().keepEveryNode);
        QCOMPARE(dlg.preview()->gpuServers, 128);
        QCOMPARE(dlg.preview()->gpus, 1024);
        QCOMPARE(dlg.preview()->leaves, 40);
        GeneratorOptions o = sameDials(1024);
        o.keepEveryNode = true;
        const GenerateResult expected = FabricGenerator::generate(o, testing::testCatalog());
        QVERIFY(expected.ok());
        QCOMPARE(dlg.preview()->leaves, GeneratorPreview::of(*expected.design).leaves);
        QVERIFY2(dlg.findChild<QLabel*>(QStringLiteral("preview"))->text().contains(QStringLiteral("<b>128</b>")),
            qPrintable(dlg.previewText()));

        // setOptions shows the option, so a workload sizing or a reopened dialog keeps it.
        ReferenceDesignDialog again(testing::testCatalog());
        QSignalSpy previewed(&again, &ReferenceDesignDialog::previewUpdated);
        again.setOptions(o); // the preview follows on the worker thread
        QVERIFY(again.findChild<QCheckBox*>(QStringLiteral("keepAllNodes"))->isChecked());
        QVERIFY(previewed.count() == 1 || previewed.wait(120000));
        QCOMPARE(again.preview()->gpuServers, 128);
    }

    // Issue 15: the same dials in the wizard give the NVL72 SuperPOD: 16 DGX GB200 racks (2 SU of
    // RA-11338) on QM9700, rail-optimized, the size counted in racks: 1,152 GPUs, 4 spine-leaf groups
    // per SU (8 leaves, 6 spines each) and 6 core groups; and the planes dial reaches the generator
    // (two planes: separate fabrics, as `generate --planes 2`).
    void nvl72SuperPodAndPlanesFromTheWizard()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-gb200-nvl72"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("nodes"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(16);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::RailOptimized));
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("1:1"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("storageSku")), QString());
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.preview()->gpuServers, 16);
        QCOMPARE(dlg.preview()->gpus, 1152);
        QCOMPARE(dlg.preview()->leaves, 64);
        QCOMPARE(dlg.preview()->spines, 48);
        QCOMPARE(dlg.preview()->cores, 18);
        QVERIFY(testing::okButton(&dlg)->isEnabled());

        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-b200"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(64);
        auto* planes = dlg.findChild<QSpinBox*>(QStringLiteral("planes"));
        QVERIFY(planes);
        planes->setFocus();
        QCOMPARE(planes->value(), 0); // the server's default
        QTest::keyClick(planes, Qt::Key_Up);
        QTest::keyClick(planes, Qt::Key_Up);
        QCOMPARE(planes->value(), 2);
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.options().planes, 2);
        GeneratorOptions o = dlg.options();
        const GenerateResult expected = FabricGenerator::generate(o, testing::testCatalog());
        QVERIFY2(expected.ok(), qPrintable(expected.error));
        QCOMPARE(expected.design->properties()
                     .value(QLatin1String("generator"))
                     .toObject()
                     .value(QLatin1String("planes"))
                     .toInt(),
            2);
        QCOMPARE(dlg.preview()->spines, GeneratorPreview::of(*expected.design).spines);
        // setOptions shows the planes, so a reopened dialog keeps them.
        ReferenceDesignDialog again(testing::testCatalog());
        again.setOptions(o);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("planes"))->value(), 2);

        // GB300 NVL72 on Spectrum-X (NVL72 AI Factory enterprise RA: multi-plane): the catalog's
        // default is two planes (each ConnectX-8 as 2 x 400GbE), the dial goes to one and back,
        // and the preview follows the generator: 12 leaves per plane for one SU (derived).
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-gb300-nvl72"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(8);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("sn5600"));
        planes->setFocus();
        QTest::keyClick(planes, Qt::Key_Down);
        QTest::keyClick(planes, Qt::Key_Down);
        QCOMPARE(planes->value(), 0); // the server's default: two planes on Spectrum-X
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.preview()->gpus, 576);
        QCOMPARE(dlg.preview()->leaves, 24);
        QTest::keyClick(planes, Qt::Key_Up);
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.preview()->leaves, 12);
        QTest::keyClick(planes, Qt::Key_Up);
        QVERIFY2(testing::previewLanded(dlg), "the preview of the dials");
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.options().planes, 2);
        const GenerateResult gb300 = FabricGenerator::generate(dlg.options(), testing::testCatalog());
        QVERIFY2(gb300.ok(), qPrintable(gb300.error));
        QCOMPARE(dlg.preview()->leaves, GeneratorPreview::of(*gb300.design).leaves);
        QCOMPARE(dlg.preview()->spines, GeneratorPreview::of(*gb300.design).spines);
        QCOMPARE(dlg.preview()->leaves, 24);
    }

    // The Power mode combo (issue 28): Max-P by default, Max-Q stored in the generated design's
    // properties, so its GB300 NVL72 racks draw 120 kW instead of 142 kW (catalog power_modes);
    // the dialog shows the mode of the options it is given.
    void powerModeFromTheWizard()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-gb300-nvl72"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("nodes"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(8);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("q3400"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::RailOptimized));
        auto* mode = dlg.findChild<QComboBox*>(QStringLiteral("powerMode"));
        QVERIFY(mode);
        QCOMPARE(mode->currentData().toString(), QStringLiteral("max-p"));
        QVERIFY(!dlg.options().properties.contains(QLatin1String("power_mode")));
        pick(mode, QStringLiteral("max-q"));
        QCOMPARE(dlg.options().properties.value(QLatin1String("power_mode")).toString(), QStringLiteral("max-q"));
        const GenerateResult r = FabricGenerator::generate(dlg.options(), testing::testCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        const PowerFigures power = PowerFigures::of(*r.design, 1.0);
        int racks = 0;
        r.design->nodes().forEach([&](const Node& n) {
            if (n.sku != QLatin1String("dgx-gb300-nvl72"))
                return;
            ++racks;
            QCOMPARE(power.rack(n.rack)->maxKw, 120.0);
        });
        QCOMPARE(racks, 8);
        ReferenceDesignDialog again(testing::testCatalog());
        again.setOptions(dlg.options());
        QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("powerMode"))->currentData().toString(),
            QStringLiteral("max-q"));
    }

    // The Power chain combo (issue 28): enabled only for a server whose catalog entry accepts 800 VDC
    // (Vera Rubin NVL72, not GB300), stored in the design's power_chain, remembered by setOptions.
    // One Vera Rubin SU in Max-P: 8 racks of 227 kW, 3 per 800 kW sidecar (4 would be 908 kW), so
    // ceil(8 / 3) = 3 sidecar power racks in the row.
    void powerChainFromTheWizard()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        auto* chain = dlg.findChild<QComboBox*>(QStringLiteral("powerChain"));
        QVERIFY(chain);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-gb300-nvl72"));
        QVERIFY(!chain->isEnabled());
        QCOMPARE(chain->currentData().toString(), QStringLiteral("54v-shelves"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("vera-rubin-nvl72"));
        QVERIFY(chain->isEnabled());
        pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("gpus"));
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(576);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("sn5610"));
        QVERIFY(!dlg.options().properties.contains(QLatin1String("power_chain")));
        pick(chain, QStringLiteral("800vdc"));
        QVERIFY(PowerFigures::distributionOf(dlg.options().properties) == PowerDistribution::Dc800V);
        const GenerateResult r = FabricGenerator::generate(dlg.options(), testing::testCatalog());
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(int(PowerChain::of(*r.design, 1.0).sidecars.size()), 3);

        // Remembered across sessions with the other dials (QSettings), and shown when the dialog opens.
        ReferenceDesignDialog::remember(dlg.options());
        const std::optional<GeneratorOptions> last = ReferenceDesignDialog::rememberedOptions();
        QVERIFY(last);
        QSettings().remove(QStringLiteral("wizards"));
        QVERIFY(PowerFigures::distributionOf(last->properties) == PowerDistribution::Dc800V);
        ReferenceDesignDialog again(testing::testCatalog());
        again.setOptions(*last);
        auto* remembered = again.findChild<QComboBox*>(QStringLiteral("powerChain"));
        QCOMPARE(remembered->currentData().toString(), QStringLiteral("800vdc"));
        QVERIFY(remembered->isEnabled());
        // A server that does not take it puts the chain back on 54 V shelves.
        pick(again.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-gb300-nvl72"));
        QVERIFY(!remembered->isEnabled());
        QVERIFY(PowerFigures::distributionOf(again.options().properties) == PowerDistribution::Shelves54V);
    }

    void badDialsShowTheErrorAndDisableBuild()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        setDials(dlg, 512);
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")),
            QStringLiteral("sn2201")); // an Ethernet management switch
        dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(0);
        dlg.updatePreview();
        GeneratorOptions o = sameDials(0);
        o.switchSku = QStringLiteral("sn2201");
        const GenerateResult expected = FabricGenerator::generate(o, testing::testCatalog());
        QVERIFY(!expected.ok());
        QCOMPARE(dlg.error(), expected.error);
        QCOMPARE(dlg.findChild<QLabel*>(QStringLiteral("generatorError"))->text(), expected.error);
        QVERIFY(!testing::okButton(&dlg)->isEnabled());
        QVERIFY(!dlg.preview());
        dlg.accept();
        QCOMPARE(dlg.result(), int(QDialog::Rejected));

        // A malformed oversubscription is caught before the generator.
        setDials(dlg, 64);
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("two to one"));
        dlg.updatePreview();
        QVERIFY(dlg.error().contains(QStringLiteral("D:U")));
        QVERIFY(!testing::okButton(&dlg)->isEnabled());
    }

    void buildOpensAnUntitledDocumentWithoutUndo()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        const GenerateResult expected = FabricGenerator::generate(sameDials(256), testing::testCatalog());
        QVERIFY(expected.ok());
        bool driven = false;
        testing::whenModal<ReferenceDesignDialog>(this, [&](ReferenceDesignDialog* dlg) {
            setDials(*dlg, 256);
            driven = true;
            testing::okButton(dlg)->click(); // Build runs a pending preview first
        });
        w->action(QStringLiteral("actionNewReference"))->trigger();
        QVERIFY(driven);
        const Design& d = w->document()->design();
        QCOMPARE(d.nodes().size(), expected.design->nodes().size());
        QCOMPARE(d.links().size(), expected.design->links().size());
        QCOMPARE(DesignSummary::of(d).gpus, 248); // one SU: 31 DGX and the UFM pair (RA)
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(w->document()->isModified()); // in no file yet: unsaved until saved
        QCOMPARE(
            w->action(QStringLiteral("actionNewReference"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+N")));
    }

    void workloadSizingSeedsTheGenerator()
    {
        WorkloadDialog sizing(testing::testCatalog());
        sizing.findChild<QDoubleSpinBox*>(QStringLiteral("parameters"))->setValue(70);
        pick(sizing.findChild<QComboBox*>(QStringLiteral("task")), int(WorkloadTask::Train));
        pick(sizing.findChild<QComboBox*>(QStringLiteral("gpuServer")), QStringLiteral("dgx-h100"));
        const SizingResult expected = WorkloadSizer::size(sizing.request());
        QCOMPARE(sizing.result().gpusRecommended, expected.gpusRecommended);
        QVERIFY(expected.gpusRecommended >= 64);
        QVERIFY(sizing.resultText().contains(QLocale().toString(expected.gpusRecommended)));
        QVERIFY(sizing.resultText().contains(expected.memoryFormula.toHtmlEscaped()));

        auto w = testing::makeWindow();
        int seededGpus = -1;
        testing::whenModal<WorkloadDialog>(this, [&](WorkloadDialog* dlg) {
            dlg->findChild<QDoubleSpinBox*>(QStringLiteral("parameters"))->setValue(70);
            testing::whenModal<ReferenceDesignDialog>(this, [&](ReferenceDesignDialog* gen) {
                seededGpus = gen->options().gpus > 0 ? gen->options().gpus : gen->options().nodes * 8;
                QVERIFY2(gen->error().isEmpty(), qPrintable(gen->error()));
                testing::okButton(gen)->click();
            });
            dlg->findChild<QPushButton*>(QStringLiteral("generateDesign"))->click();
        });
        w->action(QStringLiteral("actionNewWorkload"))->trigger();
        const GeneratorOptions seed = expected.generatorOptions();
        QCOMPARE(seededGpus, seed.gpus > 0 ? seed.gpus : seed.nodes * 8);
        QVERIFY(DesignSummary::of(w->document()->design()).gpus >= expected.gpusRecommended);
        QCOMPARE(w->document()->undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestReferenceDesign)
#include "tst_referencedesign.moc"
