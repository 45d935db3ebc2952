// The acceptance report (issue 27 §2): `verify --acceptance-pdf` states "N of N compute links as
// designed" with the UFM links named, or lists every difference with rack, U, port, cable label
// and fix; `--store` keeps the result with the design and the proposal states it. The discovery is
// the design's own ibsim-net export written as ibnetdiscover prints it (no ibsim needed: the
// real-tool run is tst_cli_ibsim), with cables moved by a text edit.
#include "helpers/clirunner.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

namespace {

// An ibsim net file as ibnetdiscover prints the same fabric: Hca records are "Ca", each node's
// description follows its id after "#", and every cable reports 4xNDR (400 Gb/s, as designed).
QByteArray asDiscovered(const QByteArray& net)
{
    QString s = QString::fromUtf8(net);
    static const QRegularExpression port(
        QStringLiteral("^(\\[\\d+\\] \"[^\"]+\"\\[\\d+\\])$"), QRegularExpression::MultilineOption);
    s.replace(QStringLiteral("\nHca "), QStringLiteral("\nCa "));
    static const QRegularExpression node(
        QStringLiteral("^(Switch|Ca) (\\d+) \"([^\"]+)\"$"), QRegularExpression::MultilineOption);
    s.replace(node, QStringLiteral("\\1 \\2 \"\\3\" # \"\\3\""));
    s.replace(port, QStringLiteral("\\1 # lid 1 4xNDR"));
    return s.toUtf8();
}

// pdftotext's text of a PDF with its ligatures ("ﬀ", "ﬁ") spelled out.
QString pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput())
        .replace(QChar(0xfb00), QStringLiteral("ff"))
        .replace(QChar(0xfb01), QStringLiteral("fi"));
}

} // namespace

