// Issues 13 and 14: File > Export > Canvas as SVG/PNG and `podwright-cli export --format svg|png`
// once drew two different pictures in different coordinates (the live scene against the report's
// aggregated diagram). Both now draw the design's DesignPicture with one renderer: the same node
// boxes at the canvas's positions.

#include "helpers/modal.h"
#include "helpers/windowfixture.h"

#include "canvasscene.h"
#include "designanalysis.h"
#include "designdocument.h"
#include "designpicturerenderer.h"
#include "dialogs/exportreportdialog.h"
#include "export/exportformats.h"
#include "facility/powerchain.h"
#include "inspectorwidget.h"
#include "integration/helpers/clirunner.h"
#include "model/design.h"
#include "model/designname.h"
#include "model/nvlinkdomains.h"
#include "nodeitem.h"
#include "presentation/designpicture.h"
#include "statuspanel.h"
#include "util/money.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QTransform>
#include <QXmlStreamReader>

#include <algorithm>

using namespace pw;
using namespace pw::ui;

namespace {

// Every <rect> of an SVG in the file's coordinates (the enclosing groups' transforms applied),
// rounded to a tenth, sorted.
std::vector<QRectF> svgRects(const QByteArray& svg)
{
    std::vector<QRectF> out;
    std::vector<QTransform> stack{QTransform()};
    static const QRegularExpression matrix(
        QStringLiteral("matrix\\(([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+)\\)"));
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("g")) {
            QTransform t;
            const auto m = matrix.match(xml.attributes().value(QLatin1String("transform")).toString());
            if (m.hasMatch())
                t = QTransform(m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                    m.captured(4).toDouble(), m.captured(5).toDouble(), m.captured(6).toDouble());
            stack.push_back(t * stack.back());
        } else if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            stack.pop_back();
        } else if (xml.isStartElement() && xml.name() == QLatin1String("rect")) {
            const auto a = xml.attributes();
            const QRectF r(a.value(QLatin1String("x")).toDouble(), a.value(QLatin1String("y")).toDouble(),
                a.value(QLatin1String("width")).toDouble(), a.value(QLatin1String("height")).toDouble());
            const QRectF m = stack.back().mapRect(r);
            out.emplace_back(std::round(m.x() * 10) / 10, std::round(m.y() * 10) / 10, std::round(m.width() * 10) / 10,
                std::round(m.height() * 10) / 10);
        }
    }
    std::sort(out.begin(), out.end(), [](const QRectF& a, const QRectF& b) {
        return std::make_tuple(a.x(), a.y(), a.width(), a.height())
            < std::make_tuple(b.x(), b.y(), b.width(), b.height());
    });
    return out;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestExportPicture : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

    // File > Export > Canvas as SVG/PNG, saving to `path` as a user would. The export runs inside
    // the action (the file dialog is modal, the picture is written before trigger() returns), so
    // everything is checked once trigger() has returned: no wall-clock wait. The path the dialog
    // hands back is checked too (testing::chooseFile), so that a dialog that kept another name
    // fails here, saying so, instead of a 5 s poll for `path` running out (issue 29: that poll
    // failed once in the clean root).
    void exportFromStudio(MainWindow* w, const QString& format, const QString& path)
    {
        QStringList chosen;
        testing::whenModal<QFileDialog>(this, [&](QFileDialog* dlg) {
            chosen = testing::chooseFile(dlg, path);
            static_cast<QDialog*>(dlg)->accept();
        });
        QAction* a = w->action(QStringLiteral("actionExport_%1").arg(format));
        QVERIFY(a);
        a->trigger();
        QCOMPARE(chosen, QStringList{path});
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    }

