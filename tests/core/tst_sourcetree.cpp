// Rules about the source tree itself (issue 13): catalog knowledge stays in catalogs/, core speaks of
// settings by their meaning, and cost does not reach into validate. Each test reads the real files,
// so a SKU typed into the code or a CLI flag in a core message fails here with its file and line.

#include "catalog/catalog.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace pw;

namespace {

QString sourceDir()
{
    return qEnvironmentVariable("PODWRIGHT_SOURCE_DIR");
}

// Every sku written in catalogs/, whoever adds entries there.
QSet<QString> catalogSkus()
{
    QSet<QString> skus;
    std::function<void(const QJsonValue&)> walk = [&](const QJsonValue& v) {
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("sku")).isString())
                skus.insert(o.value(QLatin1String("sku")).toString());
            for (const QJsonValue& child : o)
                walk(child);
        } else if (v.isArray()) {
            for (const QJsonValue& child : v.toArray())
                walk(child);
        }
    };
    QDirIterator it(sourceDir() + QStringLiteral("/catalogs"), {QStringLiteral("*.json")}, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        walk(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    }
    return skus;
}

struct Literal {
    QString file;
    int line = 0;
    QString text;
};

// The string literals of a C++ file, comments skipped (a comment may cite a SKU as an example).
std::vector<Literal> literalsOf(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString src = QString::fromUtf8(f.readAll());
    std::vector<Literal> out;
    int line = 1;
    for (qsizetype i = 0; i < src.size(); ++i) {
        const QChar c = src.at(i);
        const QChar next = i + 1 < src.size() ? src.at(i + 1) : QChar();
        if (c == QLatin1Char('\n')) {
            ++line;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('/')) {
            while (i < src.size() && src.at(i) != QLatin1Char('\n'))
                ++i;
            --i;
        } else if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
            for (i += 2; i + 1 < src.size() && !(src.at(i) == QLatin1Char('*') && src.at(i + 1) == QLatin1Char('/'));
                 ++i)
                line += src.at(i) == QLatin1Char('\n');
            ++i;
        } else if (c == QLatin1Char('\'')) {
            // A character literal ('"' would otherwise open a string).
            for (++i; i < src.size() && src.at(i) != QLatin1Char('\''); ++i)
                if (src.at(i) == QLatin1Char('\\'))
                    ++i;
        } else if (c == QLatin1Char('"')) {
            Literal l{path, line, {}};
            for (++i; i < src.size() && src.at(i) != QLatin1Char('"'); ++i) {
                if (src.at(i) == QLatin1Char('\\') && i + 1 < src.size())
                    l.text += src.at(++i);
                else
                    l.text += src.at(i);
            }
            out.push_back(std::move(l));
        }
    }
    return out;
}

std::vector<Literal> literalsUnder(const QStringList& folders)
{
    std::vector<Literal> all;
    for (const QString& folder : folders) {
        QDirIterator it(sourceDir() + QLatin1Char('/') + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
            QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            auto more = literalsOf(it.next());
            all.insert(all.end(), more.begin(), more.end());
        }
    }
    return all;
}

QString where(const Literal& l)
{
    return QStringLiteral("%1:%2: \"%3\"").arg(l.file.mid(sourceDir().size() + 1)).arg(l.line).arg(l.text);
}

