#pragma once

#include <QFile>
#include <QIODevice>

namespace pw::cli {

// Standard output or error for the CLI's listings and messages: every character a terminal acts on
// instead of showing (safetext::isTerminalControl: C0 controls but newline, tab and the CR of a CSV
// line end; DEL, C1 controls, line separators, bidi overrides and isolates) is written as a visible
// escape (\e, \r, \xHH, \uHHHH), so that a design or repository name cannot clear a colleague's
// terminal, set its title or reorder a line. It works on the UTF-8 bytes QTextStream writes, keeping
// an incomplete sequence at the end of one write for the next. `export` writes data files to
// standard output without it (their formats escape or sanitise names themselves).
class TerminalSafeOutput : public QIODevice {
public:
    explicit TerminalSafeOutput(FILE* stream);
    ~TerminalSafeOutput() override;

    [[nodiscard]] bool isSequential() const override { return true; }

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char* data, qint64 size) override;

private:
    // Escapes `bytes` (pending bytes first) and keeps an incomplete trailing UTF-8 sequence back.
    static QByteArray escape(QByteArray& pending, const char* data, qint64 size, bool final);

    QFile mFile;
    QByteArray mPending;
};

} // namespace pw::cli
