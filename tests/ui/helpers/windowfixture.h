#pragma once

#include "uitest.h"

#include "canvasscene.h"
#include "canvasview.h"
#include "mainwindow.h"

#include <QSettings>
#include <QTest>

#include <functional>
#include <memory>

namespace pw::testing {

using ErrorReporter = std::function<void(const QString& title, const QString& message)>;

// The default for tests that expect no error dialog at all.
inline void failOnError(const QString& title, const QString& message)
{
    QFAIL(qPrintable(QStringLiteral("unexpected error dialog: %1: %2").arg(title, message)));
}

// A shown main window whose prompts never block: error dialogs go to `onError` (by default they
// fail the test), prompts answer as told.
inline std::unique_ptr<ui::MainWindow> makeWindow(const ErrorReporter& onError = failOnError)
{
    // The wizards remember their last dials in QSettings, which every UI test shares: each window
    // starts from the wizards' defaults, as the tests expect.
    QSettings().remove(QStringLiteral("wizards"));
    QSettings().remove(QStringLiteral("view/darkPalette"));
    QSettings().remove(QStringLiteral("workspace")); // each window starts in the design workspace's default
    auto w = std::make_unique<ui::MainWindow>(&testCatalog());
    w->setErrorReporter(onError);
    w->setUnsavedPrompt([](const QString&) { return QMessageBox::Discard; });
    w->setRecoveryPrompt([](const QString&, const QString&) { return false; });
    // A dropped switch that serves several networks takes the catalog's usual one, unasked.
    w->scene()->setNetworkPrompt([](const CatalogItem&, const std::vector<Network>& choices) {
        return std::optional<Network>(choices.front());
    });
    w->setWindowState(Qt::WindowNoState);
    w->resize(1600, 1000);
    w->show();
    (void)QTest::qWaitForWindowExposed(w.get());
    return w;
}

// Viewport coordinates of a scene point.
inline QPoint at(ui::CanvasView* view, QPointF scenePos)
{
    return view->mapFromScene(scenePos);
}

} // namespace pw::testing
