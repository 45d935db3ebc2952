#pragma once

#include "catalog/catalogitem.h"

#include <QString>

#include <map>
#include <tuple>
#include <vector>

namespace pw {

class Catalog;
class Design;
struct Link;

// Which cable or transceiver suits a link, chosen by the parts' catalog attributes (kind, speed,
// connector, cage, reach, side), never by SKU. Shared by the generator (choosing), the bill of
// materials (counting modules per port end) and the OPTICS-MISMATCH rule (checking a drawn link).
class OpticsRules {
public:
    using Items = std::vector<const CatalogItem*>;
    // The cables and transceivers of a catalog, or of a design's snapshot.
    [[nodiscard]] static Items partsOf(const Catalog& catalog);
    [[nodiscard]] static Items partsOf(const Design& design);

    // A module plugs into a cage of the port group: its connector (or a cage it lists), one link
    // per port of the cage (a twin-port module fills a twin-port cage, a single-port module a
    // single-port cage), and a host-side module (flat top) never goes into a switch port.
    [[nodiscard]] static bool fitsCage(const TransceiverSpec& module, const PortGroup& cage);
    // fitsCage, and each of its links runs at the link's speed (a 400G module never serves an
    // 800G or a 100G link).
    [[nodiscard]] static bool servesEnd(const TransceiverSpec& module, const PortGroup& cage, int linkGbps);
    // A twin-port module carries one link at its whole speed in a single-port cage, its two ports
    // both to the one far cage over two straight fibers: how an 800G cage of a 64-cage 51.2 Tb/s
    // Spectrum-4 switch (SN5610: 8 x 100G-PAM4 lanes per cage) takes an 800G ConnectX-8 host, whose
    // cage runs 2 x 400GbE at Spectrum-4 lane speed as in the DGX B300 Spectrum-4 RA (RA-11337)
    // (NVIDIA MMS4X00-NS-T overview: twin-port 2x 400G DR8 in Spectrum-4 cages, switch to switch at
    // 800 Gb/s over two straight fibers). Only where both ends are single-port cages (opticalFor).
    [[nodiscard]] static bool bondsEnd(const TransceiverSpec& module, const PortGroup& cage, int linkGbps);
    // servesEnd or bondsEnd: the module carries the link at that end.
    [[nodiscard]] static bool carriesEnd(const TransceiverSpec& module, const PortGroup& cage, int linkGbps)
    {
        return servesEnd(module, cage, linkGbps) || bondsEnd(module, cage, linkGbps);
    }

    // The module for one end of an optical link: serves the end, uses that kind of fiber and
    // reaches `metres` (0: any length). Of several, the shortest reach, then the first SKU.
    [[nodiscard]] static const CatalogItem* moduleFor(
        const Items& parts, const PortGroup& end, int linkGbps, const QString& fiber, double metres);
    // A fiber patch of that kind, rated for the link's speed and reaching `metres`; with a
    // connector, one that ends in it (the modules' "fiber_connector": MPO for DR/SR, LC for FR).
    [[nodiscard]] static const CatalogItem* fiberFor(
        const Items& parts, const QString& fiber, int linkGbps, double metres, const QString& connector = {});
    // The fiber connector a module takes ("MPO", "LC"), empty when its catalog entry states none.
    [[nodiscard]] static QString fiberConnector(const CatalogItem& module);
    // A copper cable (DAC, ACC, AOC) joins the two ports at the link's speed: a straight one has
    // at each port that port's connector or one of its "far_cages" (NVIDIA MFS1S00: QSFP56 plugs,
    // which ConnectX-7 and BlueField-3 QSFP112 cages take at HDR); a splitter whose catalog entry
    // names "far_cages" (NVIDIA MCP7Y60: twin-port OSFP to 2x QSFP56, which run 100GbE in QSFP28
    // cages) has its connector at a cage of `split` ports and the other port's connector among its
    // far cages, each tail carrying speed / split. A plug whose catalog entry states its top goes
    // finned into switch cages only and flat into host cages only (NVIDIA MFA7U10 and its -FLT).
    [[nodiscard]] static bool copperJoins(
        const CatalogItem& cable, const PortGroup& a, const PortGroup& b, int linkGbps);
    // A copper cable (DAC, then ACC; Cat6 for RJ45) that joins both ends (copperJoins), rated for
    // the link's speed and reaching `metres`.
    [[nodiscard]] static const CatalogItem* copperFor(
        const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps, double metres);
    // An active optical cable (medium "aoc") that joins both ends as copperJoins judges them (a
    // splitter by its far cages) and reaches `metres`: for links no module serves at one end (a 200G
    // QSFP56 host on a twin-port 400G switch cage, NVIDIA MFA7U10). The shortest reach, then the first SKU.
    [[nodiscard]] static const CatalogItem* activeOpticalFor(
        const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps, double metres);