private Q_SLOTS:
    // Issue 13, section 4: one registry of export formats. The studio's File > Export entries (and
    // their file-dialog filters) and the CLI's `export --format` list are the same set, both the
    // registry's, including the scheduler exports of issue 15 (section 5).
    void exportMenuAndCliListOneRegistry()
    {
        auto w = testing::makeWindow();
        QMenu* menu = w->findChild<QMenu*>(QStringLiteral("menuExport"));
        QVERIFY(menu);
        QStringList studio;
        QStringList filters;
        for (QAction* a : menu->actions()) {
            if (!a->property("exportFormat").isValid())
                continue;
            studio << a->property("exportFormat").toString();
            filters << a->property("exportFilter").toString();
        }
        const test::CliResult r = test::runCli(
            {QStringLiteral("export"), testing::samplePath(), QStringLiteral("--format"), QStringLiteral("no-such")});
        QCOMPARE(r.exitCode, 2);
        static const QRegularExpression available(QStringLiteral("available: ([^)]*)\\)"));
        const auto m = available.match(QString::fromUtf8(r.err));
        QVERIFY2(m.hasMatch(), r.err.constData());
        const QStringList cli = m.captured(1).split(QStringLiteral(", "));
        QCOMPARE(studio, cli);
        QCOMPARE(cli, exportFormatIds());
        QVERIFY(
            cli.contains(QStringLiteral("slurm-topology-yaml")) && cli.contains(QStringLiteral("k8s-topology-labels")));
        QCOMPARE(filters.size(), studio.size());
        for (qsizetype i = 0; i < studio.size(); ++i)
            QCOMPARE(filters[i], exportFormat(studio[i])->filter());
        QCOMPARE(QSet<QString>(filters.begin(), filters.end()).size(), filters.size()); // one filter per format
        const test::CliResult help = test::runCli({QStringLiteral("export"), QStringLiteral("--help")});
        for (const QString& id : cli)
            QVERIFY2(QString::fromUtf8(help.out).contains(id), qPrintable(id));
    }

    // Issue 15: the status bar and the node inspector show the NVLink domains core computes.
    void studioShowsNvlinkDomains()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        const Design& d = w->document()->design();
        const NvlinkDomains domains = NvlinkDomains::of(d);
        QVERIFY(domains.count() > 0);
        w->statusPanel()->recompute(); // on this thread: the status bar shows the figures at once
        QVERIFY2(w->statusPanel()->text().contains(domains.text()), qPrintable(w->statusPanel()->text()));
        const NodeId server = domains.domains().front().nodes.front();
        w->scene()->selectNodes({server}); // the inspector follows the selection at once
        QVERIFY2(w->inspector()->specsText().contains(QStringLiteral("NVLink domain %1: %2 GPUs")
                                                          .arg(domains.domainOf(server)->name)
                                                          .arg(domains.domainOf(server)->gpus)),
            qPrintable(w->inspector()->specsText()));
    }

    // Issue 28: selecting a sidecar power rack shows its capacity and the racks it feeds, as the power
    // chain assigns them (the text `power` and `failures` print). One Vera Rubin SU in Max-Q on
    // 800 VDC: 2 sidecars of 800 kW, each feeding 4 racks of 190 kW = 760 kW and 4 x 72 = 288 GPUs.
    void studioShowsASidecarsRacks()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("vr800.podwright"));
        const test::CliResult g
            = test::runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("vera-rubin-nvl72"),
                QStringLiteral("--gpus"), QStringLiteral("576"), QStringLiteral("--switch"), QStringLiteral("sn5610"),
                QStringLiteral("--power-mode"), QStringLiteral("max-q"), QStringLiteral("--power-chain"),
                QStringLiteral("800vdc"), QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(file));
        const PowerChain chain = PowerChain::of(w->document()->design(), 1.0);
        QCOMPARE(int(chain.sidecars.size()), 2);
        const SidecarChain& sidecar = chain.sidecars.front();
        const QString text = chain.sidecarText(sidecar);
        QVERIFY2(
            text.startsWith(QLatin1String("800 kW, feeds ")) && text.endsWith(QLatin1String("(760.0 kW, 288 GPUs)")),
            qPrintable(text));
        w->scene()->selectNodes({sidecar.node});
        QVERIFY2(w->inspector()->specsText().contains(QStringLiteral("Sidecar power rack: ") + text),
            qPrintable(w->inspector()->specsText()));
    }

    void studioAndCliDrawOnePicture_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("sample") << testing::samplePath();
        const QString generated = mDir.filePath(QStringLiteral("gen256.podwright"));
        const test::CliResult g = test::runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("dgx-h100"), QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--switch"),
            QStringLiteral("qm9700"), QStringLiteral("-o"), generated});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QTest::newRow("generated 256 GPUs") << generated;
    }

    void studioAndCliDrawOnePicture()
    {
        QFETCH(QString, design);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(design));
        const Design& d = w->document()->design();

        const QString guiSvg = mDir.filePath(tag + QStringLiteral("-studio.svg"));
        exportFromStudio(w.get(), QStringLiteral("svg"), guiSvg);
        const QString cliSvg = mDir.filePath(tag + QStringLiteral("-cli.svg"));
        const test::CliResult r = test::runCli({QStringLiteral("export"), design, QStringLiteral("--format"),
            QStringLiteral("svg"), QStringLiteral("-o"), cliSvg});
        QVERIFY2(r.exitCode == 0, r.err.constData());

        // The same boxes, in the same places.
        const std::vector<QRectF> gui = svgRects(readAll(guiSvg));
        const std::vector<QRectF> cli = svgRects(readAll(cliSvg));
        QVERIFY(!gui.empty());
        QCOMPARE(gui.size(), cli.size());
        for (size_t i = 0; i < gui.size(); ++i)
            QVERIFY2(gui[i] == cli[i],
                qPrintable(QStringLiteral("box %1: studio (%2, %3) against CLI (%4, %5)")
                               .arg(i)
                               .arg(gui[i].x())
                               .arg(gui[i].y())
                               .arg(cli[i].x())
                               .arg(cli[i].y())));

        // Every node has its box, centred where the canvas puts the node, shifted by the file's
        // margin and title strip alone.
        const QPointF shift = DesignPictureRenderer::origin(DesignPicture::of(d));
        int found = 0;
        d.nodes().forEach([&](const Node& n) {
            const QSizeF s = DesignPicture::nodeSize(d.itemOf(n.id) ? d.itemOf(n.id)->kind : ItemKind::Appliance);
            const NodeItem* item = w->scene()->nodeItem(n.id);
            QVERIFY(item);
            QCOMPARE(item->pos(), n.position); // the canvas draws the node where the design has it
            const QPointF centre = item->pos() + shift;
            const bool drawn = std::any_of(gui.begin(), gui.end(), [&](const QRectF& rect) {
                return std::abs(rect.width() - s.width()) < 0.2 && std::abs(rect.height() - s.height()) < 0.2
                    && std::abs(rect.center().x() - centre.x()) < 0.2 && std::abs(rect.center().y() - centre.y()) < 0.2;
            });
            found += drawn ? 1 : 0;
        });
        QCOMPARE(found, static_cast<int>(d.nodes().size()));

        // The PNG is the same picture: one size from both.
        const QString guiPng = mDir.filePath(tag + QStringLiteral("-studio.png"));
        exportFromStudio(w.get(), QStringLiteral("png"), guiPng);
        const QString cliPng = mDir.filePath(tag + QStringLiteral("-cli.png"));
        const test::CliResult rp = test::runCli({QStringLiteral("export"), design, QStringLiteral("--format"),
            QStringLiteral("png"), QStringLiteral("-o"), cliPng});
        QVERIFY2(rp.exitCode == 0, rp.err.constData());
        const QImage a(guiPng);
        const QImage b(cliPng);
        QVERIFY(!a.isNull() && !b.isNull());
        QCOMPARE(a.size(), b.size());
    }

    // Issue 14: the proposal goes to a customer as exported. The export dialog offers the
    // design's readable name as the title (never SKU codes or "Untitled design"), and the
    // internal sourcing appendix only when asked for.
    void reportDialogDefaultsAreCustomerReady()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        Design unnamed = w->document()->design();
        unnamed.setName(DesignName::placeholder());
        ExportReportDialog dlg(DesignName::forReader(unnamed), mDir.filePath(QStringLiteral("p.pdf")));
        auto* title = dlg.findChild<QLineEdit*>(QStringLiteral("title"));
        auto* appendix = dlg.findChild<QCheckBox*>(QStringLiteral("sourcingAppendix"));
        QVERIFY(title && appendix);
        QVERIFY2(!title->text().isEmpty() && title->text() != DesignName::placeholder(), qPrintable(title->text()));
        QVERIFY(!appendix->isChecked());
        QVERIFY(!dlg.options().sourcingAppendix);
        QCOMPARE(dlg.options().title, title->text());
        title->setText(QStringLiteral("Acme pilot cluster"));
        appendix->setChecked(true);
        QCOMPARE(dlg.options().title, QStringLiteral("Acme pilot cluster"));
        QVERIFY(dlg.options().sourcingAppendix);
    }

    // Issue 14, "done when": the proposal is sent as the studio exports it. File > Export Report with
    // the dialog's defaults writes a PDF a customer can read: the design's name on the cover, no
    // internal sourcing notes, amounts rounded for reading (the studio's own capital cost), and
    // no blank page.
    void proposalIsSentAsExportedFromTheStudio()
    {
        auto w = testing::makeWindow();
        QVERIFY(w->openFile(testing::samplePath()));
        w->analysis()->recompute();
        QVERIFY(w->analysis()->cost().has_value());
        const double capex = w->analysis()->cost()->capex;
        const QString name = w->document()->design().name();
        QVERIFY(!name.isEmpty());

        const QString pdf = mDir.filePath(QStringLiteral("as-exported.pdf"));
        bool driven = false;
        testing::whenModal<ExportReportDialog>(this, [&](ExportReportDialog* dlg) {
            driven = true;
            // Only where to write it is typed; everything else is the dialog's default.
            dlg->findChild<QLineEdit*>(QStringLiteral("output"))->setText(pdf);
            testing::okButton(dlg)->click();
        });
        w->action(QStringLiteral("actionExportReport"))->trigger();
        QVERIFY(driven);
        QVERIFY(QFileInfo::exists(pdf));

        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000) && text.exitCode() == 0);
        const QString body = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(body.simplified().contains(name), qPrintable(name));
        QVERIFY(!body.contains(QStringLiteral("Untitled design")));
        static const QRegularExpression internal(
            QStringLiteral(
                "low reliability|stale base|\\b[\\w-]+\\.(md|txt)\\b|\\[S\\d+[a-z]?\\]|docs/research|github"),
            QRegularExpression::CaseInsensitiveOption);
        const auto leak = internal.match(body);
        QVERIFY2(!leak.hasMatch(), qPrintable(body.mid(std::max<qsizetype>(0, leak.capturedStart() - 60), 140)));
        QVERIFY(!body.contains(QStringLiteral("Appendix: sourcing notes")));
        QVERIFY2(body.contains(QStringLiteral("The capital cost is estimated at %1").arg(Money::usd().rounded(capex))),
            qPrintable(Money::usd().rounded(capex)));

        // No blank page: every page has ink between its header and footer (pdftoppm at a low
        // resolution).
        QProcess ppm;
        ppm.start(QStringLiteral("pdftoppm"),
            {QStringLiteral("-r"), QStringLiteral("12"), QStringLiteral("-png"), pdf,
                mDir.filePath(QStringLiteral("sent"))});
        QVERIFY(ppm.waitForFinished(60000) && ppm.exitCode() == 0);
        const QStringList pages = QDir(mDir.path()).entryList({QStringLiteral("sent*.png")}, QDir::Files, QDir::Name);
        QVERIFY(pages.size() >= 5);
        for (const QString& page : pages) {
            const QImage img(mDir.filePath(page));
            int inked = 0;
            for (int y = img.height() * 12 / 100; y < img.height() * 88 / 100; ++y)
                for (int x = 0; x < img.width(); ++x)
                    inked += qGray(img.pixel(x, y)) < 160;
            // A table row is enough (the last page may hold the end of a table and the sources).
            QVERIFY2(inked > img.width() * img.height() / 4000, qPrintable(page + QStringLiteral(" is blank")));
        }
    }
};

QTEST_MAIN(TestExportPicture)
#include "tst_exportpicture.moc"
