// Issue 17, section 5: the Floor dock draws a frame of a 100,000-GPU design's floor plan in under
// 16 ms. Renders the whole view (every row, rack and aisle visible) into an image 50 times and
// prints the median and the worst frame; exits 1 when the median misses the target.
//   QT_QPA_PLATFORM=offscreen build-bench/tests/bench/bench_floorview [GPUS]
#include "designdocument.h"
#include "floorview.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace pw;

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    const int gpus = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 100000;
    Catalog catalog;
    catalog.loadDirectory(QStringLiteral(PW_BENCH_CATALOG_DIR));
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.gpus = gpus;
    o.switchSku = QStringLiteral("qm9700");
    GenerateResult g = FabricGenerator::generate(o, catalog);
    if (!g.ok()) {
        std::fprintf(stderr, "generate refused: %s\n", qPrintable(g.error));
        return 2;
    }
    ui::DesignDocument doc(&catalog);
    doc.reset(std::move(*g.design));
    ui::FloorView view(&doc);
    view.resize(1600, 1000);
    QImage frame(view.size(), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> ms;
    for (int i = 0; i < 50; ++i) {
        QElapsedTimer t;
        t.start();
        view.render(&frame);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    std::printf("floor view of %d GPUs (%d racks painted), 1600 x 1000: median %.2f ms, worst %.2f ms (target < 16)\n",
        gpus, view.lastPaintedRacks(), median, ms.back());
    std::printf("%s\n", median < 16 ? "PASS" : "FAIL");
    return median < 16 ? 0 : 1;
}
