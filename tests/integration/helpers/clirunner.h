#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

namespace pw::test {

// Runs the real podwright-cli ($PODWRIGHT_CLI) and captures what a user would see.
struct CliResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    [[nodiscard]] QJsonObject json() const;
};

CliResult runCli(const QStringList& args, int timeoutMs = 120000);
QString sourcePath(const QString& relative);

} // namespace pw::test
