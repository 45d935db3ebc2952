#include "filesession.h"

#include "designdocument.h"

#include "io/designfile.h"
#include "model/design.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

namespace pw::ui {

// Opening, recovery and saving at info level: CI checks that the studio really opened the sample.
Q_LOGGING_CATEGORY(lcFiles, "pw.ui.files", QtInfoMsg)

namespace {

constexpr int kMaxRecent = 8;
constexpr int kDefaultAutosaveMs = 60'000;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kLastFolderKey = QStringLiteral("files/lastFolder");

} // namespace

FileSession::FileSession(DesignDocument* document, const Catalog* catalog, QObject* parent)
    : QObject(parent), mDocument(document), mCatalog(catalog), mAutosave(new QTimer(this))
{
    mUnsavedPrompt = [](const QString&) { return QMessageBox::Cancel; };
    mRecoveryPrompt = [](const QString&, const QString&) { return false; };
    mSavePathPrompt = [](const QString&) { return QString(); };
    mReportError = [this](const QString& title, const QString& text) {
        Q_EMIT message(QStringLiteral("%1: %2").arg(title, text), 10000);
    };
    mAutosave->setInterval(kDefaultAutosaveMs);
    connect(mAutosave, &QTimer::timeout, this, [this] { autosaveNow(); });
    mAutosave->start();
}

void FileSession::setAutosaveInterval(int milliseconds)
{
    mAutosave->setInterval(milliseconds);
    mAutosave->start();
}

void FileSession::start(const QString& file)
{
    if (!file.isEmpty())
        openFile(file);
    else if (!offerUntitledRecovery())
        newDesign(); // drops the untitled autosave only now, after it was offered
}

bool FileSession::newDesign()
{
    if (!maybeSave())
        return false;
    removeSidecar();
    Design d;
    d.setName(QStringLiteral("Untitled design"));
    mDocument->reset(std::move(d));
    return true;
}

void FileSession::adoptUnsaved(Design design)
{
    removeSidecar();
    mDocument->reset(std::move(design));
    mDocument->markUnsaved(); // the design is in no file yet
}

bool FileSession::openFile(const QString& path)
{
    if (!maybeSave())
        return false;
    const QString sidecar = path + QStringLiteral(".autosave");
    const QFileInfo fileInfo(path);
    const QFileInfo sideInfo(sidecar);
    bool recover = false;
    if (sideInfo.exists() && (!fileInfo.exists() || sideInfo.lastModified() > fileInfo.lastModified()))
        recover = mRecoveryPrompt(path, sidecar);
    Design design;
    const bool ok = runGuarded(mReportError, tr("Cannot open %1").arg(fileInfo.fileName()),
        [&] { design = DesignDocument::loadFile(recover ? sidecar : path, mCatalog); });
    if (!ok)
        return false;
    // A JSON file is imported: saving goes to a .podwright next to it unless the user says otherwise.
    mDocument->reset(std::move(design), QFileInfo(path).absoluteFilePath());
    if (recover)
        mDocument->markUnsaved(); // recovered work is unsaved work
    else
        QFile::remove(sidecar);
    addRecent(fileInfo.absoluteFilePath());
    qCInfo(lcFiles) << "opened" << fileInfo.absoluteFilePath() << (recover ? "(recovered autosave)" : "");
    Q_EMIT message(
        tr("Opened %1%2").arg(fileInfo.fileName(), recover ? QStringLiteral(" (recovered autosave)") : QString()),
        5000);
    return true;
}

bool FileSession::save()
{
    if (mDocument->filePath().isEmpty())
        return saveAs();
    return saveAs(mDocument->filePath());
}

bool FileSession::saveAs(const QString& target)
{
    QString path = target;
    if (path.isEmpty()) {
        QString suggestion = mDocument->filePath();
        if (suggestion.endsWith(QLatin1String(".json")))
            suggestion.chop(5);
        if (suggestion.isEmpty())
            suggestion = QDir(dialogFolder())
                             .filePath(mDocument->design().name().isEmpty() ? QStringLiteral("design")
                                                                            : mDocument->design().name());
        if (!suggestion.endsWith(QLatin1String(".podwright")))
            suggestion += QStringLiteral(".podwright");
        path = mSavePathPrompt(suggestion);
        if (path.isEmpty())
            return false;
    }
    const bool ok = runGuarded(mReportError, tr("Cannot save %1").arg(QFileInfo(path).fileName()),
        [&] { DesignDocument::saveFile(mDocument->design(), path); });
    if (!ok)
        return false;
    removeSidecar();
    mDocument->setFilePath(QFileInfo(path).absoluteFilePath());
    mDocument->markSaved();
    addRecent(mDocument->filePath());
    Q_EMIT message(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool FileSession::maybeSave()
{
    if (!mDocument->isModified())
        return true;
    const QString name
        = mDocument->filePath().isEmpty() ? tr("The untitled design") : QFileInfo(mDocument->filePath()).fileName();
    switch (mUnsavedPrompt(name)) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        removeSidecar();
        return true;
    default:
        return false;
    }
}

QString FileSession::autosavePath() const
{
    if (!mDocument->filePath().isEmpty())
        return mDocument->filePath() + QStringLiteral(".autosave");
    return untitledAutosavePath();
}

QString FileSession::untitledAutosavePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("untitled.podwright.autosave"));
}

