#include "export/hostlist.h"

#include "export/exportnames.h"

#include <map>
#include <vector>

namespace pw {

QString Hostlist::sanitize(const QString& name)
{
    return UniqueNames(NameRule::slurm()).valid(name);
}

QString Hostlist::compress(const QStringList& names)
{
    struct Bucket {
        QString prefix;
        int width = 0;
        std::vector<long long> numbers;
    };
    std::vector<Bucket> buckets;
    std::map<std::pair<QString, int>, size_t> index;
    QStringList parts;
    std::vector<std::pair<int, size_t>> order; // (0: literal index into parts, 1: bucket)
    for (const QString& n : names) {
        qsizetype d = n.size();
        while (d > 0 && n.at(d - 1).isDigit() && n.at(d - 1).unicode() < 128)
            --d;
        const int width = static_cast<int>(n.size() - d);
        if (width == 0 || width > 9) {
            order.emplace_back(0, static_cast<size_t>(parts.size()));
            parts << n;
            continue;
        }
        const auto key = std::make_pair(n.left(d), width);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, buckets.size()).first;
            buckets.push_back({key.first, width, {}});
            order.emplace_back(1, it->second);
        }
        buckets[it->second].numbers.push_back(n.mid(d).toLongLong());
    }
    QStringList out;
    for (const auto& [kind, i] : order) {
        if (kind == 0) {
            out << parts.at(static_cast<qsizetype>(i));
            continue;
        }
        Bucket& b = buckets[i];
        std::sort(b.numbers.begin(), b.numbers.end());
        b.numbers.erase(std::unique(b.numbers.begin(), b.numbers.end()), b.numbers.end());
        auto num = [&](long long v) { return QStringLiteral("%1").arg(v, b.width, 10, QLatin1Char('0')); };
        if (b.numbers.size() == 1) {
            out << b.prefix + num(b.numbers.front());
            continue;
        }
        QStringList ranges;
        for (size_t k = 0; k < b.numbers.size();) {
            size_t e = k;
            while (e + 1 < b.numbers.size() && b.numbers[e + 1] == b.numbers[e] + 1)
                ++e;
            ranges << (e == k ? num(b.numbers[k]) : num(b.numbers[k]) + QLatin1Char('-') + num(b.numbers[e]));
            k = e + 1;
        }
        out << b.prefix + QLatin1Char('[') + ranges.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    return out.join(QLatin1Char(','));
}

namespace {

bool expandOne(const QString& term, QStringList& out)
{
    const qsizetype open = term.indexOf(QLatin1Char('['));
    if (open < 0) {
        out << term;
        return true;
    }
    const qsizetype close = term.indexOf(QLatin1Char(']'), open);
    if (close < 0)
        return false;
    const QString prefix = term.left(open);
    const QString rest = term.mid(close + 1);
    for (const QString& r : term.mid(open + 1, close - open - 1).split(QLatin1Char(','))) {
        const QStringList lohi = r.split(QLatin1Char('-'));
        bool ok1 = false;
        bool ok2 = false;
        const long long lo = lohi.at(0).toLongLong(&ok1);
        const long long hi = lohi.size() == 2 ? lohi.at(1).toLongLong(&ok2) : lo;
        if (!ok1 || (lohi.size() == 2 && !ok2) || lohi.size() > 2 || lo > hi || hi - lo > 65536)
            return false;
        const int width = static_cast<int>(lohi.at(0).size());
        for (long long v = lo; v <= hi; ++v) {
            QStringList tail;
            if (!expandOne(rest, tail))
                return false;
            for (const QString& t : tail)
                out << prefix + QStringLiteral("%1").arg(v, width, 10, QLatin1Char('0')) + t;
        }
    }
    return true;
}

} // namespace

QStringList Hostlist::expand(const QString& expression)
{
    QStringList terms;
    int depth = 0;
    QString cur;
    for (QChar c : expression) {
        if (c == QLatin1Char('['))
            ++depth;
        else if (c == QLatin1Char(']'))
            --depth;
        if (c == QLatin1Char(',') && depth == 0) {
            terms << cur;
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.isEmpty())
        terms << cur;
    QStringList out;
    for (const QString& t : terms)
        if (t.isEmpty() || !expandOne(t, out))
            return {};
    return out;
}

} // namespace pw
