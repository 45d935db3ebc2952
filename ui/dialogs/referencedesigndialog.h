#pragma once

#include "analysis/designoption.h"
#include "catalog/catalogitem.h"
#include "generate/generateresult.h"
#include "generate/generatoroptions.h"

#include <QDialog>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPixmap;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace pw {

class Catalog;
class DesignOptions;

namespace ui {

class BackgroundTask;

// Counts a user checks before building a reference design.
struct GeneratorPreview {
    int gpuServers = 0;
    int servers = 0; // every server: GPU servers, head and management nodes
    int gpus = 0;
    int leaves = 0; // compute-fabric switches by tier
    int spines = 0;
    int cores = 0;
    int switches = 0; // every switch (storage and management too)
    int links = 0;
    int racks = 0;
    int nodes = 0;
    [[nodiscard]] static GeneratorPreview of(const Design& design);
};

// File > New from reference design: the FabricGenerator's dials (server, GPUs or servers, switch,
// topology, oversubscription, storage and its tier, rack power budget, keep every node (one more SU
// rather than a server's slot for the UFM pair), cluster type) with a live preview: the counts, and
// the option's figures of record (capital cost band, IT power, bisection, worst single failure, a
// small tier picture) measured by core DesignOptions::measure, the numbers `options` prints for the
// same dials. The preview is built on a worker thread after a short pause in the dials (the pause
// grows with the size); moving a dial again cancels the run in progress (the latest dials win), so
// the dialog never freezes, and previewUpdated() says when one has landed. Bad dials show the
// generator's error and disable OK; Build while the preview is still on its way builds once it
// lands. After accept, takeDesign() gives the design that was previewed.
//
// "Weigh options" builds the design options for the server and size (core DesignOptions: every
// topology, oversubscription, switch at the server's speed, SU size and plane count, measured by
// cost, fabric analysis and failure domains) on a worker thread and shows the Pareto set side by
// side, each with a small tier picture. Picking one sets the dials to its arguments (the preview and
// Build then generate exactly it); a design built from a picked option records what was weighed
// and the pick in its "options_considered" property (the proposal's "Options considered" page).
class ReferenceDesignDialog : public QDialog {
    Q_OBJECT
public:
    explicit ReferenceDesignDialog(const Catalog& catalog, QWidget* parent = nullptr);

    void setOptions(const GeneratorOptions& options);
    [[nodiscard]] GeneratorOptions options() const;
    // Builds and measures the preview now, on this thread, for the current dials (tests, and the
    // dialog's small starting design). A change of the dials starts one on a worker thread instead.
    void updatePreview();
    // True while a change of the dials waits for its pause or for the worker's result.
    [[nodiscard]] bool previewPending() const;
    [[nodiscard]] const std::optional<GeneratorPreview>& preview() const { return mPreview; }
    // The previewed design's figures as an option (DesignOptions::measure): empty while there is
    // no design, or when the cost model could not cost it.
    [[nodiscard]] const std::optional<DesignOption>& previewFigures() const { return mFigures; }
    [[nodiscard]] QString error() const { return mError; }
    [[nodiscard]] QString previewText() const;
    [[nodiscard]] bool canAccept() const;
    // The generated design (valid after accept, or after updatePreview without an error).
    [[nodiscard]] std::optional<Design> takeDesign();

    void accept() override;

    // Starts weighing the options for the current server, size, oversubscription and dials that
    // are not weighed (storage, rack power, type); optionsReady() when they are in the table.
    void weighOptions();
    [[nodiscard]] bool optionsPending() const;
    [[nodiscard]] const std::vector<DesignOption>& designOptions() const { return mOptions; }
    // Sets the dials to option `row` (as selecting its row does).
    void pickOption(int row);
    [[nodiscard]] const std::optional<DesignOption>& pickedOption() const { return mPicked; }

    // The dials of the last design built (QSettings "wizards/referenceDesign"), without its name:
    // remembered on accept, offered by the window when the dialog opens unseeded.
    [[nodiscard]] static std::optional<GeneratorOptions> rememberedOptions();
    static void remember(const GeneratorOptions& options);

    // Why the switch field holds what it does: the server's own switch and why (FabricSwitchChoice),
    // or, when the user chose another, which one the server would take.
    [[nodiscard]] QString switchReason() const;

Q_SIGNALS:
    // A preview landed (or failed, with error() set): the figures are those of the current dials.
    void previewUpdated();
    void optionsReady();

private:
    void followServer();
    // Enables the power chain for a server that accepts 800 VDC; back to 54 V shelves for one that does not.
    void followPowerChain();
    void explainSwitch();
    void schedulePreview();
    // Starts building the preview of the current dials on the worker thread (the latest wins).
    void startPreview();
    struct PreviewResult;
    // What the worker builds for one set of dials (a catalog of the worker's own).
    [[nodiscard]] static PreviewResult buildPreview(
        const GeneratorOptions& dials, const Catalog& catalog, const std::function<bool()>& canceled);
    void showPreview(PreviewResult result);
    [[nodiscard]] QPixmap previewPicture() const;
    void clearOptions();
    void showOptions();
    [[nodiscard]] bool pickStillApplies() const;

    const Catalog& mCatalog;
    QComboBox* mServer;
    QComboBox* mSizeKind;
    QSpinBox* mCount;
    QComboBox* mSwitch;
    QLabel* mSwitchWhy = nullptr;
    QComboBox* mTopology;
    QComboBox* mOversubscription;
    QComboBox* mStorage;
    QComboBox* mStorageTier;
    QDoubleSpinBox* mRackPower;
    QCheckBox* mKeepAllNodes;
    QSpinBox* mPlanes;
    QComboBox* mClusterType;
    QComboBox* mPowerMode = nullptr; // max-p / max-q (PowerFigures::modeOf), built in the constructor's body
    // 54v-shelves / 800vdc (PowerFigures::distributionOf); enabled only for a server that accepts 800 VDC
    QComboBox* mPowerChain = nullptr;
    QLineEdit* mName;
    QLabel* mPreviewLabel;
    QLabel* mPreviewPicture;
    QLabel* mPreviewState; // "Updating…" while a preview is on its way
    QLabel* mErrorLabel;
    QDialogButtonBox* mButtons;
    QTimer* mDebounce;
    QPushButton* mWeigh;
    QLabel* mOptionsStatus;
    QTableWidget* mOptionsTable;
    BackgroundTask* mOptionsTask;
    std::vector<DesignOption> mOptions;
    std::optional<DesignOption> mCheapest; // meeting the oversubscription asked when weighed
    std::optional<DesignOption> mPicked;
    int mSuSize = 0; // the picked option's SU size (no field of its own); 0: the server's
    bool mSettingOptions = false;
    std::shared_ptr<DesignOptions> mPendingOptions; // the run in progress fills it
    QString mAskedText;
    BackgroundTask* mPreviewTask;
    std::shared_ptr<PreviewResult> mPendingPreview; // the run in progress fills it
    std::shared_ptr<const std::vector<CatalogItem>> mCatalogItems; // for the workers' own catalogs
    bool mAcceptWhenReady = false; // Build was pressed while the preview was on its way
    std::optional<GeneratorPreview> mPreview;
    std::optional<DesignOption> mFigures;
    std::optional<Design> mDesign;
    QString mError;
};

} // namespace ui
} // namespace pw