// The catalog's block keys (issue 28), read from catalogs/ so a block added there is covered the day
// it is added: every key of an entry, and the keys with an underscore inside the cable, transceiver
// and rack blocks ("far_cages", "lengths_m", "depth_mm": the sub-blocks code once read raw). Left
// out are the entry's header and base fields, which are plain words or the output columns of other
// formats too ("sku", "kind", "price", "rack", "cable", "power_max_w" in `catalog list --json`,
// "speed_gbps" in the cabling exports); every base field is typed on CatalogItem since the start.
// Added: the blocks the parser reads that no shipped entry gives yet.
QSet<QString> catalogBlockKeys()
{
    static const QSet<QString> baseFields{QStringLiteral("sku"), QStringLiteral("kind"), QStringLiteral("vendor"),
        QStringLiteral("model"), QStringLiteral("description"), QStringLiteral("price"), QStringLiteral("rack_units"),
        QStringLiteral("power_max_w"), QStringLiteral("power_typical_w"), QStringLiteral("port_groups"),
        QStringLiteral("cooling"), QStringLiteral("gpu"), QStringLiteral("switch"), QStringLiteral("storage"),
        QStringLiteral("cable"), QStringLiteral("transceiver"), QStringLiteral("rack"), QStringLiteral("pdu"),
        QStringLiteral("speed_gbps")};
    static const QStringList partBlocks{QStringLiteral("cable"), QStringLiteral("transceiver"), QStringLiteral("rack")};
    QSet<QString> keys{QStringLiteral("liquid_heat_share")};
    QDirIterator it(sourceDir() + QStringLiteral("/catalogs"), {QStringLiteral("*.json")}, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        const QJsonArray entries = doc.isArray() ? doc.array() : doc.object().value(QLatin1String("items")).toArray();
        for (const QJsonValue& e : entries) {
            const QJsonObject entry = e.toObject();
            for (auto k = entry.begin(); k != entry.end(); ++k)
                if (!baseFields.contains(k.key()))
                    keys.insert(k.key());
            for (const QString& block : partBlocks) {
                const QJsonObject o = entry.value(block).toObject();
                for (auto k = o.begin(); k != o.end(); ++k)
                    if (k.key().contains(QLatin1Char('_')) && !baseFields.contains(k.key()))
                        keys.insert(k.key());
            }
        }
    }
    return keys;
}

} // namespace

