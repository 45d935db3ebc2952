// File > Verify Against Discovery… in the studio (issue 27 §2): a design opened from a file is
// verified against a discovery the test writes (the design's own ibsim-net export written as
// ibnetdiscover prints it, one cable moved and one removed by a text edit: no ibsim needed here);
// the list shows exactly those two, each drawn on the canvas; a row selects its link; the result
// is kept with the design (modified, saved, restored on open); Clear removes the overlay; an edit
// of the designed subnet drops it.
#include "helpers/windowfixture.h"

#include "designdocument.h"
#include "legendwidget.h"
#include "verificationoverlayitem.h"
#include "verificationpanel.h"

#include "commands/disconnectcommand.h"
#include "export/ibsimnet.h"
#include "generate/fabricgenerator.h"
#include "io/designfile.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace pw;
using namespace pw::ui;

namespace {

// Four DGX H100 on one QM9700 leaf ("leaf-r1-8"): 32 compute links, server n's rail r on port
// 8(n-1)+r (the cabling plan's rows 1-32 in the same order).
Design fourServers()
{
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.nodes = 4;
    o.switchSku = QStringLiteral("qm9700");
    GenerateResult r = FabricGenerator::generate(o, testing::testCatalog());
    if (!r.ok())
        qFatal("generate failed: %s", qPrintable(r.error));
    return std::move(*r.design);
}

// The design's compute fabric as ibnetdiscover would print it after a technician moved
// dgx-h100-00002 mlx5_0 from leaf port 9 to the free port 40 and left port 17's cable
// (dgx-h100-00003 mlx5_0) out. Every cable reports 4xNDR, its designed 400 Gb/s.
QByteArray plantedDiscovery(const Design& d)
{
    QByteArray net = IbsimNet::exportOf(d).bytes;
    net.replace("[9] \"dgx-h100-00002 mlx5_0\"[1]", "[40] \"dgx-h100-00002 mlx5_0\"[1]");
    net.replace("\"leaf-r1-8\"[9]", "\"leaf-r1-8\"[40]");
    net.replace("[17] \"dgx-h100-00003 mlx5_0\"[1]\n", "");
    net.replace("[1] \"leaf-r1-8\"[17]\n", "");
    QString s = QString::fromUtf8(net);
    s.replace(QStringLiteral("\nHca "), QStringLiteral("\nCa "));
    static const QRegularExpression node(
        QStringLiteral("^(Switch|Ca) (\\d+) \"([^\"]+)\"$"), QRegularExpression::MultilineOption);
    static const QRegularExpression port(
        QStringLiteral("^(\\[\\d+\\] \"[^\"]+\"\\[\\d+\\])$"), QRegularExpression::MultilineOption);
    s.replace(node, QStringLiteral("\\1 \\2 \"\\3\" # \"\\3\""));
    s.replace(port, QStringLiteral("\\1 # lid 1 4xNDR"));
    return s.toUtf8();
}

int rowOf(const QTreeWidget* list, const QString& kind)
{
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->text(0) == kind)
            return i;
    return -1;
}

} // namespace

class TestVerification : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

    QString writeFile(const QString& name, const QByteArray& bytes)
    {
        QFile f(mDir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(name));
        return f.fileName();
    }

