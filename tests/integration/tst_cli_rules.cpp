#include "core/helpers/rulesfixture.h"
#include "helpers/clirunner.h"

#include "io/designfile.h"
#include "validate/waiver.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace pw;
using pw::test::runCli;

class TestCliRules : public QObject {
    Q_OBJECT
private:
    QTemporaryDir mDir;
    QString mClean;
    QString mBroken;

    QString path(const QString& name) const { return mDir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(mDir.isValid());
        fx::Cluster clean;
        mClean = path(QStringLiteral("clean.podwright"));
        DesignFile::save(clean.b.d, mClean);
        fx::Cluster broken;
        broken.b.removeNode(broken.sm); // FABRIC-SM: an InfiniBand fabric without a subnet manager
        Group g = *broken.b.d.group(broken.rack);
        g.powerBudgetKw = 15; // POWER-RACK: 20 kW of servers
        broken.b.d.replaceGroup(g);
        mBroken = path(QStringLiteral("broken.podwright"));
        DesignFile::save(broken.b.d, mBroken);
    }

    void validateCleanExitsZero()
    {
        const auto r = runCli({QStringLiteral("validate"), mClean, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o.value("errors").toInt(), 0);
        QCOMPARE(o.value("warnings").toInt(), 0);
        QVERIFY(o.value("findings").toArray().isEmpty());
    }

    void validateErrorsExitOne()
    {
        auto r = runCli({QStringLiteral("validate"), mBroken, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = r.json();
        QCOMPARE(o.value("errors").toInt(), 2);
        QStringList codes;
        for (const QJsonValue& v : o.value("findings").toArray()) {
            const QJsonObject f = v.toObject();
            codes << f.value("code").toString();
            for (const char* k : {"code", "severity", "message", "entities", "waived"})
                QVERIFY2(f.contains(QLatin1String(k)), k);
        }
        QVERIFY(codes.contains("FABRIC-SM"));
        QVERIFY(codes.contains("POWER-RACK"));
        // Text output names the codes too, and exits the same way.
        r = runCli({QStringLiteral("validate"), mBroken});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains("POWER-RACK"));
        QVERIFY(r.out.contains("2 errors"));
    }

    void waivedErrorsExitZero()
    {
        Design d = DesignFile::load(mBroken);
        QJsonObject props = d.properties();
        for (const char* code : {"FABRIC-SM", "POWER-RACK"}) {
            Waiver w;
            w.code = QString::fromLatin1(code);
            w.reason = QStringLiteral("accepted for the pilot");
            w.author = QStringLiteral("lead");
            w.date = QStringLiteral("2026-12-02");
            props = Waiver::addedTo(props, w);
        }
        d.setProperties(props);
        const QString waived = path(QStringLiteral("waived.podwright"));
        DesignFile::save(d, waived);
        const auto r = runCli({QStringLiteral("validate"), waived, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray findings = r.json().value("findings").toArray();
        QCOMPARE(findings.size(), 2); // still listed
        for (const QJsonValue& v : findings)
            QVERIFY(v.toObject().value("waived").toBool());
    }

    void waiveFromTheCommandLine()
    {
        QFile::copy(mBroken, path(QStringLiteral("cli-waive.podwright")));
        const QString file = path(QStringLiteral("cli-waive.podwright"));
        // A waiver needs a reason.
        QCOMPARE(
            runCli({QStringLiteral("waive"), file, QStringLiteral("--code"), QStringLiteral("POWER-RACK")}).exitCode,
            2);
        auto r = runCli({QStringLiteral("waive"), file, QStringLiteral("--code"), QStringLiteral("POWER-RACK"),
            QStringLiteral("--reason"), QStringLiteral("rack gets a 30 kW feed next quarter"),
            QStringLiteral("--author"), QStringLiteral("ops")});
        QCOMPARE(r.exitCode, 0);
        r = runCli({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1); // FABRIC-SM is still an error
        QCOMPARE(r.json().value("errors").toInt(), 1);
        bool seen = false;
        for (const QJsonValue& v : r.json().value("findings").toArray()) {
            const QJsonObject f = v.toObject();
            if (f.value("code").toString() == QLatin1String("POWER-RACK")) {
                seen = true;
                QVERIFY(f.value("waived").toBool());
                QCOMPARE(f.value("waiver").toObject().value("author").toString(), QStringLiteral("ops"));
            }
        }
        QVERIFY(seen);
        QCOMPARE(runCli({QStringLiteral("waive"), file, QStringLiteral("--code"), QStringLiteral("POWER-RACK"),
                            QStringLiteral("--remove")})
                     .exitCode,
            0);
        QCOMPARE(
            runCli({QStringLiteral("validate"), file, QStringLiteral("--json")}).json().value("errors").toInt(), 2);
    }

    void validateUnreadableExitsTwo()
    {
        QCOMPARE(runCli({QStringLiteral("validate"), path(QStringLiteral("missing.podwright"))}).exitCode, 2);
        QFile junk(path(QStringLiteral("junk.podwright")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("this is not a design");
        junk.close();
        QCOMPARE(runCli({QStringLiteral("validate"), junk.fileName(), QStringLiteral("--json")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("validate")}).exitCode, 2);
    }

    void bomCsvParsesAndAddsUp()
    {
        const auto r = runCli({QStringLiteral("bom"), mClean, QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        const QStringList rows
            = QString::fromUtf8(r.out).split(QRegularExpression(QStringLiteral("\r?\n")), Qt::SkipEmptyParts);
        QVERIFY(rows.size() > 5);
        const QStringList header = rows.first().split(QLatin1Char(','));
        const qsizetype qty = header.indexOf("quantity");
        const qsizetype unit = header.indexOf("unit_price_usd");
        const qsizetype ext = header.indexOf("extended_price_usd");
        const qsizetype kind = header.indexOf("price_kind");
        QVERIFY(qty >= 0 && unit >= 0 && ext >= 0 && kind >= 0 && header.contains("price_source"));
        double total = 0;
        int servers = 0;
        for (const QString& row : rows.mid(1)) {
            // Fields before price_source never contain commas in this fixture; the source is last.
            const QStringList f = row.split(QLatin1Char(','));
            QVERIFY2(f.size() >= header.size(), qPrintable(row));
            QVERIFY(qFuzzyCompare(f[qty].toDouble() * f[unit].toDouble() + 1, f[ext].toDouble() + 1));
            total += f[ext].toDouble();
            if (f[0] == QLatin1String("servers"))
                servers += f[qty].toInt();
        }
        QCOMPARE(servers, 2);
        // The BOM total is the capital cost.
        const auto cost = runCli({QStringLiteral("cost"), mClean, QStringLiteral("--json")});
        QCOMPARE(cost.exitCode, 0);
        QVERIFY(qFuzzyCompare(cost.json().value("capex").toDouble(), total));
    }

    void costJsonHasTheContract()
    {
        const auto r = runCli(
            {QStringLiteral("cost"), mClean, QStringLiteral("--json"), QStringLiteral("--years"), QStringLiteral("3"),
                QStringLiteral("--pue"), QStringLiteral("1.2"), QStringLiteral("--power-price"), QStringLiteral("0.1"),
                QStringLiteral("--utilization"), QStringLiteral("0.8"), QStringLiteral("--cloud-price"),
                QStringLiteral("2.5"), QStringLiteral("--facility-price"), QStringLiteral("20")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o.value("currency").toString(), QStringLiteral("USD"));
        QCOMPARE(o.value("assumptions").toObject().value("facility_usd_per_kw_month").toDouble(), 20.0);
        const double capex = o.value("capex").toDouble();
        const double opex = o.value("opex_per_year").toDouble();
        QVERIFY(capex > 0 && opex > 0);
        const QJsonObject tco = o.value("tco").toObject();
        QCOMPARE(tco.value("years").toDouble(), 3.0);
        QVERIFY(qFuzzyCompare(tco.value("total").toDouble(), capex + 3 * opex));
        QVERIFY(qFuzzyCompare(o.value("cost_per_gpu").toDouble(), capex / 16));
        const QJsonObject power = o.value("power_kw").toObject();
        QVERIFY(qFuzzyCompare(power.value("facility").toDouble(), power.value("it").toDouble() * 1.2));
        const QJsonObject tier = o.value("tier").toObject();
        QCOMPARE(tier.value("name").toString(), QStringLiteral("Development cluster"));
        for (const char* k : {"typical_cost_min", "typical_cost_max", "within_typical"})
            QVERIFY2(tier.contains(QLatin1String(k)), k);
        const QJsonObject cloud = o.value("cloud").toObject();
        QCOMPARE(cloud.value("price_per_gpu_hour").toDouble(), 2.5);
        const double ownership = capex / 3 + opex;
        QVERIFY2(qFuzzyCompare(cloud.value("break_even_utilization").toDouble(), ownership / (2.5 * 16 * 8760)),
            QJsonDocument(o).toJson().constData());
        QCOMPARE(o.value("sources").toObject().value("pue").toString(), QStringLiteral("command line"));
        // Bands (issue 12, section 7): capex stays the mid; TCO and cost per GPU-hour carry theirs.
        for (const char* k : {"capex_band", "tco_band", "cost_per_gpu_hour_band", "opex_per_year_band"}) {
            const QJsonObject b = o.value(QLatin1String(k)).toObject();
            QVERIFY2(b.contains("low") && b.contains("mid") && b.contains("high"), k);
            QVERIFY2(b.value("low").toDouble() <= b.value("mid").toDouble(), k);
            QVERIFY2(b.value("mid").toDouble() <= b.value("high").toDouble(), k);
        }
        QCOMPARE(o.value("capex_band").toObject().value("mid").toDouble(), capex);
        QCOMPARE(o.value("tco_band").toObject().value("mid").toDouble(), tco.value("total").toDouble());
        // Ownership names what it counts and what it leaves out.
        QVERIFY(o.value("opex").toObject().contains("facility_per_year"));
        QVERIFY(o.value("not_counted").toString().contains(QLatin1String("not counted")));
        const auto noFacility
            = runCli({QStringLiteral("cost"), mClean, QStringLiteral("--json"), QStringLiteral("--facility-price"),
                QStringLiteral("0"), QStringLiteral("--gpus-per-engineer"), QStringLiteral("0")});
        QCOMPARE(noFacility.json().value("opex").toObject().value("facility_per_year").toDouble(), 0.0);
        QCOMPARE(noFacility.json().value("opex").toObject().value("staff_per_year").toDouble(), 0.0);

        QCOMPARE(runCli({QStringLiteral("cost"), mClean, QStringLiteral("--pue"), QStringLiteral("abc")}).exitCode, 2);
        const auto text = runCli({QStringLiteral("cost"), mClean});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("breaks even at"));

        // Issue 12: a cloud so cheap that owning never breaks even gives null and "never", not "102.1%".
        const auto cheap = runCli({QStringLiteral("cost"), mClean, QStringLiteral("--json"),
            QStringLiteral("--cloud-price"), QStringLiteral("0.05")});
        QCOMPARE(cheap.exitCode, 0);
        const QJsonObject cheapCloud = cheap.json().value("cloud").toObject();
        QVERIFY(cheapCloud.contains(QLatin1String("break_even_utilization")));
        QVERIFY(cheapCloud.value("break_even_utilization").isNull());
        QCOMPARE(cheapCloud.value("break_even").toString(), QStringLiteral("never, at any utilization"));
        const auto cheapText
            = runCli({QStringLiteral("cost"), mClean, QStringLiteral("--cloud-price"), QStringLiteral("0.05")});
        QVERIFY2(cheapText.out.contains("owning breaks even never, at any utilization"), cheapText.out.constData());
    }

    // Issue 26: `size` shows the source document's rule of thumb beside its own figure and says why they
    // differ; and durations print in a unit that shows them (an all-reduce of a few ms read "0.00 s").
    void sizeRuleOfThumbAndDurations()
    {
        // 70B from scratch: 576 GPUs (sizeJson below); the rule of thumb (gpu-clusters-source.txt): 64-256
        // GPUs (weeks). On the rule's 256 GPUs the same 6 x 70e9 x 1.4e12 = 5.88e23 FLOPs take
        // 5.88e23 / (989e12 x 0.4 x 256 x 86400) = 67.2 days, twice the 30-day target.
        auto r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("train"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject rule = r.json().value("rule_of_thumb").toObject();
        QCOMPARE(rule.value("gpus_low").toInt(), 64);
        QCOMPARE(rule.value("gpus_high").toInt(), 256);
        QVERIFY(rule.value("text").toString().contains(QStringLiteral("70B model from scratch: 64-256 GPUs (weeks)")));
        const QString why = rule.value("why_different").toString();
        QVERIFY2(why.contains(QStringLiteral("The computed 576 GPUs")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("on the rule's 256 GPUs the same run takes 67.2 days")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("fewer tokens or a longer run")), qPrintable(why));
        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("train")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Rule of thumb       training a 70B model from scratch: 64-256 GPUs (weeks)"),
            r.out.constData());
        QVERIFY(r.out.contains("67.2 days"));

        // 70B LoRA fine-tuning inside one DGX H100: the adapters' BF16 gradients, 2 x 70e9 x 0.005 = 0.7 GB,
        // ring all-reduced over NVLink at 450 GB/s per direction: 2(n-1)/n x 0.7 / 450 s, a few milliseconds.
        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("finetune"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const int n = r.json().value("gpus_recommended").toInt();
        QCOMPARE(n, 4); // the rule of thumb's 4-8
        const double seconds = 2.0 * (n - 1) / n * 0.7 / 450; // 2 x 3/4 x 0.7 / 450 = 2.33 ms
        QVERIFY(qFuzzyCompare(r.json().value("allreduce_seconds").toDouble(), seconds));
        QCOMPARE(r.json().value("allreduce_text").toString(), QStringLiteral("2.33 ms"));
        QVERIFY(r.json()
                    .value("rule_of_thumb")
                    .toObject()
                    .value("why_different")
                    .toString()
                    .contains(QStringLiteral("lie within the rule of thumb")));
        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("finetune")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("All-reduce          2.33 ms"), r.out.constData());
        QVERIFY(!r.out.contains("0.00 s"));
    }

    void sizeJson()
    {
        auto r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("train"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = r.json();
        const int gpus = o.value("gpus_recommended").toInt();
        // Tokens default to 20 per parameter (Hoffmann et al. 2022, Chinchilla: 70B on 1.4T tokens);
        // 6 x 70e9 x 1.4e12 FLOPs in 30 days at 989 TFLOPS x 0.4 = 574 GPUs, whole 8-GPU servers: 576.
        QCOMPARE(o.value("tokens").toDouble(), 1.4e12);
        QCOMPARE(gpus, 576);
        QVERIFY(o.value("gpu_memory_needed_gb").toDouble() > 640);
        QVERIFY(o.value("training_days").toDouble() > 0);

        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("inference"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        o = r.json();
        QCOMPARE(o.value("gpus_recommended").toInt(), 1);
        QVERIFY(!o.contains("training_days"));

        // The design's own GPUs and fabric: all-reduce time comes with it.
        r = runCli(
            {QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("7e9"), QStringLiteral("--task"),
                QStringLiteral("train"), QStringLiteral("--design"), mClean, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().value("allreduce_seconds").toDouble() > 0);
        // 7B on 140B tokens (20 per parameter) on the fixture's 16 GPUs: 6 x 7e9 x 140e9 / (16 x 989e12 x 0.4
        // x 86400) days.
        QVERIFY(qFuzzyCompare(
            r.json().value("training_days_on_design").toDouble(), 6 * 7e9 * 140e9 / (16 * 989e12 * 0.4 * 86400)));

        // Fine-tuning says which: full 70B needs 16 or more H100s, LoRA 2-4.
        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("finetune"), QStringLiteral("--finetune-method"),
            QStringLiteral("full"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().value("gpus_recommended").toInt() >= 16);
        r = runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
            QStringLiteral("--task"), QStringLiteral("finetune"), QStringLiteral("--json")});
        QVERIFY(r.json().value("gpus_recommended").toInt() <= 4);
        QCOMPARE(runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("70e9"),
                            QStringLiteral("--task"), QStringLiteral("finetune"), QStringLiteral("--finetune-method"),
                            QStringLiteral("partial")})
                     .exitCode,
            2);

        QCOMPARE(runCli({QStringLiteral("size"), QStringLiteral("--task"), QStringLiteral("train")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("size"), QStringLiteral("--model-params"), QStringLiteral("7e9"),
                            QStringLiteral("--task"), QStringLiteral("dance")})
                     .exitCode,
            2);
    }
};

QTEST_GUILESS_MAIN(TestCliRules)
#include "tst_cli_rules.moc"
