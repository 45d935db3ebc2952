#include "clirunner.h"

#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

namespace pw::test {

QJsonObject CliResult::json() const
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &e);
    if (!doc.isObject())
        qWarning("not a JSON object (%s): %s", qPrintable(e.errorString()), out.left(300).constData());
    return doc.object();
}

CliResult runCli(const QStringList& args, int timeoutMs)
{
    QProcess p;
    p.start(QString::fromLocal8Bit(qgetenv("PODWRIGHT_CLI")), args);
    CliResult r;
    if (!p.waitForStarted(10000)) {
        r.err = "could not start podwright-cli";
        return r;
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString sourcePath(const QString& relative)
{
    return QString::fromLocal8Bit(qgetenv("PODWRIGHT_SOURCE_DIR")) + QLatin1Char('/') + relative;
}

} // namespace pw::test
