#pragma once

#include <QComboBox>
#include <QVariant>
#include <QtTest>

namespace pw::testing {

// Selects the entry whose item data is `data`, as a user picking it from the list; fails the test
// when the box has no such entry.
inline void pick(QComboBox* box, const QVariant& data)
{
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(i);
}

} // namespace pw::testing
