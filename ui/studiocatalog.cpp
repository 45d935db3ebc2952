#include "studiocatalog.h"

#include "repo/teamcatalog.h"

namespace pw::ui {

StudioCatalog::StudioCatalog(const Catalog* base, QObject* parent) : QObject(parent), mBase(base) {}

StudioCatalog::~StudioCatalog() = default;

StudioCatalog::Swap StudioCatalog::useTeam(std::shared_ptr<const TeamCatalog> team)
{
    if (!team || (mTeam && *mTeam == *team))
        return {};
    TeamCatalog::Applied applied = mBase ? team->applyTo(*mBase) : team->applyTo(Catalog());
    std::unique_ptr<Catalog> previous = std::move(mComposed);
    mComposed = std::move(applied.catalog);
    mTeam = std::move(team);
    Q_EMIT changed(mComposed.get());
    previous.reset(); // every holder has moved to the new catalog by now
    return {true, std::move(applied.issues)};
}

} // namespace pw::ui
