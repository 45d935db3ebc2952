#pragma once

#include "reportstyle.h"

#include <QColor>
#include <QString>

#include <vector>

namespace pw {

class PdfPageFlow;

// A table on the page flow: wrapped cells with an optional grey note under the text, zebra rows,
// bold (total) rows, and the header repeated on each page the table runs onto.
class PdfTable {
public:
    struct Cell {
        QString text = {};
        QString note = {}; // smaller second line(s), grey
        bool bold = false;
        QColor color = reportstyle::kInk;
    };
    struct Column {
        QString title;
        double share; // of the table width
        Qt::Alignment align = Qt::AlignLeft;
        double pt = 0; // font size of this column's cells; 0: the table's
    };
    using Row = std::vector<Cell>;

    static void draw(PdfPageFlow& page, const std::vector<Column>& cols, const std::vector<Row>& rows, double pt = 8,
        const std::vector<int>& boldRows = {});
};

} // namespace pw