private Q_SLOTS:
    void verifyDrawsListsSelectsKeepsAndClears()
    {
        const QString design = mDir.filePath(QStringLiteral("four.podwright"));
        DesignFile::save(fourServers(), design);
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(design));
        QVERIFY(!w->document()->isModified());
        const QString discovery = writeFile(QStringLiteral("four.topo"), plantedDiscovery(w->document()->design()));

        QVERIFY(w->verifyAgainstDiscovery(discovery));
        VerificationPanel* panel = w->verificationPanel();
        QTreeWidget* list = panel->list();
        // Exactly the planted two: the moved cable (plan row 9) and the missing one (row 17).
        QCOMPARE(list->topLevelItemCount(), 2);
        const int moved = rowOf(list, QStringLiteral("miscabled"));
        const int gone = rowOf(list, QStringLiteral("missing"));
        QVERIFY(moved >= 0 && gone >= 0);
        QCOMPARE(list->topLevelItem(moved)->text(1), QStringLiteral("C-00009"));
        QCOMPARE(list->topLevelItem(moved)->text(3), QStringLiteral("leaf-r1-8 port 40 (rack U001-01, U1)"));
        QCOMPARE(list->topLevelItem(gone)->text(1), QStringLiteral("C-00017"));
        QVERIFY(panel->headline()->text().startsWith(
            QLatin1String("30 of 32 compute links as designed; 2 differences: 1 missing, 1 miscabled.")));
        QVERIFY(w->verificationDock()->isVisible());
        // Each drawn on the canvas, with its key in the legend.
        QVERIFY(panel->overlay()->isVisible());
        QCOMPARE(panel->overlay()->drawnLines(), 2);
        QVERIFY(w->view()->legend()->showsVerificationKey());
        // Kept with the design: modified until saved.
        QVERIFY(w->document()->isModified());

        // A row selects its designed link on the canvas and centres it.
        list->setCurrentItem(list->topLevelItem(moved));
        const LinkId link = panel->report()->differences[static_cast<size_t>(moved)].link;
        QVERIFY(link.isValid());
        const std::vector<LinkId> selected = w->scene()->selectedLinks();
        QVERIFY(std::find(selected.begin(), selected.end(), link) != selected.end());
        QCOMPARE(panel->overlay()->highlighted(), moved);
        const Link* l = w->document()->design().link(link);
        const QPointF mid = (w->scene()->shownItem(l->a.node)->sceneBoundingRect().center()
                                + w->scene()->shownItem(l->b.node)->sceneBoundingRect().center())
            / 2;
        QVERIFY(w->view()->visibleSceneRect().contains(mid));

        if (const QString shot = qEnvironmentVariable("PW_VERIFY_SCREENSHOT"); !shot.isEmpty())
            w->grab().save(shot);

        // The acceptance report from the studio.
        const QString pdf = mDir.filePath(QStringLiteral("four-acceptance.pdf"));
        QVERIFY(w->exportAcceptanceReport(pdf));
        QVERIFY(QFileInfo(pdf).size() > 1000);

        // Saved and opened again: the verification comes back with the design.
        QVERIFY(w->save());
        auto w2 = testing::makeWindow();
        QVERIFY(w2->openFile(design));
        QCOMPARE(w2->verificationPanel()->list()->topLevelItemCount(), 2);
        QVERIFY(w2->verificationPanel()->overlay()->isVisible());
        QVERIFY(!w2->document()->isModified());

        // Clear removes the overlay and the list; it is no edit.
        w2->action(ActionId::ClearVerification)->trigger();
        QVERIFY(!w2->verificationPanel()->overlay()->isVisible());
        QCOMPARE(w2->verificationPanel()->list()->topLevelItemCount(), 0);
        QVERIFY(!w2->view()->legend()->showsVerificationKey());
        QVERIFY(!w2->document()->isModified());

        // Removing a cable of the verified subnet makes the kept result stale: it goes.
        QVERIFY(w->document()->execute(std::make_unique<DisconnectCommand>(std::vector<LinkId>{link})).ok);
        QVERIFY(!w->verificationPanel()->overlay()->isVisible());
        QVERIFY(!w->document()->design().properties().contains(QLatin1String("verification")));
        QVERIFY(w->verificationPanel()->headline()->text().contains(QLatin1String("verify again")));
    }

    // A file that is not ibnetdiscover output is reported, and nothing is kept.
    void unreadableDiscoveryIsReported()
    {
        QString reported;
        auto w = testing::makeWindow([&](const QString&, const QString& message) { reported = message; });
        w->document()->reset(fourServers());
        const QString bad = writeFile(QStringLiteral("bad.topo"), "this is not a fabric\n");
        QVERIFY(!w->verifyAgainstDiscovery(bad));
        QVERIFY2(reported.contains(QLatin1String("not ibnetdiscover output")), qPrintable(reported));
        QVERIFY(!w->verificationPanel()->report());
        QVERIFY(!w->document()->isModified());
    }
};

QTEST_MAIN(TestVerification)
#include "tst_verification.moc"
