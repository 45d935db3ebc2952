#pragma once

#include "pgcluster.h"

#include "io/designfile.h"
#include "model/design.h"
#include "repo/repolocation.h"

#include <QJsonObject>
#include <QString>

// What the repository tests share: the bundled sample design, an edited copy of it, a location on
// the test cluster, and the server's own answer to SQL run as a member (to prove who refuses).
namespace pw::test {

inline QString sampleDesignPath()
{
    return QString::fromLocal8Bit(qgetenv("PODWRIGHT_TEST_DATA"))
        + QStringLiteral("/designs/format-1-minimum-viable-cluster.podwright");
}

inline Design sampleDesign()
{
    return DesignFile::load(sampleDesignPath());
}

// The design with a note property set: a second revision that differs from the first.
inline Design withNote(Design d, const QString& note)
{
    QJsonObject p = d.properties();
    p.insert(QStringLiteral("note"), note);
    d.setProperties(p);
    return d;
}

inline RepoLocation repoLocation(
    const PgCluster& cluster, const QString& database, const QString& user = QLatin1String(PgCluster::kAdmin))
{
    return RepoLocation::parse(cluster.connectionString(database, user));
}

// psql as `user`: "accepted: <output>" when the server runs the SQL, else the server's error.
inline QString serverAnswer(PgCluster& cluster, const QString& database, const QString& user, const QString& sql)
{
    QString out;
    if (cluster.psql(database, sql, &out, user))
        return QStringLiteral("accepted: ") + out;
    return cluster.error();
}

} // namespace pw::test