QString FileSession::autosaveNow()
{
    if (!mDocument->isModified())
        return {};
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    // Autosave failures go to the status bar: a dialog every minute would be worse than the failure.
    const bool ok = runGuarded(
        [this](const QString&, const QString& text) { Q_EMIT message(tr("Autosave failed: %1").arg(text), 8000); },
        QString(), [&] { DesignFile::save(mDocument->design(), path, /*privateFile=*/true); }); // 0600
    return ok ? path : QString();
}

void FileSession::removeSidecar()
{
    QFile::remove(autosavePath());
}

bool FileSession::offerUntitledRecovery()
{
    const QString sidecar = untitledAutosavePath();
    if (!QFileInfo::exists(sidecar))
        return false;
    qCInfo(lcFiles, "offering to recover the untitled autosave %s", qUtf8Printable(sidecar));
    if (!mRecoveryPrompt(QString(), sidecar)) {
        qCInfo(lcFiles, "recovery declined");
        return false;
    }
    Design design;
    if (!runGuarded(mReportError, tr("Cannot recover"), [&] { design = DesignFile::load(sidecar); }))
        return false;
    const size_t nodes = design.nodes().size();
    mDocument->reset(std::move(design));
    mDocument->markUnsaved(); // the sidecar stays until the work is saved or discarded
    qCInfo(lcFiles, "recovered \"%s\" (%zu nodes) from %s", qUtf8Printable(mDocument->design().name()), nodes,
        qUtf8Printable(sidecar));
    Q_EMIT message(tr("Recovered unsaved work: %1").arg(mDocument->design().name()), 8000);
    return true;
}

QStringList FileSession::recentFiles()
{
    return QSettings().value(kRecentKey).toStringList();
}

void FileSession::clearRecentFiles()
{
    QSettings().remove(kRecentKey);
}

QString FileSession::dialogFolder() const
{
    if (!mDocument->filePath().isEmpty())
        return QFileInfo(mDocument->filePath()).absolutePath();
    const QString last = QSettings().value(kLastFolderKey).toString();
    return !last.isEmpty() && QFileInfo(last).isDir() ? last : QDir::homePath();
}

void FileSession::rememberFolder(const QString& filePath)
{
    QSettings().setValue(kLastFolderKey, QFileInfo(filePath).absolutePath());
}

void FileSession::addRecent(const QString& path)
{
    rememberFolder(path); // every open and save lands here
    QSettings settings;
    QStringList list = settings.value(kRecentKey).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent)
        list.removeLast();
    settings.setValue(kRecentKey, list);
}

} // namespace pw::ui
