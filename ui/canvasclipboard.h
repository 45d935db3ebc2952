#pragma once

#include "catalog/catalogitem.h"
#include "model/node.h"

#include <QString>

#include <vector>

namespace pw::ui {

// Copied nodes with the links among them (by index into `nodes`) and the catalog items they use,
// so a paste works in another design too.
struct CanvasClipboard {
    struct ClipLink {
        size_t a = 0;
        int portA = -1;
        size_t b = 0;
        int portB = -1;
        QString cableSku;
        double lengthM = 0;
    };
    std::vector<Node> nodes;
    std::vector<ClipLink> links;
    std::vector<CatalogItem> items;
    int pasteCount = 0;
    double width = 0; // of the copied nodes' boxes, so a paste lands beside them, not on them
    [[nodiscard]] bool isEmpty() const { return nodes.empty(); }
};

} // namespace pw::ui
