#pragma once

#include "model/designintent.h"
#include "model/softwarestack.h"

#include <QDialog>
#include <QJsonObject>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace pw {

// Edit > Design properties: the design's name (the window title and the report's title page), the
// design intent's cluster type, users or teams and (mixed clusters)
// inference share, and the software stack (scheduler, orchestration, Base Command Manager,
// frameworks, monitoring, development tools). Self-contained: takes the design's properties and
// returns them with "intent" and "stack" replaced (every other key, and unknown intent and stack
// keys, kept); the caller pushes a SetDesignPropertiesCommand with the result.
class DesignPropertiesDialog : public QDialog {
    Q_OBJECT
public:
    explicit DesignPropertiesDialog(const QJsonObject& properties, QWidget* parent = nullptr);

    [[nodiscard]] QJsonObject properties() const;
    [[nodiscard]] DesignIntent intent() const;
    [[nodiscard]] SoftwareStack stack() const;
    // The name shown for editing; OK stays disabled while it is blank (a design needs a name).
    void setDesignName(const QString& name);
    [[nodiscard]] QString designName() const;

private:
    void showStack(const SoftwareStack& stack);
    void typeChanged();
    void updateState();

    QJsonObject mProperties;
    DesignIntent mIntent; // unknown keys and fields this dialog does not edit
    SoftwareStack mStack; // unknown keys
    ClusterType mShownType = ClusterType::Unspecified;
    QLineEdit* mName = nullptr;
    QPushButton* mOk = nullptr;
    QComboBox* mType = nullptr;
    QSpinBox* mUsers = nullptr;
    QDoubleSpinBox* mShare = nullptr;
    QComboBox* mScheduler = nullptr;
    QCheckBox* mPriority = nullptr;
    QCheckBox* mReservations = nullptr;
    QComboBox* mOrchestration = nullptr;
    QCheckBox* mGpuOperator = nullptr;
    QCheckBox* mAutoscaling = nullptr;
    QCheckBox* mBcm = nullptr;
    std::vector<std::pair<QString, QCheckBox*>> mFrameworks;
    std::vector<std::pair<QString, QCheckBox*>> mMonitoring;
    std::vector<std::pair<QString, QCheckBox*>> mDevTools;
    QLabel* mRoles = nullptr;
};

} // namespace pw
