#include "helpers/clirunner.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using pw::test::runCli;

// Issue 28, section 2, from the real podwright-cli: one SU of GB300 NVL72 on Quantum-X800
// Photonics Q3450 (co-packaged optics). Hand-worked (management on, as the CLI builds it): 8 leaves
// (each the rail of 4 racks, 72 down, 72 up) and 6 spines (576 uplinks over spines that keep one
// port for the UFM pair: s dividing 72 with 576 / s <= 143, s = 4 gives 144, s = 6 gives 96):
//   laser modules 14 switches x 18 = 252, spares 5% x 252 = 12.6 -> 13;
//   CPO ports in use 576 (leaf down) + 576 (leaf up) + 576 (spine) + 4 (UFM) = 1,732, at 12.5 W
//   each = 21,650 W of switch-end pluggable optics not drawn.
class TestCliCpo : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

    // The "co-packaged optics: ..." line's port count and watts as printed, or two empty strings.
    static std::pair<QString, QString> savedFigures(const QByteArray& out)
    {
        static const QRegularExpression re(
            QStringLiteral("co-packaged optics: ([0-9,]+) switch ports take no pluggable module, so ([0-9,]+) W"));
        const QRegularExpressionMatch m = re.match(QString::fromUtf8(out));
        return m.hasMatch() ? std::pair{m.captured(1), m.captured(2)} : std::pair{QString(), QString()};
    }

private Q_SLOTS:
    void q3450SuEndToEnd()
    {
        const QString file = mDir.filePath(QStringLiteral("q3450.podwright"));
        const auto g = runCli({QStringLiteral("generate"), QStringLiteral("--server"),
            QStringLiteral("dgx-gb300-nvl72"), QStringLiteral("--nodes"), QStringLiteral("8"),
            QStringLiteral("--switch"), QStringLiteral("q3450"), QStringLiteral("-o"), file});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY2(g.err.contains("q3450: 4 internal planes"), g.err.constData());

        const auto v = runCli({QStringLiteral("validate"), file});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QVERIFY2(v.out.contains("Quantum-X800 Photonics Q3450"), v.out.constData()); // DESIGN-REFERENCE

        const auto bom = runCli({QStringLiteral("bom"), file, QStringLiteral("--json")});
        QVERIFY2(bom.exitCode == 0, bom.err.constData());
        const QJsonObject b = bom.json();
        QCOMPARE(b[QStringLiteral("uncabled_links")].toInt(), 0);
        int installed = 0;
        int spares = 0;
        for (const QJsonValue& v2 : b[QStringLiteral("lines")].toArray()) {
            const QJsonObject l = v2.toObject();
            if (l[QStringLiteral("sku")].toString() != QLatin1String("q3450-laser-source"))
                continue;
            QVERIFY(l[QStringLiteral("unit_price")].toDouble() > 0);
            (l[QStringLiteral("spare")].toBool() ? spares : installed) += l[QStringLiteral("quantity")].toInt();
        }
        QCOMPARE(installed, 252);
        QCOMPARE(spares, 13);

        // The saving is one figure (PowerFigures), printed by `cost` and by `power` alike.
        const auto cost = runCli({QStringLiteral("cost"), file});
        QVERIFY2(cost.exitCode == 0, cost.err.constData());
        const auto power = runCli({QStringLiteral("power"), file});
        QVERIFY2(power.exitCode == 0, power.err.constData());
        const std::pair<QString, QString> expected{QStringLiteral("1,732"), QStringLiteral("21,650")};
        QCOMPARE(savedFigures(cost.out), expected);
        QCOMPARE(savedFigures(power.out), expected);
    }
};

QTEST_GUILESS_MAIN(TestCliCpo)
#include "tst_cli_cpo.moc"
