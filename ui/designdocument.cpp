#include "designdocument.h"

#include "undocommand.h"

#include "analysis/verificationreport.h"
#include "commands/replacedesigncommand.h"
#include "io/designfile.h"
#include "io/designjson.h"
#include "repo/repoprovenance.h"

#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>

namespace pw::ui {

DesignDocument::DesignDocument(const Catalog* catalog, QObject* parent)
    : QObject(parent), mCatalog(catalog), mUndoStack(new QUndoStack(this))
{
    connect(mUndoStack, &QUndoStack::indexChanged, this, [this](int index) {
        // A step that replaced the whole design (changed dials) is a reset for the views, whichever
        // way it went: they rebuild instead of syncing entity by entity.
        bool replaced = false;
        for (int i = std::min(index, mIndex); i < std::max(index, mIndex); ++i)
            if (const auto* step = dynamic_cast<const UndoCommand*>(mUndoStack->command(i)))
                replaced = replaced || dynamic_cast<const ReplaceDesignCommand*>(&step->command()) != nullptr;
        mIndex = index;
        if (replaced)
            Q_EMIT resetDone();
        Q_EMIT changed();
    });
}

DesignDocument::~DesignDocument()
{
    // Commands reference mDesign; drop them before it goes.
    mUndoStack->clear();
}

void DesignDocument::reset(Design design, const QString& filePath)
{
    mUndoStack->clear();
    mDesign = std::move(design);
    mUndoStack->setClean();
    setFilePath(filePath);
    Q_EMIT resetDone();
    Q_EMIT changed();
}

void DesignDocument::setFilePath(const QString& path)
{
    if (mFilePath == path)
        return;
    mFilePath = path;
    Q_EMIT filePathChanged(path);
}

bool DesignDocument::isModified() const
{
    return !mUndoStack->isClean();
}

void DesignDocument::recordRepoProvenance(const QString& designName, int revision)
{
    RepoProvenance::set(mDesign, RepoProvenance{designName, revision});
}

void DesignDocument::keepVerification(const VerificationReport& report)
{
    mDesign.setProperties(report.storedIn(mDesign.properties()));
    markUnsaved();
}

void DesignDocument::forgetVerification()
{
    QJsonObject properties = mDesign.properties();
    if (!properties.contains(QLatin1String(VerificationReport::kPropertyKey)))
        return;
    properties.remove(QLatin1String(VerificationReport::kPropertyKey));
    mDesign.setProperties(properties);
    markUnsaved();
}

void DesignDocument::markSaved()
{
    mUndoStack->setClean();
}

void DesignDocument::markUnsaved()
{
    mUndoStack->resetClean();
}

CommandResult DesignDocument::execute(std::unique_ptr<Command> command)
{
    CommandResult result = command->apply(mDesign);
    if (!result.ok) {
        Q_EMIT commandRefused(result.reason);
        return result;
    }
    const int before = mUndoStack->index();
    mUndoStack->push(new UndoCommand(mDesign, std::move(command)));
    // A merge leaves the index where it was, so indexChanged does not fire: tell views anyway.
    if (mUndoStack->index() == before)
        Q_EMIT changed();
    return result;
}

Design DesignDocument::loadFile(const QString& path, const Catalog* catalog)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        return DesignJson::readFile(path, catalog);
    return DesignFile::load(path);
}

void DesignDocument::saveFile(const Design& design, const QString& path)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0)
        DesignJson::writeFile(design, path);
    else
        DesignFile::save(design, path);
}

} // namespace pw::ui
