// Canvas frame times: opens a design (the built-in 512-DGX rail fabric, or the .podwright/.json
// files given) in the real view under the offscreen platform at 1600x1000 and times full-frame
// repaints fitted to the whole design and zoomed in to 1:1, and one drag step of 32 nodes.
// Plain executable (no Google Benchmark); numbers go to docs/benchmarks.md.
#include "helpers/syntheticfabric.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "groupitem.h"
#include "linklayeritem.h"
#include "nodeitem.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace pw;
using namespace pw::ui;

namespace {

double medianMs(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

template <typename F>
double timeFrames(int frames, F&& frame)
{
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
        QElapsedTimer t;
        t.start();
        frame();
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    return medianMs(ms);
}

void run(const QString& label, const Catalog& catalog, const std::function<Design()>& load)
{
    QElapsedTimer open;
    open.start();
    Design design = load();
    const double loadMs = open.nsecsElapsed() / 1e6;
    DesignDocument doc(&catalog);
    CanvasScene scene(&doc);
    CanvasView view(&scene);
    view.resize(1600, 1000);
    doc.reset(std::move(design));
    view.show();
    view.fitAll();
    QApplication::processEvents();
    view.viewport()->repaint(); // first frame
    const double openMs = open.nsecsElapsed() / 1e6;

    const int frames = 15;
    const double fitted = timeFrames(frames, [&] { view.viewport()->repaint(); });
    // Zoomed in: 1:1 on the first node.
    view.setTransform(QTransform());
    NodeId first;
    doc.design().nodes().forEach([&](const Node& n) {
        if (!first.isValid())
            first = n.id;
    });
    if (first.isValid())
        view.centerOn(doc.design().node(first)->position);
    QApplication::processEvents();
    const double zoomed = timeFrames(frames, [&] { view.viewport()->repaint(); });
    if (qEnvironmentVariableIsSet("PW_BENCH_BREAKDOWN")) {
        scene.linkLayer()->setVisible(false);
        std::printf("  zoomed without links %.1f ms\n", timeFrames(frames, [&] { view.viewport()->repaint(); }));
        scene.linkLayer()->setVisible(true);
        for (GroupKind kind : {GroupKind::Rack, GroupKind::ScalableUnit, GroupKind::Pod}) {
            for (QGraphicsItem* item : scene.items())
                if (item->type() == QGraphicsItem::UserType + 2)
                    if (const Group* g = doc.design().group(static_cast<GroupItem*>(item)->groupId());
                        g && g->kind == kind)
                        item->setVisible(false);
            std::printf("  zoomed without %s boxes %.1f ms\n", qPrintable(toString(kind)),
                timeFrames(frames, [&] { view.viewport()->repaint(); }));
        }
        QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        view.render(&p);
        img.save(QStringLiteral("/tmp/bench_zoomed.png"));
        std::fflush(stdout);
    }
    // One drag step of 32 nodes at fit-all (what SelectTool::move does), with the repaint.
    view.fitAll();
    std::vector<NodeItem*> moving;
    doc.design().nodes().forEach([&](const Node& n) {
        if (moving.size() < 32)
            moving.push_back(scene.nodeItem(n.id));
    });
    int step = 0;
    const double drag = timeFrames(frames, [&] {
        ++step;
        for (NodeItem* item : moving)
            item->setPos(item->pos() + QPointF(step % 2 ? 10 : -10, 0));
        scene.itemsMoved();
        view.viewport()->repaint();
    });

    int gpus = 0;
    doc.design().nodes().forEach([&](const Node& n) {
        if (const CatalogItem* i = doc.design().item(n.sku))
            gpus += i->gpuCount();
    });
    std::printf("%-28s %7d GPUs %6zu nodes %7zu links | visible nodes %5d bundles %6d | load %7.1f ms, open+first "
                "frame %7.1f ms | "
                "frame fitted %6.1f ms, zoomed 1:1 %6.1f ms, 32-node drag step %6.1f ms\n",
        qPrintable(label), gpus, doc.design().nodes().size(), doc.design().links().size(), scene.visibleNodeItemCount(),
        scene.linkBundleCount(), loadMs, openMs, fitted, zoomed, drag);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const auto catalog = Catalog::loadDefault();
    const QStringList files = app.arguments().mid(1);
    if (files.isEmpty()) {
        run(QStringLiteral("synthetic 512 DGX (built)"), *catalog,
            [&] { return testing::buildRailFabric(*catalog, 16); });
        run(QStringLiteral("synthetic 2048 DGX (built)"), *catalog,
            [&] { return testing::buildRailFabric(*catalog, 64); });
    }
    for (const QString& f : files)
        run(QFileInfo(f).fileName(), *catalog, [&] { return DesignDocument::loadFile(f, catalog.get()); });
    return 0;
}
