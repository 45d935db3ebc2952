#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace pw::ui {

// Runs slow work that needs no widget (a repository's push, pull, list) on a worker thread, so that
// the window keeps painting while it runs, and shows a busy dialog over `parent` (none when null)
// once the work has taken longer than a moment. Returns when the work is done; whatever `work`
// throws is rethrown here, on the calling thread, so callers keep their usual error handling.
//
// While it waits, the calling thread runs a local event loop that leaves user input queued until
// the work is done: the window repaints, timers fire, and no click or key reaches the document
// halfway through. `work` must not touch widgets or objects of the calling thread. A QSqlDatabase
// connection it needs is made inside `work` (a connection belongs to the thread that made it).
void runOffGuiThread(QWidget* parent, const QString& label, const std::function<void()>& work);

} // namespace pw::ui
