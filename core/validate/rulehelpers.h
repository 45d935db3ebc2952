#pragma once

#include "model/design.h"
#include "validate/designrules.h"

#include <QString>

#include <vector>

// Shared by the rule groups of designrules.cpp; not part of the public API.
namespace pw::rules {

// A finding of the rule `code` (designRules()), with the rule's severity and sorted, unique entities.
Finding make(const char* code, QString message, std::vector<EntityRef> entities, QString explanation);
// The same, for the rules whose severity the design's intent raises (FABRIC-OVERSUB and
// FABRIC-BISECTION are errors when the intent needs full bisection): never below the rule's own.
Finding makeRaised(
    const char* code, Severity severity, QString message, std::vector<EntityRef> entities, QString explanation);
// The port at this node's end of the link.
PortRef endAt(const Link& link, NodeId node);
PortRef otherEnd(const Link& link, NodeId node);
// Which network a port is on: its role for host ports, the node's network for switch fabric ports.
bool isInfiniBandSwitch(const CatalogItem& item);
bool isSubnetManager(const CatalogItem& item);
// A list of names for a message, shortened to the first few.
QString nameList(const Design& design, const std::vector<NodeId>& nodes, int max = 5);
QString fmt(double v, int precision = 1);

void portRules(const Design& d, std::vector<Finding>& out);
void linkOpticsRules(const Design& d, std::vector<Finding>& out); // linkopticsrules.cpp: OPTICS-MISMATCH
void xdrRules(const Design& d, std::vector<Finding>& out); // xdrrules.cpp: XDR-MEDIA, OPTICS-TOP, OPTICS-TWIN-FIBER
void fabricRules(const Design& d, const ValidationOptions& o, std::vector<Finding>& out);
void powerRules(const Design& d, const CostAssumptions& a, const PowerFigures* known, std::vector<Finding>& out);
// powerchainrules.cpp: POWER-ROW-LIMIT, POWER-HALL-LIMIT, POWER-FEED-REDUNDANCY, COOLING-CDU-CAPACITY,
// POWER-SIDECAR
void powerChainRules(const Design& d, const PowerFigures& power, std::vector<Finding>& out);
void storageRules(const Design& d, std::vector<Finding>& out);
void managementRules(const Design& d, std::vector<Finding>& out);
void workloadRules(const Design& d, std::vector<Finding>& out);
void clusterRules(const Design& d, std::vector<Finding>& out); // clusterrules.cpp: cluster type and stack
void referenceRules(const Design& d, std::vector<Finding>& out); // referencerules.cpp: DESIGN-REFERENCE
// placementrules.cpp: PLACEMENT-FAILURE-DOMAIN
void placementRules(const Design& d, std::vector<Finding>& out);

} // namespace pw::rules
