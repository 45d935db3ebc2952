// Canvas frame times with Google Benchmark: each design (the built-in 512- and 2,048-DGX rail fabrics,
// a generated 100,000-GPU SuperPOD, and the .podwright/.json files given after the benchmark flags) is
// opened in the real view under the offscreen platform at 1600x1000. Per design: opening (load, scene,
// fit, first frame), a full repaint fitted to the whole design, one zoomed to 1:1, and one drag step
// of 32 nodes with its repaint; a wheel zoom step and a middle-drag pan step as the studio receives
// them (the event sent to the viewport, so the level of detail, group boxes, link bundles and
// labels follow exactly as they do there, then the repaint; the zoom and pan only on the files
// given). And Edit > Change Design Dials in the studio's window at 1,024 and 10,000 GPUs, with its
// undo. Five repetitions each; docs/benchmarks.md quotes the median (tests/bench/run-benchmarks.sh
// prints its tables).
#include "helpers/syntheticfabric.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "designdocument.h"
#include "filesession.h"
#include "mainwindow.h"
#include "nodeitem.h"

#include "catalog/catalog.h"
#include "generate/fabricgenerator.h"
#include "generate/regenerate.h"
#include "model/design.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QFileInfo>
#include <QMouseEvent>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace pw;
using namespace pw::ui;

namespace {

const Catalog& catalog()
{
    static const std::unique_ptr<Catalog> c = Catalog::loadDefault();
    return *c;
}

Design generated(int gpus)
{
    GeneratorOptions o;
    o.serverSku = QStringLiteral("dgx-h100");
    o.gpus = gpus;
    o.switchSku = QStringLiteral("qm9700");
    GenerateResult r = FabricGenerator::generate(o, catalog());
    if (!r.ok())
        throw std::runtime_error(("generate refused: " + r.error).toStdString());
    return std::move(*r.design);
}

// A design open in a shown view, fitted.
struct OpenCanvas {
    DesignDocument doc{&catalog()};
    CanvasScene scene{&doc};
    CanvasView view{&scene};

