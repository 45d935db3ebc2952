#pragma once

// What the pod-scale tests (tst_cpo, tst_verarubin) check of a generated design: its findings
// with no error among them, and the lines its bill of materials buys (a CPO switch's laser-source
// modules, installed and spares). Header-only.

#include "cost/billofmaterials.h"
#include "validate/designrules.h"

#include <QStringList>

#include <vector>

namespace pw::test {

// A design's findings without the fabric analysis (slow at pod scale, and checked elsewhere),
// their codes in order, and the errors among them, a line each ("CODE: message"): a test asserts
// `errors` is empty, and prints it when not.
struct Checked {
    std::vector<Finding> findings;
    QStringList codes;
    QString errors;
};
inline Checked checked(const Design& design)
{
    ValidationOptions options;
    options.fabricAnalysis = false;
    Checked c;
    c.findings = validate(design, options);
    QStringList errors;
    for (const Finding& f : c.findings) {
        c.codes << f.code;
        if (f.severity == Severity::Error)
            errors << f.code + QStringLiteral(": ") + f.message;
    }
    c.errors = errors.join(QLatin1Char('\n'));
    return c;
}

// The bill of materials' line of `sku`, installed or spares; null when it has none.
inline const BomLine* bomLine(const BillOfMaterials& bom, const QString& sku, bool spare)
{
    for (const BomLine& l : bom.lines())
        if (l.sku == sku && l.spare == spare)
            return &l;
    return nullptr;
}

} // namespace pw::test
