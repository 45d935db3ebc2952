#pragma once

// A reader for the block-style YAML subset the scheduler exports write (maps, sequences, plain or
// double-quoted scalars, comments, "---" between documents), so tests check the structure a YAML
// library (Slurm's libyaml, kubectl) sees rather than compare strings. Refuses what it does not
// know with a message, so a malformed export fails the test. Header-only, tests only.

#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

namespace pw::test {

class MiniYaml {
public:
    // The documents of `text`, each a QVariantMap, QVariantList or QString; `error` set on failure.
    static QVariantList documents(const QString& text, QString* error)
    {
        QVariantList out;
        std::vector<Line> doc;
        auto flush = [&]() {
            if (doc.empty())
                return;
            MiniYaml y(std::move(doc));
            doc = {};
            QVariant v = y.block(y.mLines.front().indent);
            if (y.mPos != y.mLines.size() && y.mError.isEmpty())
                y.mError = QStringLiteral("unexpected line: %1").arg(y.mLines[y.mPos].text);
            if (!y.mError.isEmpty() && error && error->isEmpty())
                *error = y.mError;
            out << v;
        };
        for (const QString& raw : text.split(QLatin1Char('\n'))) {
            if (raw.trimmed() == QLatin1String("---")) {
                flush();
                continue;
            }
            const QString line = stripComment(raw);
            if (line.trimmed().isEmpty())
                continue;
            int indent = 0;
            while (indent < line.size() && line.at(indent) == QLatin1Char(' '))
                ++indent;
            doc.push_back(Line{indent, line.mid(indent).trimmed()});
        }
        flush();
        return out;
    }

private:
    struct Line {
        int indent;
        QString text;
    };
    explicit MiniYaml(std::vector<Line> lines) : mLines(std::move(lines)) {}

    static QString stripComment(const QString& s)
    {
        bool quoted = false;
        for (int i = 0; i < s.size(); ++i) {
            if (s.at(i) == QLatin1Char('"'))
                quoted = !quoted;
            else if (!quoted && s.at(i) == QLatin1Char('#') && (i == 0 || s.at(i - 1) == QLatin1Char(' ')))
                return s.left(i);
        }
        return s;
    }

    QVariant scalar(const QString& t)
    {
        if (t.startsWith(QLatin1Char('"'))) {
            if (t.size() < 2 || !t.endsWith(QLatin1Char('"')) || t.mid(1, t.size() - 2).contains(QLatin1Char('"')))
                mError = QStringLiteral("bad quoted scalar: %1").arg(t);
            return t.mid(1, t.size() - 2);
        }
        if (t.startsWith(QLatin1Char('[')) || t.startsWith(QLatin1Char('{')) || t.startsWith(QLatin1Char('&'))
            || t.startsWith(QLatin1Char('*')) || t.contains(QLatin1String(": ")))
            mError = QStringLiteral("unsupported scalar: %1").arg(t);
        return t;
    }

    static bool isItem(const QString& t) { return t == QLatin1String("-") || t.startsWith(QLatin1String("- ")); }

    // The key of "key: value" or "key:", or an empty string.
    static int keyEnd(const QString& t)
    {
        if (t.startsWith(QLatin1Char('"')))
            return -1;
        const int i = t.indexOf(QLatin1String(": "));
        if (i > 0)
            return i;
        return t.endsWith(QLatin1Char(':')) ? static_cast<int>(t.size()) - 1 : -1;
    }

    QVariant block(int indent)
    {
        if (mPos >= mLines.size())
            return QVariant();
        return isItem(mLines[mPos].text) ? QVariant(sequence(indent)) : QVariant(map(indent));
    }

    QVariantList sequence(int indent)
    {
        QVariantList list;
        while (mError.isEmpty() && mPos < mLines.size() && mLines[mPos].indent == indent && isItem(mLines[mPos].text)) {
            const QString rest = mLines[mPos].text.mid(1).trimmed();
            if (rest.isEmpty()) {
                ++mPos;
                list << (mPos < mLines.size() && mLines[mPos].indent > indent ? block(mLines[mPos].indent)
                                                                              : QVariant());
            } else if (keyEnd(rest) > 0) {
                // "- key: value": a map whose first line sits where the key does.
                mLines[mPos] = Line{indent + 2, rest};
                list << map(indent + 2);
            } else {
                ++mPos;
                list << scalar(rest);
            }
        }
        return list;
    }

    QVariantMap map(int indent)
    {
        QVariantMap m;
        while (
            mError.isEmpty() && mPos < mLines.size() && mLines[mPos].indent == indent && !isItem(mLines[mPos].text)) {
            const QString t = mLines[mPos].text;
            const int k = keyEnd(t);
            if (k <= 0) {
                mError = QStringLiteral("expected 'key: value': %1").arg(t);
                break;
            }
            const QString key = t.left(k);
            const QString value = t.mid(k + 1).trimmed();
            if (m.contains(key))
                mError = QStringLiteral("duplicate key %1").arg(key);
            ++mPos;
            if (!value.isEmpty())
                m.insert(key, scalar(value));
            else if (mPos < mLines.size() && mLines[mPos].indent > indent)
                m.insert(key, block(mLines[mPos].indent));
            else
                m.insert(key, QVariant());
        }
        if (mError.isEmpty() && mPos < mLines.size() && mLines[mPos].indent > indent)
            mError = QStringLiteral("bad indentation: %1").arg(mLines[mPos].text);
        return m;
    }

    std::vector<Line> mLines;
    size_t mPos = 0;
    QString mError;
};

} // namespace pw::test
