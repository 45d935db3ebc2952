#pragma once

#include "util/errors.h"

#include <QString>

#include <exception>
#include <functional>

namespace pw::ui {

// Shows an error to the user: a title and the message. Injectable so tests never block on a box.
using ErrorReporter = std::function<void(const QString& title, const QString& message)>;

// Runs a UI action so that no exception crosses the event loop: a pw::Error (or anything else
// thrown) is reported through `report` and the action returns false.
template <typename F>
bool runGuarded(const ErrorReporter& report, const QString& title, F&& action)
{
    try {
        action();
        return true;
    } catch (const Error& e) {
        report(title, e.message());
    } catch (const std::exception& e) {
        report(title, QString::fromUtf8(e.what()));
    } catch (...) {
        report(title, QStringLiteral("unexpected error"));
    }
    return false;
}

} // namespace pw::ui