    // An optical link between two ports: multimode while a module for each end and the fiber
    // reach, else single-mode (DR-class, then 2 km FR-class modules by reach), the fiber ending in
    // the modules' connector. Between two single-port cages that no single-port module pair
    // serves, twin-port modules carrying the link whole (bondsEnd). The link's module is the one of
    // the end with more ports per cage.
    // A co-packaged-optics end (PortGroup::coPackagedOptics) takes no module: its optics are in
    // the switch, so only the fibre (of the port's kind and connector, within its reach) and the
    // far end's module are chosen; between two such ends, just the fibre.
    struct Optical {
        const CatalogItem* fiber = nullptr;
        const CatalogItem* moduleA = nullptr;
        const CatalogItem* moduleB = nullptr;
        bool builtInA = false; // end a's optics are co-packaged: no module there
        bool builtInB = false;
        [[nodiscard]] bool ok() const { return fiber && (moduleA || builtInA) && (moduleB || builtInB); }
    };
    // With `fiber` set, that kind only (a twin-port cage whose other link runs on it).
    [[nodiscard]] static Optical opticalFor(const Items& parts, const PortGroup& a, const PortGroup& b, int linkGbps,
        double metres, const QString& fiber = QString());
    // The link's module: the only one where an end is co-packaged (nullptr between two such ends).
    [[nodiscard]] static const CatalogItem* linkModule(const Optical& o, const PortGroup& a, const PortGroup& b)
    {
        if (!o.moduleA || !o.moduleB)
            return o.moduleA ? o.moduleA : o.moduleB;
        return b.portsPerCage > a.portsPerCage ? o.moduleB : o.moduleA;
    }
    // The end's optics are co-packaged and work over `fiber` at `metres` (0: any length).
    [[nodiscard]] static bool builtInServes(const PortGroup& end, const QString& fiber, double metres);

    // The module at each end of a drawn link that names a transceiver: the link's own module where
    // it serves that end, else the design's module of the same fiber that does; nullptr where none,
    // and always at a co-packaged-optics end (builtIn), which takes no module.
    struct Ends {
        const CatalogItem* a = nullptr;
        const CatalogItem* b = nullptr;
        bool builtInA = false;
        bool builtInB = false;
    };
    [[nodiscard]] static Ends endModules(const Design& design, const Items& parts, const Link& link);

    // endModules asked once per kind of link (its module and both ends' port groups, which fix the
    // link's speed), for the rules that walk every link: at 100,000 GPUs there are a few kinds
    // among 376,879 links.
    class EndsByKind {
    public:
        EndsByKind(const Design& design, const Items& parts) : mDesign(design), mParts(parts) {}
        [[nodiscard]] Ends of(const Link& link);

    private:
        const Design& mDesign;
        const Items& mParts;
        std::map<std::tuple<QString, const PortGroup*, const PortGroup*>, Ends> mKnown;
    };

    static constexpr const char* kMultimode = "multimode";
    static constexpr const char* kSinglemode = "singlemode";
};

} // namespace pw
