// Issue 30, as a user meets it: panels that belong to the design shown, the wizard's switch, names
// of hand-placed nodes, placement that never stacks, the title, the prompts' mnemonics and
// wording, the dialogs' folder and a status bar that fits a small screen.
#include "helpers/generated.h"
#include "helpers/modal.h"
#include "helpers/screenshot.h"
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "dialogs/exportreportdialog.h"
#include "dialogs/referencedesigndialog.h"
#include "dialogs/workloaddialog.h"
#include "filesession.h"
#include "itemstyle.h"
#include "overviewmap.h"
#include "palettetree.h"
#include "palettewidget.h"
#include "prompts.h"
#include "statuspanel.h"

#include "model/design.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>

using namespace pw;
using namespace pw::ui;
using pw::testing::generatedNodes;
using pw::testing::screenshot;

namespace {

QStringList notesOf(const MainWindow& w)
{
    QStringList out;
    for (int i = 0; i < w.notesList()->count(); ++i)
        out << w.notesList()->item(i)->text();
    return out;
}

QTreeWidgetItem* paletteRow(const PaletteWidget& palette, const QString& sku)
{
    QTreeWidget* tree = palette.tree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        for (int j = 0; j < tree->topLevelItem(i)->childCount(); ++j)
            if (QTreeWidgetItem* row = tree->topLevelItem(i)->child(j);
                row->data(0, PaletteTree::kSkuRole).toString() == sku)
                return row;
    return nullptr;
}

// The dialog's Alt+letter keys that reach more than one label or button ("&Oversubscription / St&orage"):
// such a key only cycles between them, and on two buttons it presses neither.
QStringList mnemonicClashes(const QWidget& dialog)
{
    QMap<QString, QStringList> byKey;
    auto add = [&](const QString& text) {
        if (const QKeySequence key = QKeySequence::mnemonic(text); !key.isEmpty())
            byKey[key.toString()] << text;
    };
    for (const QLabel* label : dialog.findChildren<QLabel*>())
        if (label->buddy())
            add(label->text());
    for (const QAbstractButton* button : dialog.findChildren<QAbstractButton*>())
        add(button->text());
    QStringList clashes;
    for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
        if (it.value().size() > 1)
            clashes << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral(" / "));
    return clashes;
}

} // namespace

