#include "verificationpanel.h"

#include "acceptancereportwriter.h"
#include "backgroundtask.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "verificationoverlayitem.h"

#include "analysis/fabricverification.h"
#include "export/ibfabric.h"
#include "io/ibnetdiscovertopology.h"
#include "util/errors.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace pw::ui {

namespace {

// The kind's line as a small picture, for the list's first column.
QIcon swatch(DifferenceKind kind)
{
    QPixmap pm(28, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(VerificationOverlayItem::color(kind), 2.5, VerificationOverlayItem::dash(kind)));
    p.drawLine(2, 6, 26, 6);
    return QIcon(pm);
}

QString endText(const VerificationEnd& e)
{
    return e.device.isEmpty() ? QString() : e.text();
}

// The design's InfiniBand network a discovery is compared with: compute when it has one.
Network fabricToVerify(const Design& design)
{
    const std::vector<Network> networks = IbFabric::networks(design);
    if (networks.empty())
        throw Error(QStringLiteral("The design has no InfiniBand fabric to verify a discovery against."));
    for (Network n : networks)
        if (n == Network::Compute)
            return n;
    return networks.front();
}

} // namespace

VerificationPanel::VerificationPanel(DesignDocument* document, CanvasScene* scene, CanvasView* view, QWidget* parent)
    : QWidget(parent),
      mDocument(document),
      mScene(scene),
      mView(view),
      mOverlay(new VerificationOverlayItem(scene)),
      mHeadline(new QLabel(this)),
      mList(new QTreeWidget(this)),
      mButtons(new QWidget(this))
{
    setObjectName(QStringLiteral("verificationPanel"));
    mScene->addItem(mOverlay);
    mOverlay->setVisible(false);
    mHeadline->setObjectName(QStringLiteral("verificationHeadline"));
    mHeadline->setWordWrap(true);
    mHeadline->setText(tr("No verification. File > Verify Against Discovery… compares the cluster as "
                          "discovered (ibnetdiscover) with the design."));
    mList->setObjectName(QStringLiteral("verificationList"));
    mList->setRootIsDecorated(false);
    mList->setUniformRowHeights(true);
    mList->setHeaderLabels({tr("Difference"), tr("Label"), tr("End A"), tr("End B"), tr("Fix")});
    mList->header()->setStretchLastSection(true);
    auto* buttons = new QHBoxLayout(mButtons);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(mHeadline);
    layout->addWidget(mButtons);
    layout->addWidget(mList, 1);

    connect(mList, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item)
            showDifference(mList->indexOfTopLevelItem(item));
    });
    connect(mDocument, &DesignDocument::resetDone, this, &VerificationPanel::restoreFromDesign);
    connect(mDocument, &DesignDocument::changed, this, &VerificationPanel::dropIfStale);
    // The lines follow the canvas as groups open and close.
    connect(mScene, &CanvasScene::detailChanged, this, [this] { mOverlay->refresh(); });
    restoreFromDesign();
}

const std::optional<VerificationReport>& VerificationPanel::report() const
{
    return mOverlay->report();
}

void VerificationPanel::addButtons(const QList<QAction*>& actions)
{
    auto* layout = static_cast<QHBoxLayout*>(mButtons->layout());
    for (QAction* a : actions) {
        auto* b = new QToolButton(mButtons);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->insertWidget(layout->count() - 1, b);
    }
}

void VerificationPanel::verify(const QString& discoveryFile, bool ignoreSpeed)
{
    const Design& design = mDocument->design();
    const Network network = fabricToVerify(design);
    std::optional<VerificationReport> result;
    QString error;
    // Parsing and comparing a SuperPOD's discovery takes a moment: off the GUI thread, input held.
    runOffGuiThread(this, tr("Verifying against %1…").arg(QFileInfo(discoveryFile).fileName()), [&] {
        QFile file(discoveryFile);
        if (!file.open(QIODevice::ReadOnly)) {
            error = tr("Cannot read %1: %2").arg(discoveryFile, file.errorString());
            return;
        }
        const IbnetdiscoverParse parsed = IbnetdiscoverTopology::parse(file.readAll());
        if (!parsed.topology) {
            error = tr("%1 is not ibnetdiscover output: %2").arg(QFileInfo(discoveryFile).fileName(), parsed.error);
            return;
        }
        const IbFabric designed = IbFabric::of(design, network);
        const FabricVerification v = FabricVerification::of(designed, *parsed.topology, {ignoreSpeed});
        result = VerificationReport::of(
            design, designed, v, QFileInfo(discoveryFile).fileName(), QDateTime::currentDateTimeUtc());
    });
    if (!error.isEmpty())
        throw Error(error);
    mDocument->keepVerification(*result);
    show(std::move(result));
}