    explicit OpenCanvas(Design design)
    {
        view.resize(1600, 1000);
        doc.reset(std::move(design));
        view.show();
        view.fitAll();
        QApplication::processEvents();
        view.viewport()->repaint();
    }
};

using DesignSource = std::function<Design()>;

// One open canvas per design, kept for the frame benchmarks (opening a large design takes seconds);
// main() closes them before the application object goes.
std::map<std::string, std::unique_ptr<OpenCanvas>>& openCanvases()
{
    static std::map<std::string, std::unique_ptr<OpenCanvas>> open;
    return open;
}

OpenCanvas& openCanvas(const std::string& label, const DesignSource& source)
{
    auto& slot = openCanvases()[label];
    if (!slot)
        slot = std::make_unique<OpenCanvas>(source());
    return *slot;
}

void setCounters(benchmark::State& state, OpenCanvas& c)
{
    int gpus = 0;
    c.doc.design().nodes().forEach([&](const Node& n) {
        if (const CatalogItem* i = c.doc.design().item(n.sku))
            gpus += i->gpuCount();
    });
    state.counters["gpus"] = gpus;
    state.counters["nodes"] = static_cast<double>(c.doc.design().nodes().size());
    state.counters["links"] = static_cast<double>(c.doc.design().links().size());
    state.counters["visible_nodes"] = c.scene.visibleNodeItemCount();
    state.counters["bundles"] = static_cast<double>(c.scene.linkBundleCount());
}

void registerDesign(const std::string& label, const DesignSource& source)
{
    benchmark::RegisterBenchmark(("open/" + label).c_str(),
        [=](benchmark::State& state) {
            for (auto _ : state) {
                auto c = std::make_unique<OpenCanvas>(source());
                state.PauseTiming(); // tearing the scene down is not part of opening
                c.reset();
                state.ResumeTiming();
            }
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);

    benchmark::RegisterBenchmark(("frame_fitted/" + label).c_str(),
        [=](benchmark::State& state) {
            OpenCanvas& c = openCanvas(label, source);
            c.view.fitAll();
            QApplication::processEvents();
            for (auto _ : state)
                c.view.viewport()->repaint();
            setCounters(state, c);
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(10)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);

    benchmark::RegisterBenchmark(("frame_zoomed/" + label).c_str(),
        [=](benchmark::State& state) {
            OpenCanvas& c = openCanvas(label, source);
            c.view.setTransform(QTransform());
            NodeId first;
            c.doc.design().nodes().forEach([&](const Node& n) {
                if (!first.isValid())
                    first = n.id;
            });
            if (first.isValid())
                c.view.centerOn(c.doc.design().node(first)->position);
            QApplication::processEvents();
            for (auto _ : state)
                c.view.viewport()->repaint();
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(10)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);

    // One drag step of 32 nodes at fit-all (what SelectTool::move does), with the repaint.
    benchmark::RegisterBenchmark(("drag_step/" + label).c_str(),
        [=](benchmark::State& state) {
            OpenCanvas& c = openCanvas(label, source);
            c.view.fitAll();
            std::vector<NodeItem*> moving;
            c.doc.design().nodes().forEach([&](const Node& n) {
                if (moving.size() < 32)
                    moving.push_back(c.scene.nodeItem(n.id));
            });
            int step = 0;
            for (auto _ : state) {
                ++step;
                for (NodeItem* item : moving)
                    item->setPos(item->pos() + QPointF(step % 2 ? 10 : -10, 0));
                c.scene.itemsMoved();
                c.view.viewport()->repaint();
            }
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(10)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);
}

// One notch of the mouse wheel at the viewport's centre, delivered as the studio gets it.
void wheelNotch(CanvasView& view, int notches)
{
    const QPointF at = QRectF(view.viewport()->rect()).center();
    QWheelEvent wheel(at, view.viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
}

void sendMouse(CanvasView& view, QEvent::Type type, QPointF at, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, at, view.viewport()->mapToGlobal(at), Qt::MiddleButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(view.viewport(), &event);
}

// The slowest step of a run, wall and CPU time of this thread (the one that handles the events and
// paints): a user feels the worst step, and under load the CPU time is the figure to compare.
class WorstStep {
public:
    void start()
    {
        mWall = std::chrono::steady_clock::now();
        mCpu = threadCpuMs();
    }
    void stop()
    {
        const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - mWall).count();
        mWorstWallMs = std::max(mWorstWallMs, wall);
        mWorstCpuMs = std::max(mWorstCpuMs, threadCpuMs() - mCpu);
    }
    // The most the view showed on the way: a walk that opens no pod measures no detail change.
    void sawScene(const OpenCanvas& c)
    {
        mMostVisible = std::max(mMostVisible, c.scene.visibleNodeItemCount());
        mMostBundles = std::max(mMostBundles, c.scene.linkBundleCount());
    }
    void report(benchmark::State& state) const
    {
        state.counters["worst_step_ms"] = mWorstWallMs;
        state.counters["worst_step_cpu_ms"] = mWorstCpuMs;
        state.counters["most_visible_nodes"] = mMostVisible;
        state.counters["most_bundles"] = mMostBundles;
    }

private:
    static double threadCpuMs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }
    std::chrono::steady_clock::time_point mWall;
    double mCpu = 0;
    double mWorstWallMs = 0;
    double mWorstCpuMs = 0;
    int mMostVisible = 0;
    int mMostBundles = 0;
};

// The wheel walks from fit-all in kZoomWalk notches and back out, so the steps pass through every
// level of detail a user crosses zooming into a pod (groups opening, bands splitting into links).
constexpr int kZoomWalk = 12;

void registerZoomAndPan(const std::string& label, const DesignSource& source)
{
    benchmark::RegisterBenchmark(("zoom_step/" + label).c_str(),
        [=](benchmark::State& state) {
            OpenCanvas& c = openCanvas(label, source);
            c.view.fitAll();
            QApplication::processEvents();
            c.view.viewport()->repaint();
            int step = 0;
            WorstStep worst;
            for (auto _ : state) {
                const bool inward = step % (2 * kZoomWalk) < kZoomWalk;
                ++step;
                worst.start();
                wheelNotch(c.view, inward ? 1 : -1);
                QApplication::processEvents(); // whatever the step posted (overview map, status)
                c.view.viewport()->repaint();
                worst.stop();
                state.PauseTiming(); // counting the scene's items is the benchmark's, not the step's
                worst.sawScene(c);
                state.ResumeTiming();
            }
            setCounters(state, c);
            worst.report(state);
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(2 * kZoomWalk)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);

    // A middle-button drag of 60 px a step, a whole walk in from fit-all: pods open and close at
    // the edges as they come into view and leave it.
    benchmark::RegisterBenchmark(("pan_step/" + label).c_str(),
        [=](benchmark::State& state) {
            OpenCanvas& c = openCanvas(label, source);
            c.view.fitAll();
            for (int i = 0; i < kZoomWalk; ++i)
                wheelNotch(c.view, 1);
            QApplication::processEvents();
            c.view.viewport()->repaint();
            const QPointF centre = QRectF(c.view.viewport()->rect()).center();
            sendMouse(c.view, QEvent::MouseButtonPress, centre, Qt::MiddleButton);
            int step = 0;
            WorstStep worst;
            for (auto _ : state) {
                const int s = step % 16; // 8 steps of 60 px out, 8 back
                const double dx = -60.0 * (s < 8 ? s + 1 : 15 - s);
                ++step;
                worst.start();
                sendMouse(c.view, QEvent::MouseMove, centre + QPointF(dx, dx / 2), Qt::MiddleButton);
                QApplication::processEvents();
                c.view.viewport()->repaint();
                worst.stop();
                state.PauseTiming(); // counting the scene's items is the benchmark's, not the step's
                worst.sawScene(c);
                state.ResumeTiming();
            }
            sendMouse(c.view, QEvent::MouseButtonRelease, centre, Qt::NoButton);
            setCounters(state, c);
            worst.report(state);
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(16)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);
}

// Edit > Change Design Dials in the studio's own window (issue 29: a rebuild of up to 10,000 GPUs
// under 1 s): the generator on its worker thread, the one undoable step, the scene rebuilt; the
// dials alternate between 1:1 and 2:1 so every step changes the design. Then undo and redo of the
// step, which swap the two designs.
void registerRebuild(int gpus)
{
    struct Studio {
        ui::MainWindow window{&catalog()};
        explicit Studio(int gpus)
        {
            window.setErrorReporter([](const QString& title, const QString& message) {
                throw std::runtime_error((title + QStringLiteral(": ") + message).toStdString());
            });
            window.resize(1600, 1000);
            window.show();
            window.session()->adoptUnsaved(generated(gpus));
            QApplication::processEvents();
        }
        void turnDials(int step)
        {
            DesignDials dials = *Regenerate::dialsOf(window.document()->design());
            dials.oversubscription = step % 2 ? Oversubscription{2, 1} : Oversubscription{1, 1};
            if (!window.changeDials(dials))
                throw std::runtime_error("the dials did not change the design");
        }
    };
    const std::string label = "generated-" + std::to_string(gpus) + "-gpus";
    benchmark::RegisterBenchmark(("rebuild_dials/" + label).c_str(),
        [gpus](benchmark::State& state) {
            Studio studio(gpus);
            int step = 0;
            for (auto _ : state) {
                studio.turnDials(++step);
                QApplication::processEvents(); // the fit the window posts after a replaced design
            }
            state.counters["gpus"] = gpus;
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(4)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);
    benchmark::RegisterBenchmark(("undo_rebuild/" + label).c_str(),
        [gpus](benchmark::State& state) {
            Studio studio(gpus);
            studio.turnDials(1);
            QUndoStack* undo = studio.window.document()->undoStack();
            for (auto _ : state) {
                undo->canUndo() ? undo->undo() : undo->redo();
                QApplication::processEvents();
            }
            state.counters["gpus"] = gpus;
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(4)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);
}

// File > Open in the studio's own window (issue 29: the 100,000-GPU file under 0.5 s): the load,
// every view and panel that follows a new design on the GUI thread (canvas, floor, notes,
// placement check, status), the fit the window posts, and the first frame.
void registerStudioOpen(const QString& path)
{
    benchmark::RegisterBenchmark(("open_studio/" + QFileInfo(path).fileName().toStdString()).c_str(),
        [path](benchmark::State& state) {
            for (auto _ : state) {
                state.PauseTiming(); // a window that is up already, as when the user opens a file
                auto window = std::make_unique<ui::MainWindow>(&catalog());
                window->setErrorReporter([](const QString& title, const QString& message) {
                    throw std::runtime_error((title + QStringLiteral(": ") + message).toStdString());
                });
                window->resize(1600, 1000);
                window->show();
                QApplication::processEvents();
                state.ResumeTiming();
                if (!window->openFile(path))
                    throw std::runtime_error("the studio did not open the file");
                QApplication::processEvents(); // the fit posted after the reset
                window->view()->viewport()->repaint();
                state.PauseTiming();
                window.reset();
                state.ResumeTiming();
            }
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->Repetitions(5)
        ->ReportAggregatesOnly(true);
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv); // leaves the design files in argv
    const std::vector<std::string> files(argv + 1, argv + argc);
    registerDesign("synthetic-512-dgx", [] { return testing::buildRailFabric(catalog(), 16); });
    registerDesign("synthetic-2048-dgx", [] { return testing::buildRailFabric(catalog(), 64); });
    registerDesign("generated-100000-gpus", [] { return generated(100000); });
    registerRebuild(1024);
    registerRebuild(10000);
    for (const std::string& f : files) {
        const QString path = QString::fromStdString(f);
        registerDesign(
            QFileInfo(path).fileName().toStdString(), [path] { return DesignDocument::loadFile(path, &catalog()); });
    }
    // The wheel and the drag on the files given (issue 29 measures them on the saved 100,000-GPU design).
    for (const std::string& f : files) {
        const QString path = QString::fromStdString(f);
        registerZoomAndPan(
            QFileInfo(path).fileName().toStdString(), [path] { return DesignDocument::loadFile(path, &catalog()); });
        registerStudioOpen(path);
    }
    benchmark::RunSpecifiedBenchmarks();
    openCanvases().clear();
    benchmark::Shutdown();
    return 0;
}