class TestLegibility : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // "Not connected: ufm-appliance-7" from Connect Selection on one design must not show in the
    // Notes of the next one: a generated design, an opened file and a new design each start clean.
    void notesBelongToTheDesign()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        const NodeId dgx = w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(0, 300)).ok
            ? w->scene()->selectedNodeIds().front()
            : NodeId();
        QVERIFY(dgx.isValid());
        QVERIFY(w->scene()->placeItem(QStringLiteral("qm9700"), QPointF(0, 0)).ok);
        const NodeId leaf = w->scene()->selectedNodeIds().front();
        w->scene()->selectNodes({dgx, leaf});
        w->action(QStringLiteral("actionConnectSelection"))->trigger();
        auto notConnected = [&] { return notesOf(*w).filter(QStringLiteral("Not connected")).size(); };
        QVERIFY2(notConnected() > 0, qPrintable(notesOf(*w).join(QLatin1Char('\n'))));

        screenshot(w.get(), QStringLiteral("legibility-notes-hand"));
        // A GB300 SU generated next (the case): its own notes, on its own Q3400, only.
        w->session()->adoptUnsaved(generatedNodes(QStringLiteral("dgx-gb300-nvl72"), 8, QStringLiteral("q3400")));
        QCOMPARE(notConnected(), 0);
        QVERIFY2(
            !notesOf(*w).filter(QStringLiteral("Q3400")).isEmpty(), qPrintable(notesOf(*w).join(QLatin1Char('\n'))));
        QVERIFY(notesOf(*w).filter(QStringLiteral("QM9700")).isEmpty());
        w->notesDock()->raise();
        screenshot(w.get(), QStringLiteral("legibility-notes-generated"));
        QVERIFY(w->notesDock()->windowTitle() == QLatin1String("Notes")
            || w->notesDock()->windowTitle().contains(QString::number(w->notesList()->count())));

        // Once more, then open the sample and start a new design: the notes go each time.
        w->newDesign();
        QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(0, 300)).ok);
        const NodeId dgx2 = w->scene()->selectedNodeIds().front();
        QVERIFY(w->scene()->placeItem(QStringLiteral("qm9700"), QPointF(0, 0)).ok);
        w->scene()->selectNodes({dgx2, w->scene()->selectedNodeIds().front()});
        w->action(QStringLiteral("actionConnectSelection"))->trigger();
        QVERIFY(notConnected() > 0);
        QVERIFY(w->openFile(testing::samplePath()));
        QCOMPARE(notConnected(), 0);
    }

    // The wizard starts each server on its own switch generation and says why: XDR for the GB300
    // NVL72 and DGX B300 (800 Gb/s ConnectX-8), NDR for the DGX H100, Spectrum for the Spectrum-X
    // DGX B300; choosing another switch is the user's choice and the line says which it replaced.
    void wizardSwitchFollowsTheServer()
    {
        const Catalog& catalog = testing::testCatalog();
        ReferenceDesignDialog dlg(catalog);
        auto* server = dlg.findChild<QComboBox*>(QStringLiteral("serverSku"));
        auto* sw = dlg.findChild<QComboBox*>(QStringLiteral("switchSku"));
        auto* why = dlg.findChild<QLabel*>(QStringLiteral("switchWhy"));
        QVERIFY(server && sw && why);
        const std::pair<const char*, const char*> expected[] = {{"dgx-gb300-nvl72", "q3400"}, {"dgx-h100", "qm9700"},
            {"dgx-b300", "q3400"}, {"dgx-b300-busbar", "sn5600"}, {"dgx-b200", "qm9700"}};
        for (const auto& [serverSku, switchSku] : expected) {
            server->setCurrentIndex(server->findData(QString::fromLatin1(serverSku)));
            QCOMPARE(sw->currentData().toString(), QString::fromLatin1(switchSku));
            const QString model = catalog.item(QString::fromLatin1(switchSku))->model;
            QVERIFY2(why->text().startsWith(QStringLiteral("For this server: %1").arg(model)), qPrintable(why->text()));
        }
        // The GB300 builds on the Q3400.
        server->setCurrentIndex(server->findData(QStringLiteral("dgx-gb300-nvl72")));
        dlg.updatePreview();
        dlg.show();
        screenshot(&dlg, QStringLiteral("legibility-wizard-gb300"));
        QVERIFY2(dlg.error().isEmpty(), qPrintable(dlg.error()));
        QCOMPARE(dlg.options().switchSku, QStringLiteral("q3400"));
        // Another switch is the user's: the line names the server's own.
        sw->setCurrentIndex(sw->findData(QStringLiteral("q3200")));
        QVERIFY2(why->text().startsWith(QLatin1String("Your choice")), qPrintable(why->text()));
        QVERIFY2(why->text().contains(catalog.item(QStringLiteral("q3400"))->model), qPrintable(why->text()));
    }

    // Ctrl+Return twice with the QM8700 chosen in the catalog: two nodes side by side, not one on
    // the other, named by the design's own count ("qm8700-01", "qm8700-02"), not the node id.
    void placingTwiceDoesNotStack()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(-400, -400)).ok); // takes node id 1
        QTreeWidgetItem* row = paletteRow(*w->palette(), QStringLiteral("qm8700"));
        QVERIFY(row);
        w->palette()->tree()->setCurrentItem(row);
        QCOMPARE(w->palette()->currentSku(), QStringLiteral("qm8700"));
        QAction* place = w->action(QStringLiteral("actionPlace"));
        QCOMPARE(place->shortcut(), QKeySequence(QStringLiteral("Ctrl+Return")));
        place->trigger();
        place->trigger();
        std::vector<const Node*> placed;
        w->document()->design().nodes().forEach([&](const Node& n) {
            if (n.sku == QLatin1String("qm8700"))
                placed.push_back(&n);
        });
        QCOMPARE(placed.size(), size_t(2));
        // A node's position is its centre; its box is the catalog kind's size (170 x 46 for a switch).
        const QSizeF size = ItemStyle::nodeSize(ItemKind::Switch);
        auto box
            = [&](const Node* n) { return QRectF(n->position - QPointF(size.width() / 2, size.height() / 2), size); };
        QVERIFY2(!box(placed[0]).intersects(box(placed[1])),
            qPrintable(QStringLiteral("%1,%2 and %3,%4")
                           .arg(placed[0]->position.x())
                           .arg(placed[0]->position.y())
                           .arg(placed[1]->position.x())
                           .arg(placed[1]->position.y())));
        QStringList names{placed[0]->name, placed[1]->name};
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("qm8700-01"), QStringLiteral("qm8700-02")}));
        w->view()->fitAll();
        screenshot(w.get(), QStringLiteral("legibility-placed-twice"));
    }

    // A co-packaged-optics switch dropped from the catalog brings its laser-source modules into the
    // design (priced in the bill of materials), as the generator's do.
    void placedCpoSwitchBringsItsLasers()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        QVERIFY(w->scene()->placeItem(QStringLiteral("q3450"), QPointF(0, 0)).ok);
        const CatalogItem* q = w->document()->design().item(QStringLiteral("q3450"));
        QVERIFY(q && q->laserSources);
        QVERIFY(w->document()->design().item(q->laserSources->sku));
        w->document()->undoStack()->undo();
        QVERIFY(!w->document()->design().item(QStringLiteral("q3450-laser-source")));
    }

    // One rack naming scheme: racks grouped by hand are "A-01", "A-02" (row A), as the sample's
    // rack is, and as the generator's are "<unit row>-<NN>"; the canvas title prints that name.
    void racksByHandFollowTheNamingScheme()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        for (int i = 0; i < 4; ++i)
            QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(400.0 * i, 0)).ok);
        std::vector<NodeId> ids;
        w->document()->design().nodes().forEach([&](const Node& n) { ids.push_back(n.id); });
        QCOMPARE(ids.size(), size_t(4));
        auto rackNames = [&] {
            QStringList names;
            w->document()->design().groups().forEach([&](const Group& g) {
                if (g.kind == GroupKind::Rack)
                    names << g.name;
            });
            names.sort();
            return names;
        };
        w->scene()->selectNodes({ids[0], ids[1]});
        w->action(QStringLiteral("actionGroupRack"))->trigger();
        w->scene()->selectNodes({ids[2], ids[3]});
        w->action(QStringLiteral("actionGroupRack"))->trigger();
        QCOMPARE(rackNames(), (QStringList{QStringLiteral("A-01"), QStringLiteral("A-02")}));

        QVERIFY(w->openFile(testing::samplePath()));
        QCOMPARE(rackNames(), QStringList{QStringLiteral("A-01")});
        w->session()->adoptUnsaved(generatedNodes(QStringLiteral("dgx-h100"), 32, QStringLiteral("qm9700")));
        static const QRegularExpression scheme(QStringLiteral("^[A-Za-z0-9]+-\\d{2,}$"));
        for (const QString& name : rackNames())
            QVERIFY2(scheme.match(name).hasMatch(), qPrintable(name));
    }

    // "<design name> — Podwright", "*" while modified; never "Untitled design — Untitled".
    void titleIsTheDesignsName()
    {
        auto w = testing::makeWindow();
        w->newDesign();
        QCOMPARE(w->windowTitle(), QStringLiteral("Untitled design[*] — Podwright"));
        QVERIFY(!w->isWindowModified());
        QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(0, 0)).ok);
        QVERIFY(w->isWindowModified());
        w->session()->adoptUnsaved(generatedNodes(QStringLiteral("dgx-h100"), 32, QStringLiteral("qm9700")));
        QCOMPARE(w->windowTitle(), w->document()->design().name() + QStringLiteral("[*] — Podwright"));
        QVERIFY(w->isWindowModified()); // generated, not saved yet
        QVERIFY(w->openFile(testing::samplePath()));
        QCOMPARE(w->windowTitle(), w->document()->design().name() + QStringLiteral("[*] — Podwright"));
    }

    // The studio's own unsaved-changes prompt: Alt+D chooses Discard (and Alt+S Save).
    void unsavedPromptHasMnemonics()
    {
        auto w = std::make_unique<MainWindow>(&testing::testCatalog());
        w->setErrorReporter(testing::failOnError);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        w->newDesign();
        QVERIFY(w->scene()->placeItem(QStringLiteral("dgx-h100"), QPointF(0, 0)).ok);
        QStringList texts;
        bool active = false;
        bool closedByKey = false;
        QKeySequence shortcut;
        testing::whenModal<QMessageBox>(this, [&](QMessageBox* box) {
            for (QAbstractButton* b : box->buttons())
                texts << b->text();
            box->activateWindow();
            active = QTest::qWaitForWindowActive(box);
            screenshot(box, QStringLiteral("legibility-unsaved-prompt"));
            // Alt+D is the Discard button's shortcut (its mnemonic); the box takes the bare letter too.
            shortcut = box->button(QMessageBox::Discard)->shortcut();
            QTest::keyClick(box, Qt::Key_D);
            // A mnemonic animates the click: the button is pressed for a moment, then released.
            closedByKey = QTest::qWaitFor([box] { return !box->isVisible(); }, 2000);
            if (!closedByKey) // the mnemonic did not work: close it so the test ends
                box->reject();
        });
        const bool discarded = w->session()->maybeSave(); // true only when Discard was chosen
        QVERIFY2(texts.contains(QStringLiteral("&Discard")), qPrintable(texts.join(QLatin1Char(','))));
        QVERIFY2(texts.contains(QStringLiteral("&Save")), qPrintable(texts.join(QLatin1Char(','))));
        QVERIFY(active);
        QCOMPARE(shortcut, QKeySequence(Qt::ALT | Qt::Key_D));
        QVERIFY(closedByKey);
        QVERIFY(discarded);
        w->document()->markSaved(); // the window closes without asking again
    }

    // Every Alt+letter in the wizards and the export dialog reaches one field or button, and the
    // button that does the work has one (Alt+B builds, Alt+E exports, Alt+G generates). The wizard
    // had Alt+O on Oversubscription and Storage, Alt+W on Switch and Weigh options and Alt+C on
    // Cluster type and Cancel; the export dialog Alt+S on the appendix and Save to.
    void dialogsHaveOneFieldPerMnemonic()
    {
        ReferenceDesignDialog wizard(testing::testCatalog());
        WorkloadDialog workload(testing::testCatalog());
        ExportReportDialog report(QStringLiteral("Pod"), QDir::temp().filePath(QStringLiteral("pod.pdf")));
        const std::pair<QWidget*, QString> dialogs[] = {{&wizard, QStringLiteral("&Build")},
            {&workload, QStringLiteral("&Generate design…")}, {&report, QStringLiteral("&Export")}};
        for (const auto& [dialog, doer] : dialogs) {
            const QStringList clashes = mnemonicClashes(*dialog);
            QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
            QStringList buttons;
            for (const QAbstractButton* b : dialog->findChildren<QAbstractButton*>())
                buttons << b->text();
            QVERIFY2(buttons.contains(doer), qPrintable(buttons.join(QLatin1Char(','))));
        }
        wizard.show();
        screenshot(&wizard, QStringLiteral("legibility-wizard-mnemonics"));
    }

    // The overview map over a small design: after Fit All the whole sample is in view, so the map
    // (which would be a tinted box over the design's corner) is hidden; toggling it off and on in
    // the View menu does not bring it back over the design, zooming in does, Fit All hides it again.
    void overviewMapLeavesASmallDesignAlone()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->resize(1280, 800);
        QCoreApplication::processEvents();
        w->view()->fitAll();
        QCoreApplication::processEvents();
        OverviewMap* map = w->view()->overview();
        QVERIFY(!map->isVisible());
        QAction* toggle = w->action(QStringLiteral("actionOverview"));
        QVERIFY(toggle->isChecked());
        toggle->trigger();
        toggle->trigger();
        QVERIFY(toggle->isChecked());
        QVERIFY(!map->isVisible());
        w->view()->zoomBy(4.0); // part of the design out of view: now the map helps
        QCoreApplication::processEvents();
        QVERIFY(map->isVisible());
        screenshot(w.get(), QStringLiteral("legibility-overview-zoomed"));
        toggle->trigger(); // the user's choice wins while zoomed in
        QVERIFY(!map->isVisible());
        toggle->trigger();
        QVERIFY(map->isVisible());
        w->view()->fitAll();
        QCoreApplication::processEvents();
        QVERIFY(!map->isVisible());
        screenshot(w.get(), QStringLiteral("legibility-overview-fit"));
    }

    // The recovery question: "your unsaved design" and when it was saved, never the sidecar's path.
    void recoveryPromptSpeaksOfTheDesign()
    {
        const QDateTime savedAt(QDate(2026, 12, 5), QTime(3, 41));
        const QString untitled = Prompts::recoveryQuestion(QString(), savedAt);
        QVERIFY2(untitled.contains(QLatin1String("your unsaved design")), qPrintable(untitled));
        QVERIFY2(untitled.contains(QLatin1String("5 December at 03:41")), qPrintable(untitled));
        QVERIFY2(!untitled.contains(QLatin1Char('/')), qPrintable(untitled));
        const QString named = Prompts::recoveryQuestion(QStringLiteral("/home/a/designs/pod.podwright"), savedAt);
        QVERIFY2(named.contains(QLatin1String("pod.podwright")), qPrintable(named));
        QVERIFY2(!named.contains(QLatin1String("/home/a")), qPrintable(named));
    }

    // Save and Open start in the design's folder, and a new design in the last one used.
    void dialogsStartInTheDesignsFolder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        QCOMPARE(w->session()->dialogFolder(), QFileInfo(testing::samplePath()).absolutePath());
        const QString path = dir.filePath(QStringLiteral("pod.podwright"));
        QVERIFY(w->session()->saveAs(path));
        QCOMPARE(w->session()->dialogFolder(), QFileInfo(path).absolutePath());
        w->newDesign();
        QCOMPARE(w->session()->dialogFolder(), QFileInfo(path).absolutePath()); // remembered
        QString suggestion;
        w->session()->setSavePathPrompt([&](const QString& s) {
            suggestion = s;
            return QString();
        });
        QVERIFY(!w->session()->saveAs());
        QCOMPARE(QFileInfo(suggestion).absolutePath(), QFileInfo(path).absolutePath());
    }

    // On a 1000 x 700 screen the window, title bar included, fits the available area; at 1000 px the
    // status bar's figures stay whole and a long message is cut short in its own place.
    void statusBarFitsASmallScreen()
    {
        const QRect screen(0, 0, 1000, 700);
        const QMargins frame(8, 40, 8, 8);
        const QRect client = MainWindow::fittedGeometry(screen, QSize(1400, 900), frame);
        QCOMPARE(client, QRect(8, 40, 984, 652)); // 1000 - 8 - 8 wide, 700 - 40 - 8 high
        QVERIFY(screen.contains(client.marginsAdded(frame)));
        // A smaller window is centred, not moved to a corner: 800 x 600 in 1000 x 700.
        QCOMPARE(MainWindow::fittedGeometry(screen, QSize(800, 600), frame), QRect(108, 90, 784, 552));

        QSettings().remove(QStringLiteral("window"));
        auto w = testing::makeWindow();
        w->resize(1000 - 16, 700 - 48);
        QCoreApplication::processEvents();
        // The window's smallest size fits the screen: no panel forces the status bar off it.
        QCOMPARE(w->size(), QSize(1000 - 16, 700 - 48));
        QStatusBar* bar = w->statusBar();
        const QString longMessage
            = QStringLiteral("Connected 1,234 links; ") + QString(QStringLiteral("x")).repeated(400);
        bar->showMessage(longMessage, 20000);
        QCoreApplication::processEvents();
        QLabel* message = w->messageLabel();
        const QRect figures = w->statusPanel()->geometry();
        QVERIFY2(figures.right() <= bar->width(),
            qPrintable(QStringLiteral("figures end at %1 of %2").arg(figures.right()).arg(bar->width())));
        QVERIFY(message->isVisible());
        QVERIFY2(message->geometry().right() < figures.left(),
            qPrintable(QStringLiteral("message ends at %1, figures start at %2")
                           .arg(message->geometry().right())
                           .arg(figures.left())));
        QVERIFY(message->text().startsWith(QLatin1String("Connected 1,234 links")));
        QVERIFY(message->text().endsWith(QChar(0x2026))); // cut short, with an ellipsis
        QCOMPARE(message->toolTip(), longMessage);
        screenshot(w.get(), QStringLiteral("legibility-statusbar-1000"));
        bar->clearMessage();
        QVERIFY(message->text().isEmpty());

        // A GB300 SU at 1000 px: its figures ("576 GPUs · 13 servers · 22 switches · 1,423 links",
        // the cost with its band) are wider than the panel's room, so the panel shows its compact
        // texts, and every label is as wide as its text: none reads "1,423 link" or "(band".
        w->session()->adoptUnsaved(generatedNodes(QStringLiteral("dgx-gb300-nvl72"), 8, QStringLiteral("q3400")));
        w->statusPanel()->recompute();
        QCoreApplication::processEvents();
        QCOMPARE(w->size(), QSize(1000 - 16, 700 - 48));
        QVERIFY(w->statusPanel()->isCompact());
        QVERIFY(w->statusPanel()->geometry().right() <= bar->width());
        for (const QLabel* figure : w->statusPanel()->findChildren<QLabel*>())
            QVERIFY2(figure->width() >= figure->sizeHint().width(),
                qPrintable(QStringLiteral("%1 shown %2 px of %3")
                               .arg(figure->text())
                               .arg(figure->width())
                               .arg(figure->sizeHint().width())));
        const QString links = QStringLiteral("%L1 links").arg(qulonglong(w->document()->design().links().size()));
        QVERIFY2(w->statusPanel()->text().contains(links), qPrintable(w->statusPanel()->text())); // all still there
        screenshot(w.get(), QStringLiteral("legibility-statusbar-1000-gb300"));
        // The dock tabs under the canvas read whole at 1000 px ("Bill of Materials", "Charts",
        // "Power", not "Bill of Materi…", "Ch…", "Po…"); those that do not fit scroll into view.
        int tabs = 0;
        for (const QTabBar* tabBar : w->findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (!tabBar->isVisible())
                continue;
            for (int i = 0; i < tabBar->count(); ++i, ++tabs)
                QVERIFY2(tabBar->tabRect(i).width() > tabBar->fontMetrics().horizontalAdvance(tabBar->tabText(i)),
                    qPrintable(QStringLiteral("tab \"%1\" is %2 px wide")
                                   .arg(tabBar->tabText(i))
                                   .arg(tabBar->tabRect(i).width())));
        }
        QVERIFY(tabs >= 6); // the bill of materials' six, at least
        // A wide window shows the full texts again, band and all.
        w->resize(1800, 900);
        QCoreApplication::processEvents();
        QVERIFY(!w->statusPanel()->isCompact());
    }
};

QTEST_MAIN(TestLegibility)
#include "tst_legibility.moc"