void VerificationPanel::clear()
{
    show(std::nullopt);
}

void VerificationPanel::exportAcceptanceReport(const QString& pdfPath) const
{
    std::optional<VerificationReport> r = report();
    if (!r)
        r = VerificationReport::stored(mDocument->design());
    if (!r)
        throw Error(tr("There is no verification to report: verify the design against a discovery first."));
    const auto written = AcceptanceReportWriter::write(*r, mDocument->design().name(), pdfPath);
    if (!written.error.isEmpty())
        throw Error(written.error);
}

void VerificationPanel::show(std::optional<VerificationReport> report)
{
    mList->clear();
    const bool shown = report.has_value();
    if (report) {
        QString text = report->headline() + QLatin1Char('.');
        text += tr(" Discovery: %1, %2.")
                    .arg(report->source, report->when.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
        if (report->unlisted() > 0)
            text += tr(" The design keeps the first %1 differences; %2 more are not listed.")
                        .arg(VerificationReport::kMaxStoredDifferences)
                        .arg(report->unlisted());
        mHeadline->setText(text);
        QList<QTreeWidgetItem*> rows;
        for (const VerificationDifference& d : report->differences) {
            auto* item = new QTreeWidgetItem({toString(d.kind), d.label, endText(d.a), endText(d.b), d.fix});
            item->setIcon(0, swatch(d.kind));
            item->setToolTip(4, d.fix);
            if (d.kind == DifferenceKind::Miscabled)
                item->setToolTip(3, tr("Where the far end is now"));
            rows << item;
        }
        mList->addTopLevelItems(rows);
        for (int c = 0; c < 4; ++c)
            mList->resizeColumnToContents(c);
    } else {
        mHeadline->setText(tr("No verification shown."));
    }
    mOverlay->setReport(std::move(report));
    Q_EMIT shownChanged(shown);
}

void VerificationPanel::restoreFromDesign()
{
    show(VerificationReport::stored(mDocument->design()));
}

void VerificationPanel::dropIfStale()
{
    const Design& d = mDocument->design();
    if (!d.properties().contains(QLatin1String(VerificationReport::kPropertyKey)) || !VerificationReport::isStale(d)) {
        mOverlay->refresh();
        return;
    }
    mDocument->forgetVerification();
    show(std::nullopt);
    mHeadline->setText(tr("The design's fabric changed since the last verification (a device, port or cable of "
                          "the subnet it checked): verify again."));
}

void VerificationPanel::showDifference(int row)
{
    const auto& r = report();
    if (!r || row < 0 || row >= static_cast<int>(r->differences.size()))
        return;
    const VerificationDifference& d = r->differences[static_cast<size_t>(row)];
    const Design& design = mDocument->design();
    mOverlay->setHighlighted(row);
    std::vector<NodeId> nodes;
    for (const VerificationEnd* e : {&d.a, &d.b, d.expected ? &*d.expected : nullptr})
        if (e && e->node.isValid() && design.node(e->node)) {
            mScene->reveal(e->node);
            nodes.push_back(e->node);
        }
    if (d.link.isValid() && design.link(d.link)) {
        const auto& bundles = mScene->linkBundles();
        for (int i = 0; i < static_cast<int>(bundles.size()); ++i) {
            const LinkBundle& b = bundles[static_cast<size_t>(i)];
            if (std::find(b.links.begin(), b.links.end(), d.link) == b.links.end())
                continue;
            mScene->selectBundle(i);
            mView->centerOnScene((b.a->sceneBoundingRect().center() + b.b->sceneBoundingRect().center()) / 2);
            mOverlay->refresh();
            return;
        }
    }
    if (!nodes.empty()) {
        mScene->selectNodes(nodes);
        mView->fitSelection();
    }
    mOverlay->refresh();
}

} // namespace pw::ui