class TestCliAcceptance : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

    QString path(const QString& name) const { return mDir.filePath(name); }

    QString generate(const QString& name, const QString& nodes)
    {
        const QString file = path(name + QStringLiteral(".podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
            QStringLiteral("--switch"), QStringLiteral("qm9700"), QStringLiteral("--nodes"), nodes,
            QStringLiteral("-o"), file});
        if (g.exitCode != 0)
            qFatal("generate failed: %s", g.err.constData());
        return file;
    }

    QString discovery(const QString& design, const QString& name, const std::function<void(QByteArray&)>& edit = {})
    {
        const auto r
            = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("ibsim-net")});
        if (r.exitCode != 0)
            qFatal("export failed: %s", r.err.constData());
        QByteArray net = r.out;
        if (edit)
            edit(net);
        QFile f(path(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(asDiscovered(net)) < 0)
            qFatal("cannot write the discovery");
        return f.fileName();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty())
            QFAIL("pdftotext and pdftoppm (poppler-utils) are needed");
    }

    // One scalable unit: 31 DGX H100 x 8 rails = 248 links to the 8 rail leaves, 8 leaves x 32
    // uplinks = 256 to the 4 spines, and the UFM pair's 2 x 2 = 4 (the slot the 32nd DGX gave up):
    // 508 in all. Discovered as designed: "508 of 508 compute links as
    // designed", the UFM links named, exit 0, one page with ink.
    void asDesignedStatesNOfN()
    {
        const QString design = generate(QStringLiteral("su"), QStringLiteral("32"));
        const QString found = discovery(design, QStringLiteral("su.topo"));
        const QString pdf = path(QStringLiteral("su-acceptance.pdf"));
        const auto r = runCli({QStringLiteral("verify"), design, QStringLiteral("--ibnetdiscover"), found,
            QStringLiteral("--acceptance-pdf"), pdf});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY2(r.err.contains("wrote") && r.err.contains("(1 page)"), r.err.constData());
        const QString text = pdfText(pdf);
        QVERIFY2(text.contains(QLatin1String("508 of 508 compute links as designed (UFM links: 4 of 4).")),
            qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Page 1 of 1")));
        QVERIFY(!text.contains(QLatin1String("Miscabled")));

        QProcess ppm;
        ppm.start(QStringLiteral("pdftoppm"),
            {QStringLiteral("-r"), QStringLiteral("30"), QStringLiteral("-gray"), QStringLiteral("-singlefile"), pdf,
                path(QStringLiteral("su-page"))});
        QVERIFY(ppm.waitForFinished(60000));
        QCOMPARE(ppm.exitCode(), 0);
        QFile pgm(path(QStringLiteral("su-page.pgm")));
        QVERIFY(pgm.open(QIODevice::ReadOnly));
        const QByteArray bytes = pgm.readAll();
        QVERIFY(bytes.startsWith("P5\n"));
        // The pixels follow the header's three lines (P5, width height, 255).
        const qsizetype start = bytes.indexOf('\n', bytes.indexOf('\n', 3) + 1) + 1;
        int dark = 0;
        for (qsizetype i = start; i < bytes.size(); ++i)
            dark += static_cast<unsigned char>(bytes.at(i)) < 128 ? 1 : 0;
        QVERIFY2(dark > 200, qPrintable(QString::number(dark))); // the title, tiles and headline
    }

    // Four DGX H100 on one QM9700: 32 links, server n's rail r on switch port 8(n-1)+r. Moved:
    // dgx-h100-00002 mlx5_0 from port 9 to the free port 40; removed: port 17 (dgx-h100-00003
    // mlx5_0). 30 of 32 as designed; the cabling plan's rows 9 and 17 are those two cables, so the
    // contractor reads C-00009 (miscabled, move it from port 40 to port 9) and C-00017 (missing),
    // with their racks and U.
    void differencesListedWithRackUPortLabelAndFix()
    {
        const QString design = generate(QStringLiteral("four"), QStringLiteral("4"));
        const QString found = discovery(design, QStringLiteral("four.topo"), [](QByteArray& net) {
            net.replace("[9] \"dgx-h100-00002 mlx5_0\"[1]", "[40] \"dgx-h100-00002 mlx5_0\"[1]");
            net.replace("\"leaf-r1-8\"[9]", "\"leaf-r1-8\"[40]");
            net.replace("[17] \"dgx-h100-00003 mlx5_0\"[1]\n", "");
            net.replace("[1] \"leaf-r1-8\"[17]\n", "");
        });
        const QString pdf = path(QStringLiteral("four-acceptance.pdf"));
        const auto r = runCli({QStringLiteral("verify"), design, QStringLiteral("--ibnetdiscover"), found,
            QStringLiteral("--acceptance-pdf"), pdf, QStringLiteral("--store")});
        QCOMPARE(r.exitCode, 1);
        // One count: the text report and the PDF give the same 30 of 32.
        QVERIFY2(r.out.startsWith("30 of 32 designed links as designed (31 cables discovered)"), r.out.constData());
        const QString text = pdfText(pdf).simplified();
        QVERIFY2(
            text.contains(QLatin1String("30 of 32 compute links as designed; 2 differences: 1 missing, 1 miscabled")),
            qPrintable(text));
        const auto plan
            = runCli({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("cabling-csv")});
        QVERIFY(plan.out.contains("C-00009,dgx-h100-00002,compute/1,U001-02,9,leaf-r1-8,9,U001-01,1,"));
        QVERIFY(plan.out.contains("C-00017,dgx-h100-00003,compute/1,U001-02,17,leaf-r1-8,17,U001-01,1,"));
        for (const char* row :
            {"Miscabled C-00009 dgx-h100-00002 mlx5_0 leaf-r1-8 port 40", "Move the end of cable C-00009 at leaf-r1-8",
                "rack U001-02, U9", "Missing C-00017", "Run cable C-00017 from dgx-h100-00003"})
            QVERIFY2(text.contains(QLatin1String(row)), row);

        // --store kept it with the design: the proposal's key figures state it.
        const QString proposal = path(QStringLiteral("four-proposal.pdf"));
        const auto report = runCli({QStringLiteral("report"), design, QStringLiteral("-o"), proposal});
        QVERIFY2(report.exitCode == 0, report.err.constData());
        const QString proposalText = pdfText(proposal).simplified();
        QVERIFY(proposalText.contains(QLatin1String("Acceptance (cabling verified)")));
        QVERIFY(proposalText.contains(QLatin1String("30 of 32 compute links as designed")));
        QVERIFY(proposalText.contains(QLatin1String("four.topo")));
    }
};

QTEST_GUILESS_MAIN(TestCliAcceptance)
#include "tst_cli_acceptance.moc"
