#pragma once

#include "catalog/catalog.h"

#include <QObject>

#include <memory>
#include <vector>

namespace pw {
class TeamCatalog;
}

namespace pw::ui {

// The catalog the studio uses: the one it started with (the shipped catalog and
// $PODWRIGHT_USER_CATALOG, borrowed), or that one with a team repository's catalog on top
// (TeamCatalog::applyTo, owned here), swapped while the studio runs. Swapping builds the new catalog
// first and keeps the old one alive until every holder heard changed(), so no pointer dangles; a
// swap that fails leaves the catalog in effect as it was. Catalogs belong to the GUI thread (their
// SQLite connection does), so this is used there only.
class StudioCatalog : public QObject {
    Q_OBJECT
public:
    explicit StudioCatalog(const Catalog* base, QObject* parent = nullptr);
    ~StudioCatalog() override;

    // The catalog in effect: the team's composition when one is loaded, else the base (may be null
    // only when the studio was given none).
    [[nodiscard]] const Catalog* catalog() const { return mComposed ? mComposed.get() : mBase; }
    [[nodiscard]] const Catalog* base() const { return mBase; }
    // The team catalog in effect, null while only the base is.
    [[nodiscard]] const std::shared_ptr<const TeamCatalog>& team() const { return mTeam; }

    // Makes the base with `team` on top the catalog in effect and emits changed(). The team's items
    // the catalog refuses are left out and returned. The same team catalog as the one in effect
    // changes nothing and emits nothing. Throws pw::Error (the catalog database) with nothing changed.
    struct Swap {
        bool changed = false;
        std::vector<CatalogIssue> issues;
    };
    Swap useTeam(std::shared_ptr<const TeamCatalog> team);

Q_SIGNALS:
    // The catalog in effect is now `catalog`; the previous one is deleted after this returns.
    void changed(const Catalog* catalog);

private:
    const Catalog* mBase;
    std::unique_ptr<Catalog> mComposed;
    std::shared_ptr<const TeamCatalog> mTeam;
};

} // namespace pw::ui
