// Issue 30, the wizard's live preview: as the dials move, the preview shows the option's capital
// cost band, IT power, bisection, worst single failure and a tier picture, built on a worker thread
// (the latest dials win), with the very figures `podwright-cli options --json` prints for the same
// dials; and the wizard remembers every setting between runs.
#include "helpers/combopick.h"
#include "helpers/uitest.h"
#include "integration/helpers/clirunner.h"

#include "dialogs/referencedesigndialog.h"

#include "analysis/designoption.h"
#include "cost/powerfigures.h"
#include "model/designintent.h"
#include "util/money.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace pw;
using namespace pw::ui;
using pw::testing::pick;

class TestWizardPreview : public QObject {
    Q_OBJECT

    // Waits for the preview's finished signal (no wall-clock poll); fails after two minutes.
    static bool waitForPreview(QSignalSpy& spy) { return spy.count() > 0 || spy.wait(120000); }

    // The dialog as a screenshot, when PW_SCREENSHOT_DIR names a folder (for a person to look at).
    static void screenshot(QWidget& w, const QString& name)
    {
        const QString dir = qEnvironmentVariable("PW_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            w.grab().save(QDir(dir).filePath(name));
    }

private Q_SLOTS:
    void init() { QSettings().remove(QStringLiteral("wizards")); }

    void previewFiguresAreTheOptionsCommands()
    {
        // The options for 4 DGX H100 at 1:1, weighed by the CLI; the cheapest is set as the dials.
        const test::CliResult cli = test::runCli({QStringLiteral("options"), QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--nodes"), QStringLiteral("4"),
            QStringLiteral("--oversubscription"), QStringLiteral("1:1"), QStringLiteral("--json")});
        QCOMPARE(cli.exitCode, 0);
        const QJsonArray options = cli.json().value(QLatin1String("options")).toArray();
        QVERIFY(!options.isEmpty());
        const std::optional<DesignOption> cheapest = DesignOption::fromJson(options.first().toObject());
        QVERIFY(cheapest);

        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        QSignalSpy landed(&dlg, &ReferenceDesignDialog::previewUpdated);
        dlg.setOptions(cheapest->appliedTo(dlg.options()));
        QVERIFY(dlg.previewPending()); // on the worker, not in setOptions
        QVERIFY(waitForPreview(landed));
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QVERIFY(dlg.previewFigures());
        const DesignOption& shown = *dlg.previewFigures();
        // One definition per number: the same capex band, IT power, bisection and worst failure.
        QCOMPARE(shown.capex.low, cheapest->capex.low);
        QCOMPARE(shown.capex.mid, cheapest->capex.mid);
        QCOMPARE(shown.capex.high, cheapest->capex.high);
        QCOMPARE(shown.itKw, cheapest->itKw);
        QCOMPARE(shown.bisectionRatio, cheapest->bisectionRatio);
        QVERIFY(shown.worstSingleFailure && cheapest->worstSingleFailure);
        QCOMPARE(shown.worstSingleFailure->gpusCutOff, cheapest->worstSingleFailure->gpusCutOff);
        QCOMPARE(shown.worstSingleFailure->bisectionLeft, cheapest->worstSingleFailure->bisectionLeft);
        // And the user reads them: whole dollars with the band, kW, the ratio, a picture.
        const QString text = dlg.findChild<QLabel*>(QStringLiteral("preview"))->text();
        QVERIFY2(text.contains(Money::usd().exact(cheapest->capex.mid)), qPrintable(text));
        QVERIFY2(text.contains(Money::usd().exact(cheapest->capex.low)), qPrintable(text));
        QVERIFY2(text.contains(QLocale().toString(cheapest->itKw, 'f', 1) + QStringLiteral(" kW")), qPrintable(text));
        QVERIFY2(text.contains(QLocale().toString(*cheapest->bisectionRatio, 'f', 3)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Worst single failure")));
        const auto* picture = dlg.findChild<QLabel*>(QStringLiteral("previewPicture"));
        QVERIFY(picture->isVisible());
        QVERIFY(!picture->pixmap().isNull());
        screenshot(dlg, QStringLiteral("wizard-preview-4-dgx.png"));
    }

    void theLatestDialsWin()
    {
        ReferenceDesignDialog dlg(testing::testCatalog());
        dlg.show();
        pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
        pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
        QSignalSpy landed(&dlg, &ReferenceDesignDialog::previewUpdated);
        // Two sizes one after the other: the first run is canceled, only the second lands.
        GeneratorOptions dials = dlg.options();
        dials.gpus = 2048;
        dlg.setOptions(dials);
        dials.gpus = 512;
        dlg.setOptions(dials);
        QVERIFY(waitForPreview(landed));
        QCOMPARE(landed.count(), 1);
        QVERIFY(!dlg.previewPending());
        // 512 GPUs asked = 64 DGX H100 slots; the UFM pair takes one (DGX SuperPOD RA): 63 x 8 = 504.
        QCOMPARE(dlg.preview()->gpus, 504);
        QVERIFY(dlg.previewFigures());
        // Each DGX H100 draws 10.2 kW at most, so IT power is above 63 x 10.2 = 642.6 kW (switches,
        // UFM and management on top).
        QVERIFY2(dlg.previewFigures()->itKw > 642.6, qPrintable(QString::number(dlg.previewFigures()->itKw)));
        QVERIFY(dlg.previewFigures()->capex.low <= dlg.previewFigures()->capex.mid);
        QVERIFY(dlg.previewFigures()->capex.mid <= dlg.previewFigures()->capex.high);

        // A dial moved by the user: pending at once (the dialog does not wait), then the figures.
        landed.clear();
        dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("2:1"));
        QVERIFY(dlg.previewPending());
        QVERIFY(waitForPreview(landed));
        QCOMPARE(dlg.options().oversubscription.toString(), QStringLiteral("2:1"));
        QVERIFY(dlg.previewFigures());
        // The picture draws the tiers the counts beside it give (leaves over spines here).
        QVERIFY(dlg.preview()->leaves > 0 && dlg.preview()->spines > 0);
        QVERIFY(!dlg.findChild<QLabel*>(QStringLiteral("previewPicture"))->pixmap().isNull());
        screenshot(dlg, QStringLiteral("wizard-preview-512-gpus-2to1.png"));
    }

    void remembersEverySetting()
    {
        GeneratorOptions o;
        {
            ReferenceDesignDialog dlg(testing::testCatalog());
            dlg.show();
            QSignalSpy landed(&dlg, &ReferenceDesignDialog::previewUpdated);
            pick(dlg.findChild<QComboBox*>(QStringLiteral("serverSku")), QStringLiteral("dgx-h100"));
            pick(dlg.findChild<QComboBox*>(QStringLiteral("sizeKind")), QStringLiteral("nodes"));
            dlg.findChild<QSpinBox*>(QStringLiteral("count"))->setValue(48);
            pick(dlg.findChild<QComboBox*>(QStringLiteral("switchSku")), QStringLiteral("qm9700"));
            pick(dlg.findChild<QComboBox*>(QStringLiteral("topology")), int(TopologyKind::LeafSpine));
            dlg.findChild<QComboBox*>(QStringLiteral("oversubscription"))->setCurrentText(QStringLiteral("2:1"));
            pick(dlg.findChild<QComboBox*>(QStringLiteral("storageTier")), int(StorageTier::Best));
            dlg.findChild<QDoubleSpinBox*>(QStringLiteral("rackPowerKw"))->setValue(45);
            dlg.findChild<QCheckBox*>(QStringLiteral("keepAllNodes"))->setChecked(true);
            pick(dlg.findChild<QComboBox*>(QStringLiteral("clusterType")), int(ClusterType::Inference));
            pick(dlg.findChild<QComboBox*>(QStringLiteral("powerMode")), toString(PowerMode::MaxQ));
            dlg.findChild<QLineEdit*>(QStringLiteral("designName"))->setText(QStringLiteral("Lab inference pod"));
            o = dlg.options();
            QSignalSpy built(&dlg, &QDialog::accepted);
            dlg.accept(); // Build: waits for the preview of these dials, then builds
            QVERIFY(built.count() == 1 || built.wait(120000));
        }
        const std::optional<GeneratorOptions> remembered = ReferenceDesignDialog::rememberedOptions();
        QVERIFY(remembered);
        ReferenceDesignDialog again(testing::testCatalog());
        again.setOptions(*remembered);
        const GeneratorOptions back = again.options();
        QCOMPARE(back.serverSku, o.serverSku);
        QCOMPARE(back.nodes, 48);
        QCOMPARE(back.gpus, 0);
        QCOMPARE(back.switchSku, o.switchSku);
        QCOMPARE(int(back.topology), int(TopologyKind::LeafSpine));
        QCOMPARE(back.oversubscription.toString(), QStringLiteral("2:1"));
        QCOMPARE(int(back.storageTier), int(StorageTier::Best));
        QCOMPARE(back.rackPowerKw, 45.0);
        QVERIFY(back.keepEveryNode);
        QCOMPARE(back.planes, o.planes);
        QCOMPARE(back.suSize, o.suSize);
        QCOMPARE(back.properties, o.properties); // the cluster type (and its stack) and the power mode
        QVERIFY(PowerFigures::modeOf(back.properties) == PowerMode::MaxQ);
        QCOMPARE(back.name, QStringLiteral("Lab inference pod")); // the name typed last time, not the default
        // And the studio's wizard opens with it: the name field a user sees shows it again.
        QCOMPARE(
            again.findChild<QLineEdit*>(QStringLiteral("designName"))->text(), QStringLiteral("Lab inference pod"));
    }
};

QTEST_MAIN(TestWizardPreview)
#include "tst_wizardpreview.moc"
