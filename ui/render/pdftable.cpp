#include "pdftable.h"

#include "pdfpageflow.h"

#include <algorithm>

namespace pw {

using namespace reportstyle;

void PdfTable::draw(PdfPageFlow& page, const std::vector<Column>& cols, const std::vector<Row>& rows, double pt,
    const std::vector<int>& boldRows)
{
    QPainter& p = page.painter();
    const QRectF& body = page.body();
    const QFont plain = font(pt);
    const QFont bold = font(pt, true);
    const QFont note = font(pt - 1.2);
    const QFont head = font(pt - 0.5, true);
    const double pad = 3;
    std::vector<double> widths;
    for (const Column& c : cols)
        widths.push_back(c.share * body.width());
    auto header = [&] {
        const double h = pt + 2 * pad + 4;
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0xe4, 0xea, 0xf2));
        p.drawRect(QRectF(body.left(), page.y, body.width(), h));
        p.setFont(head);
        p.setPen(kInk);
        double x = body.left();
        for (size_t i = 0; i < cols.size(); ++i) {
            p.drawText(
                QRectF(x + pad, page.y, widths[i] - 2 * pad, h), cols[i].align | Qt::AlignVCenter, cols[i].title);
            x += widths[i];
        }
        page.y += h;
    };
    auto cellFont = [&](const Column& col, const Cell& c, bool boldRow) {
        return col.pt > 0 ? font(col.pt, c.bold || boldRow) : (c.bold || boldRow ? bold : plain);
    };
    auto rowHeight = [&](size_t r, bool isBold) {
        double h = 0;
        for (size_t i = 0; i < cols.size() && i < rows[r].size(); ++i) {
            const Cell& c = rows[r][i];
            const double cw = widths[i] - 2 * pad;
            double ch = page.textHeight(c.text, cellFont(cols[i], c, isBold), cw);
            if (!c.note.isEmpty())
                ch += 1.5 + page.textHeight(c.note, note, cw);
            h = std::max(h, ch);
        }
        return h + 2 * pad;
    };
    page.ensure(60);
    header();
    for (size_t r = 0; r < rows.size(); ++r) {
        const bool isBold = std::find(boldRows.begin(), boldRows.end(), static_cast<int>(r)) != boldRows.end();
        const double h = rowHeight(r, isBold);
        if (h > page.room()) {
            page.newPage();
            header();
        }
        if (r % 2 == 1 || isBold) {
            p.setPen(Qt::NoPen);
            p.setBrush(isBold ? QColor(0xe9, 0xee, 0xf5) : kZebra);
            p.drawRect(QRectF(body.left(), page.y, body.width(), h));
        }
        double x = body.left();
        for (size_t i = 0; i < cols.size() && i < rows[r].size(); ++i) {
            const Cell& c = rows[r][i];
            const double cw = widths[i] - 2 * pad;
            const QFont f = cellFont(cols[i], c, isBold);
            const double th = page.textHeight(c.text, f, cw);
            p.setFont(f);
            p.setPen(c.color);
            p.drawText(QRectF(x + pad, page.y + pad, cw, th + 1), cols[i].align | page.wrap(c.text, f, cw), c.text);
            if (!c.note.isEmpty()) {
                p.setFont(note);
                p.setPen(kMuted);
                p.drawText(QRectF(x + pad, page.y + pad + th + 1.5, cw, h), cols[i].align | page.wrap(c.note, note, cw),
                    c.note);
            }
            x += widths[i];
        }
        page.y += h;
    }
    p.setPen(QPen(kRule, 0.6));
    p.drawLine(QPointF(body.left(), page.y), QPointF(body.right(), page.y));
    page.y += 10;
}

} // namespace pw
