#include "presentation/nodelabel.h"

#include <QRegularExpression>

namespace pw {

namespace {

// A counter's digits without their letters and with at most one leading zero kept for two digits:
// "su01" -> "1", "00017" -> "17", "001" -> "01", "r12" -> "12". Upper-case letters stay: they name
// a side or a feed ("A1" of a PDU), not a counter.
QString counter(const QString& token)
{
    static const QRegularExpression lowerThenDigits(QStringLiteral("^([a-z]*)([0-9]+)$"));
    const QRegularExpressionMatch m = lowerThenDigits.match(token);
    if (!m.hasMatch())
        return token;
    QString digits = m.captured(2);
    while (digits.size() > 2 && digits.startsWith(QLatin1Char('0')))
        digits.remove(0, 1);
    // A bare number keeps two digits ("01"); a lettered counter is a small index ("su01" -> "1").
    if (!m.captured(1).isEmpty() && digits.size() == 2 && digits.startsWith(QLatin1Char('0')))
        digits.remove(0, 1);
    return digits;
}

bool isWord(const QString& token)
{
    for (const QChar c : token)
        if (!c.isLetter())
            return false;
    return !token.isEmpty();
}

struct Parts {
    bool fromSku = false; // the name is the SKU and a number: the number tells it from its row
    QStringList words;
    QStringList numbers; // every counter, in order
    QStringList own; // the counters after the last word: the node's own, not its rack's or plane's
};

Parts split(const QString& name, const QString& sku, const QString& model)
{
    Parts parts;
    QString rest = name;
    const QString modelWord = model.section(QLatin1Char(' '), 0, 0);
    // "dgx-h100-00017" on SKU dgx-h100: the SKU reads as its model's first word.
    if (!sku.isEmpty() && rest.startsWith(sku + QLatin1Char('-'), Qt::CaseInsensitive)) {
        parts.words << (modelWord.isEmpty() ? sku : modelWord);
        parts.fromSku = true;
        rest = rest.mid(sku.size() + 1);
    }
    static const QRegularExpression separators(QStringLiteral("[-_ ]+"));
    for (const QString& token : rest.split(separators, Qt::SkipEmptyParts)) {
        if (isWord(token)) {
            // "dgx" of "dgx-01" is spelled as the model spells it: "DGX 01".
            parts.words << (token.compare(modelWord, Qt::CaseInsensitive) == 0 ? modelWord : token);
            parts.own.clear();
        } else {
            parts.numbers << counter(token);
            parts.own << counter(token);
        }
    }
    if (parts.own.isEmpty())
        parts.own = parts.numbers;
    return parts;
}

QString joined(const QStringList& words, const QStringList& numbers)
{
    const QString n = numbers.join(QLatin1Char('-'));
    if (words.isEmpty())
        return n;
    return n.isEmpty() ? words.join(QLatin1Char(' ')) : words.join(QLatin1Char(' ')) + QLatin1Char(' ') + n;
}

// Appends a form only when it is shorter than the last one: every step shows less.
void addShorter(QStringList& forms, const QString& form)
{
    if (!form.isEmpty() && (forms.isEmpty() || form.size() < forms.back().size()))
        forms << form;
}

} // namespace

QStringList NodeLabel::nameForms(const QString& name, const QString& sku, const QString& model)
{
    QStringList forms{name};
    const Parts parts = split(name, sku, model);
    addShorter(forms, joined(parts.words, parts.numbers));
    if (!parts.words.isEmpty())
        addShorter(forms, joined({parts.words.front()}, parts.own));
    if (parts.fromSku || parts.words.isEmpty())
        addShorter(forms, parts.own.join(QLatin1Char('-')));
    return forms;
}

QStringList NodeLabel::modelForms(const QString& model, int gpus)
{
    QStringList forms;
    if (model.isEmpty())
        return forms;
    if (gpus > 0)
        forms << QStringLiteral("%1 · %2 GPU").arg(model).arg(gpus);
    addShorter(forms, model);
    // "Quantum-2 QM9700 (NDR, managed)" -> "Quantum-2 QM9700" -> "QM9700": the remark, then the
    // family, go first; the part number stays.
    static const QRegularExpression remark(QStringLiteral("\\s*[(,].*$"));
    const QString plain = QString(model).remove(remark).trimmed();
    addShorter(forms, plain);
    addShorter(forms, plain.section(QLatin1Char(' '), -1));
    return forms;
}

QString NodeLabel::longestFitting(const QStringList& forms, double width, const Measure& measure)
{
    for (const QString& form : forms)
        if (measure(form) <= width)
            return form;
    return {};
}

} // namespace pw
