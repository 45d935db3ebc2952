#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace pw {

// How a node's name and model shorten to fit a box, free of pixels: the canvas (and any other
// front end) measures the forms and shows the longest that fits, so a label is never cut inside a
// word. The rule, applied in order until a form fits:
//   1. the name as written ("leaf-su01-r1", "dgx-h100-00017");
//   2. words and numbers: a name that starts with the node's SKU takes its model's first word
//      ("dgx-h100-00017" -> "DGX 17"), counters lose their letters and leading zeros down to two
//      digits ("su01" -> 1, "00017" -> 17, "001" -> 01), words stay whole ("leaf-su01-r1" -> "leaf 1-1");
//   3. the first word and the counters after the last word ("storage-sw-01" -> "storage 01",
//      "U001-01-pdu-A1" -> "pdu A1"): the role, and the node's own number rather than its rack's;
//   4. for a name made of its SKU and a number, the number alone ("17"): what tells a server from
//      the others of its row, whose model the box shows. Other names keep their word.
struct NodeLabel {
    using Measure = std::function<double(const QString&)>;

    // The forms of a node's name, longest first, each shorter than the one before.
    [[nodiscard]] static QStringList nameForms(const QString& name, const QString& sku, const QString& model);
    // The forms of its model line, longest first: "DGX H100 · 8 GPU", "DGX H100", "H100";
    // "Quantum-2 QM9700 (NDR, managed)", "Quantum-2 QM9700", "QM9700".
    [[nodiscard]] static QStringList modelForms(const QString& model, int gpus);
    // The first (longest) form no wider than `width` by `measure`, or empty when none fits.
    [[nodiscard]] static QString longestFitting(const QStringList& forms, double width, const Measure& measure);
};

} // namespace pw
