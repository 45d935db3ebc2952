#pragma once

#include "dialogs/referencedesigndialog.h"

#include <QDeadlineTimer>
#include <QSignalSpy>

#include <functional>

namespace pw::testing {

// Only a guard against a hang: every wait below ends on a signal long before it.
inline constexpr int kWaitCeilingMs = 60000;

// Waits for work that signals its end: true at once when `condition` already holds, else after an
// emission of `signal` by `sender` that leaves it holding (re-checked after each one). False when
// `ceilingMs` pass first; callers wrap it in QVERIFY2 naming what they waited for. No wall-clock
// poll: a slow machine only makes the wait longer, never the test fail.
template <typename Sender, typename Signal>
[[nodiscard]] bool waitUntil(
    const std::function<bool()>& condition, const Sender* sender, Signal signal, int ceilingMs = kWaitCeilingMs)
{
    QSignalSpy spy(sender, signal); // before the first check, so no emission slips between the two
    const QDeadlineTimer deadline(ceilingMs);
    while (!condition()) {
        if (spy.isEmpty() && !spy.wait(int(qMax<qint64>(1, deadline.remainingTime()))))
            return condition();
        spy.clear();
        if (deadline.hasExpired())
            return condition();
    }
    return true;
}

// The preview of the dials as they are now has landed (built by the worker after the debounce).
[[nodiscard]] inline bool previewLanded(const ui::ReferenceDesignDialog& dialog)
{
    return waitUntil([&] { return !dialog.previewPending(); }, &dialog, &ui::ReferenceDesignDialog::previewUpdated);
}

} // namespace pw::testing
