#include "floor/cablerouting.h"

#include "floor/floorlayout.h"
#include "model/design.h"

#include <cmath>

namespace pw {

double CableRouting::Route::lengthM() const
{
    // 1e-9: a length that is a whole half metre stays one despite rounding in the sum.
    return std::ceil(exactM() * 2.0 - 1e-9) / 2.0;
}

std::optional<CableRouting::Route> CableRouting::route(
    const FloorLayout& floor, const Design& design, NodeId a, NodeId b)
{
    const Node* na = design.node(a);
    const Node* nb = design.node(b);
    if (!na || !nb || !na->rack.isValid() || !nb->rack.isValid())
        return std::nullopt;
    const HallParameters& h = floor.hall;
    const double mid = h.rackHeightU / 2.0;
    const double ua = na->rackUnit > 0 ? na->rackUnit : mid;
    const double ub = nb->rackUnit > 0 ? nb->rackUnit : mid;
    Route r;
    if (na->rack == nb->rack) {
        r.sameRack = true;
        r.riseA = std::abs(ua - ub) * HallParameters::kMetresPerU;
        r.slack = h.inRackDressingM;
        return r;
    }
    const std::optional<QPointF> pa = floor.rackCentre(na->rack);
    const std::optional<QPointF> pb = floor.rackCentre(nb->rack);
    if (!pa || !pb)
        return std::nullopt;
    // From the port's U (its bottom edge, U 1 at the floor) to the rack top, then to the tray.
    auto rise = [&](double u) {
        return std::max(0.0, h.rackHeightU - (u - 1)) * HallParameters::kMetresPerU + h.trayAboveRackM;
    };
    r.riseA = rise(ua);
    r.riseB = rise(ub);
    r.run = std::abs(pa->x() - pb->x()) + std::abs(pa->y() - pb->y());
    const RackPlace* placeA = floor.place(na->rack);
    const RackPlace* placeB = floor.place(nb->rack);
    r.neighbours = placeA->row == placeB->row && std::abs(placeA->slot - placeB->slot) == 1;
    r.slack = 2 * h.slackPerEndM;
    return r;
}

std::optional<double> CableRouting::lengthM(const FloorLayout& floor, const Design& design, NodeId a, NodeId b)
{
    const std::optional<Route> r = route(floor, design, a, b);
    return r ? std::optional<double>(r->lengthM()) : std::nullopt;
}

std::vector<Link> CableRouting::relengthed(const Design& design, const FloorLayout& floor)
{
    std::vector<Link> changed;
    design.links().forEach([&](const Link& l) {
        const std::optional<double> m = lengthM(floor, design, l.a.node, l.b.node);
        if (m && *m != l.lengthM) {
            Link n = l;
            n.lengthM = *m;
            changed.push_back(n);
        }
    });
    return changed;
}

} // namespace pw
