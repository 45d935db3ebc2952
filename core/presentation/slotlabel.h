#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace pw {

// What a node's slot in a rack elevation prints, on screen and in the proposal (issue 30): at 1U
// "qm8700-01 · NVIDIA Quantum QM8700 HDR switch" does not fit, and cutting it ("qm8700-3 · Quantum
// QM…") loses the part that names the hardware. The label is the first of these that fits the
// slot: name and model, name and SKU, the name alone; a name too long even alone is elided by the
// caller.
struct SlotLabel {
    [[nodiscard]] static QStringList candidates(const QString& name, const QString& model, const QString& sku);
    // The first candidate `fits` accepts; the name (last candidate) when none does.
    [[nodiscard]] static QString choose(const QStringList& candidates, const std::function<bool(const QString&)>& fits);
};

} // namespace pw