class TestSourceTree : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(sourceDir() + QStringLiteral("/catalogs")), qPrintable(sourceDir())); }

    // Parts are chosen by catalog attributes and roles; a SKU in a string literal of core/, ui/, app/
    // or report/ ties the code to one catalog entry (issue 13, section 4). The SKUs are read from
    // catalogs/, so a new entry is covered the day it is added.
    void noSkuLiteralOutsideCatalogsAndTests()
    {
        const QSet<QString> skus = catalogSkus();
        QVERIFY(skus.size() > 20);
        QVERIFY(skus.contains(QStringLiteral("dgx-h100")));
        QStringList alternatives;
        for (const QString& s : skus)
            alternatives << QRegularExpression::escape(s);
        // A SKU as a whole word: "dgx-h100" and "sn2201's", not "dgx-h100-00017" (a node name).
        const QRegularExpression sku(
            QStringLiteral("(?<![A-Za-z0-9_-])(%1)(?![A-Za-z0-9_-])").arg(alternatives.join(QLatin1Char('|'))));
        QStringList found;
        for (const Literal& l : literalsUnder({QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app")}))
            if (sku.match(l.text).hasMatch())
                found << where(l);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Every catalog block is a typed member of CatalogItem, read from the entry only in core/catalog
    // (issue 28): a block key as a string literal anywhere else in core/, ui/ or app/ is a raw read
    // of the entry, or a generic block("key") accessor, and fails here with its file and line. The
    // keys are read from catalogs/ (catalogBlockKeys). core/io only stores and restores the entry.
    void noCatalogBlockKeyOutsideCatalog()
    {
        const QSet<QString> keys = catalogBlockKeys();
        QVERIFY(keys.size() > 20);
        for (const char* known : {"scalable_unit", "nvlink_domain", "deliberate_differences", "far_cages", "lengths_m",
                 "power_shelves", "published_designs", "reference_design", "depth_mm", "rows_per_block"})
            QVERIFY2(keys.contains(QLatin1String(known)), known);
        QStringList found;
        for (const Literal& l : literalsUnder({QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app")})) {
            const QString file = l.file.mid(sourceDir().size() + 1);
            if (file.startsWith(QLatin1String("core/catalog/")) || file.startsWith(QLatin1String("core/io/")))
                continue;
            if (keys.contains(l.text))
                found << where(l);
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // The entry as written is for snapshots: `catalog show --json`, adding a node (is the design's
    // copy the same entry?) and the design file's catalog snapshot (core/io). Anywhere else, code
    // reads the typed members.
    void snapshotJsonOnlyForSnapshots()
    {
        static const QStringList allowed{QStringLiteral("app/cli/catalogcli.cpp"),
            QStringLiteral("core/commands/addnodecommand.cpp"), QStringLiteral("core/catalog/catalogitem.h")};
        QStringList found;
        int files = 0;
        for (const QString& folder : {QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app")}) {
            QDirIterator it(sourceDir() + QLatin1Char('/') + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString file = path.mid(sourceDir().size() + 1);
                ++files;
                if (allowed.contains(file) || file.startsWith(QLatin1String("core/catalog/"))
                    || file.startsWith(QLatin1String("core/io/")))
                    continue;
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                if (f.readAll().contains("snapshotJson("))
                    found << file;
            }
        }
        QVERIFY(files > 100);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // What the code asks the catalog for by role, the shipped catalog names.
    void everyRoleIsNamedByTheCatalog()
    {
        const auto catalog = Catalog::loadDefault();
        for (ItemRole role : {ItemRole::SubnetManager, ItemRole::ManagementServer, ItemRole::InBandSwitch,
                 ItemRole::OutOfBandSwitch, ItemRole::FatTreeHost, ItemRole::DefaultRack, ItemRole::DefaultGpuServer,
                 ItemRole::DefaultFabricSwitch})
            QVERIFY2(catalog->withRole(role), qPrintable(toString(role)));
        QVERIFY(catalog->withRole(ItemRole::DefaultRack)->kind == ItemKind::Rack);
        QVERIFY(catalog->withRole(ItemRole::DefaultGpuServer)->gpuCount() > 0);
    }

    // Core's messages reach the studio as well as the CLI: they name a setting by its meaning
    // (model/useroption.h), never by a CLI flag such as "--radix".
    void coreMessagesNameNoCliFlags()
    {
        const QRegularExpression flag(QStringLiteral("(?<![A-Za-z0-9-])--[a-z][a-z0-9-]+"));
        QStringList found;
        for (const Literal& l : literalsUnder({QStringLiteral("core")}))
            if (flag.match(l.text).hasMatch())
                found << where(l);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Issue 13: the studio's words go through tr(), so they can be translated (and plurals with
    // tr("%n ...", nullptr, n) rather than an appended "s"). A string literal with words in it,
    // passed straight to a call that puts text on the screen (a label, title, tooltip, menu entry,
    // tab, form row, status message or message box) in ui/ or app/gui/, is reported with its line.
    // Issue 13: no two folders called "report". Only the brief's top-level folders; core/presentation
    // holds the data every front end presents, ui/render draws it without widgets (the CLI links it).
    void foldersAreNamedForWhatTheyHold()
    {
        const QStringList allowed{QStringLiteral("app"), QStringLiteral("core"), QStringLiteral("ui"),
            QStringLiteral("resources"), QStringLiteral("catalogs"), QStringLiteral("tests"),
            QStringLiteral("installer"), QStringLiteral("docs"), QStringLiteral(".ci")};
        QStringList extra;
        // Hidden folders (.ci, .git, caches) and build trees (build*, ignored by git) aside.
        for (const QFileInfo& entry : QDir(sourceDir()).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (!allowed.contains(entry.fileName()) && !entry.fileName().startsWith(QLatin1String("build")))
                extra << entry.fileName();
        QVERIFY2(extra.isEmpty(), qPrintable(extra.join(QStringLiteral(", "))));
        QVERIFY(!QFileInfo::exists(sourceDir() + QStringLiteral("/core/report")));
        QVERIFY(QFileInfo::exists(sourceDir() + QStringLiteral("/core/presentation/reportdata.h")));

        QSet<QString> studioHeaders;
        for (const QFileInfo& h : QDir(sourceDir() + QStringLiteral("/ui")).entryInfoList({QStringLiteral("*.h")}))
            studioHeaders.insert(h.fileName());
        QVERIFY(studioHeaders.contains(QStringLiteral("mainwindow.h")));
        const QRegularExpression include(QStringLiteral("^#include [<\"]([^>\"]+)[>\"]"));
        QStringList found;
        QDirIterator it(
            sourceDir() + QStringLiteral("/ui/render"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            int line = 0;
            while (!f.atEnd()) {
                ++line;
                const auto m = include.match(QString::fromUtf8(f.readLine()));
                if (!m.hasMatch())
                    continue;
                const QString target = m.captured(1);
                if (target.startsWith(QLatin1String("QtWidgets")) || target.startsWith(QLatin1String("QWidget"))
                    || target.startsWith(QLatin1String("QApplication")) || studioHeaders.contains(target))
                    found << QStringLiteral("ui/render/%1:%2: %3").arg(it.fileName()).arg(line).arg(target);
            }
        }
        QVERIFY(files > 10);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void studioTextGoesThroughTr()
    {
        const QString calls = QStringLiteral(
            "(?:\\b(?:setText|setWindowTitle|setToolTip|setStatusTip|setPlaceholderText|setTitle|setLabelText|"
            "showMessage|setWhatsThis|addAction|addMenu|addTab|addRow|setHeaderLabel|setTabText|setButtonText|"
            "setSpecialValueText|setSuffix|setPrefix|insertTab|addItem|setTitleText)\\(\\s*"
            "|\\bnew\\s+Q(?:Label|PushButton|CheckBox|GroupBox|RadioButton|Action|Menu|ToolButton|DockWidget)"
            "\\(\\s*"
            "|QMessageBox::(?:warning|critical|information|question|about)\\(\\s*[^,;]+?,\\s*"
            "|QFileDialog::get\\w+\\(\\s*[^,;]+?,\\s*)");
        const QRegularExpression untranslated(
            calls + QStringLiteral("(?:QStringLiteral\\(|QLatin1String\\(|u)?\"((?:[^\"\\\\]|\\\\.)*)\""));
        const QRegularExpression words(QStringLiteral("[A-Za-z]{2,}"));
        QStringList found;
        int files = 0;
        for (const QString& folder : {QStringLiteral("ui"), QStringLiteral("app/gui")}) {
            QDirIterator it(sourceDir() + QLatin1Char('/') + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.contains(QLatin1String("/ui/render/")))
                    continue; // the proposal's and pictures' renderer, not the studio's widgets
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                ++files;
                const QString src = QString::fromUtf8(f.readAll());
                for (auto m = untranslated.globalMatch(src); m.hasNext();) {
                    const auto hit = m.next();
                    QString text = hit.captured(1);
                    text.remove(QRegularExpression(QStringLiteral("%\\d")));
                    if (!words.match(text).hasMatch())
                        continue; // "·", "%1": nothing to translate
                    const int line = int(src.left(hit.capturedStart()).count(QLatin1Char('\n'))) + 1;
                    found << QStringLiteral("%1:%2: %3")
                                 .arg(f.fileName().mid(sourceDir().size() + 1))
                                 .arg(line)
                                 .arg(hit.captured(0).simplified());
                }
            }
        }
        QVERIFY(files > 30);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // Files on their floor (issue 28): the catalog and the model are the bottom of core, so they
    // include nothing from a module that uses them (generate, floor, cost, validate, presentation,
    // ...). The optics rules and the part-choice cache describe which catalog parts a link of the
    // model takes (model/), the lengths a cable is made in describe a catalog part (catalog/).
    // The networks are the catalog's (catalog/network.h): a switch's "networks" block names them.
    void catalogAndModelIncludeOnlyBelowThem()
    {
        const std::map<QString, QStringList> allowed{
            {QStringLiteral("catalog"), {QStringLiteral("catalog/"), QStringLiteral("util/")}},
            {QStringLiteral("model"), {QStringLiteral("catalog/"), QStringLiteral("model/"), QStringLiteral("util/")}}};
        QStringList found;
        for (const auto& [folder, below] : allowed) {
            QDirIterator it(sourceDir() + QStringLiteral("/core/") + folder,
                {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                int line = 0;
                while (!f.atEnd()) {
                    ++line;
                    const QString l = QString::fromUtf8(f.readLine()).trimmed();
                    if (!l.startsWith(QLatin1String("#include \"")))
                        continue;
                    const QString path = l.mid(10).chopped(1);
                    if (std::none_of(below.begin(), below.end(), [&](const QString& b) { return path.startsWith(b); }))
                        found << QStringLiteral("core/%1/%2:%3: %4").arg(folder, it.fileName()).arg(line).arg(path);
                }
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // The tier rules live in validate/ with the other rules; cost/ holds the tier table's data and
    // includes nothing from validate/ (the include cycle issue 13 names).
    void costDoesNotIncludeValidate()
    {
        QStringList found;
        QDirIterator it(
            sourceDir() + QStringLiteral("/core/cost"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            int line = 0;
            while (!f.atEnd()) {
                ++line;
                const QByteArray l = f.readLine();
                if (l.startsWith("#include \"validate/"))
                    found << QStringLiteral("%1:%2").arg(it.fileName()).arg(line);
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestSourceTree)
#include "tst_sourcetree.moc"
