#include "terminalsafeoutput.h"

#include "export/safetext.h"

namespace pw::cli {

namespace {

QByteArray hexEscape(char32_t u)
{
    return u < 0x100 ? QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0')).toLatin1()
                     : QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0')).toLatin1();
}

// Bytes in the UTF-8 sequence a lead byte starts (1 for ASCII and for bytes that start none).
int sequenceLength(unsigned char lead)
{
    if (lead >= 0xc2 && lead <= 0xdf)
        return 2;
    if (lead >= 0xe0 && lead <= 0xef)
        return 3;
    if (lead >= 0xf0 && lead <= 0xf4)
        return 4;
    return 1;
}

} // namespace

TerminalSafeOutput::TerminalSafeOutput(FILE* stream)
{
    mFile.open(stream, QIODevice::WriteOnly | QIODevice::Unbuffered);
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

TerminalSafeOutput::~TerminalSafeOutput()
{
    if (!mPending.isEmpty()) {
        QByteArray rest = mPending;
        mPending.clear();
        mFile.write(escape(rest, nullptr, 0, true));
    }
}

qint64 TerminalSafeOutput::readData(char*, qint64)
{
    return -1;
}

qint64 TerminalSafeOutput::writeData(const char* data, qint64 size)
{
    const QByteArray out = escape(mPending, data, size, false);
    // Flushed at once, as QTextStream flushes a file device: a full disk or a closed pipe shows in
    // the stream's status (main() exits 2 on it), not at exit.
    if (!out.isEmpty() && (mFile.write(out) != out.size() || !mFile.flush()))
        return -1;
    return size;
}

QByteArray TerminalSafeOutput::escape(QByteArray& pending, const char* data, qint64 size, bool final)
{
    QByteArray in = pending;
    pending.clear();
    if (size > 0)
        in.append(data, size);
    QByteArray out;
    out.reserve(in.size());
    qsizetype i = 0;
    while (i < in.size()) {
        const auto lead = static_cast<unsigned char>(in.at(i));
        if (lead == '\r' && i + 1 == in.size() && !final) {
            pending = in.mid(i); // a line end (CSV's \r\n) or a lone carriage return: the next write says
            break;
        }
        if (lead < 0x80) {
            const bool lineEnd = lead == '\r' && i + 1 < in.size() && in.at(i + 1) == '\n';
            if (lead == '\n' || lead == '\t' || lineEnd || !safetext::isTerminalControl(lead))
                out += static_cast<char>(lead);
            else if (lead == '\r')
                out += "\\r";
            else if (lead == 0x1b)
                out += "\\e";
            else
                out += hexEscape(lead);
            ++i;
            continue;
        }
        const int n = sequenceLength(lead);
        if (n == 1) { // a stray continuation or invalid byte: not a control, kept as it is
            out += static_cast<char>(lead);
            ++i;
            continue;
        }
        if (i + n > in.size() && !final) {
            pending = in.mid(i); // the rest of this character comes with the next write
            break;
        }
        const QByteArray seq = in.mid(i, n);
        const QString decoded = QString::fromUtf8(seq);
        const bool control = decoded.size() == 1 && safetext::isTerminalControl(decoded.at(0).unicode());
        out += control ? hexEscape(decoded.at(0).unicode()) : seq;
        i += seq.size();
    }
    return out;
}

} // namespace pw::cli
