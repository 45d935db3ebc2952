#pragma once

#include <QtGlobal>

// The largest legal design, defined once (issue 29: "The largest legal design is 1,000,000 GPUs,
// defined once. Every file and memory limit derives from it."). Every size limit on an untrusted
// design (a design file, a JSON design, a stored revision) derives from it, so that a legal design
// always fits and anything far larger is refused before it is read, parsed or inflated.
namespace pw::limits {

inline constexpr qint64 kMaxGpus = 1'000'000;

// Bytes per GPU, measured on generated designs of 4,096 GPUs (Podwright 0.x, December 2026), the
// most verbose shape the generator builds: a fat-tree of one-GPU hosts on QM9700
// (`generate --topology fat-tree --gpus 4096 --switch qm9700`: 6,085 nodes, 20,557 links).
//   JSON (indented, as `export --format json` writes it): 7,488,222 bytes = 1,828 B/GPU;
//   design file (.podwright):                              1,343,488 bytes =   328 B/GPU.
// The DGX H100 SuperPOD shape of the scale benchmarks measures 1,186 and 210 B/GPU (its
// 1,000,000-GPU file is 214 MB, issue 29; the 100,000-GPU file is 19.7 MB, docs/benchmarks.md).
// The caps extrapolate the most verbose shape linearly (every figure of a generated design grows
// with the GPUs) and add headroom for longer names, a floor plan and hand edits: about 12% for JSON
// (2,048 B/GPU) and about 56% for the design file (512 B/GPU; SQLite's page fill varies with the rows).
inline constexpr qint64 kJsonBytesPerGpu = 2'048;
inline constexpr qint64 kDesignFileBytesPerGpu = 512;
inline constexpr qint64 kMaxJsonFileBytes = kMaxGpus * kJsonBytesPerGpu; // 2,048,000,000
inline constexpr qint64 kMaxDesignFileBytes = kMaxGpus * kDesignFileBytesPerGpu; // 512,000,000

// A stored revision is the design file compressed with zlib level 1: 19.7 MB -> 4.3 MB for 100,000
// GPUs (4.6:1), so 43 MB projected for the largest legal design. The server refuses a revision row
// above a quarter of the largest file, 128 MB: three times the projection, and it bounds what a
// client ever fetches for one revision. A stored revision declares its design file's length
// (qCompress's 4-byte header): one declaring more than kMaxDesignFileBytes is refused before
// anything is inflated.
inline constexpr qint64 kMaxStoredRevisionBytes = kMaxDesignFileBytes / 4;

} // namespace pw::limits
