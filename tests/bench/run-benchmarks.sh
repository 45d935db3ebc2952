#!/usr/bin/env bash
# Builds the Release bench preset and prints the tables of docs/benchmarks.md: every figure there
# comes from this one command (medians of five repetitions; the load average is printed with them).
#   bash tests/bench/run-benchmarks.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset bench >/dev/null
cmake --build --preset bench --target bench_fabric bench_canvas bench_floor bench_floorview bench_failures podwright-cli >/dev/null
out=build-bench/results
mkdir -p "$out"
export PODWRIGHT_CATALOG_DIR="$PWD/catalogs" QT_QPA_PLATFORM=offscreen
# The studio opening a saved file (SQLite load included), beside the designs generated in-process.
rm -f "$out/gpus-100000.podwright"
build-bench/app/podwright-cli generate --server dgx-h100 --gpus 100000 --switch qm9700 \
    -o "$out/gpus-100000.podwright" >/dev/null
uptime > "$out/load-before.txt"
build-bench/tests/bench/bench_fabric --benchmark_out="$out/fabric.json" --benchmark_out_format=json >/dev/null
# bench_canvas also replays the studio on the saved file (issue 29): File > Open in the window, a wheel
# zoom step and a middle-drag pan step (open_studio, zoom_step, pan_step), and Change Design Dials
# with its undo at 1,024 and 10,000 GPUs (rebuild_dials, undo_rebuild); tables.py prints them with
# the GUI thread's CPU time beside the wall time.
build-bench/tests/bench/bench_canvas --benchmark_out="$out/canvas.json" --benchmark_out_format=json \
    "$out/gpus-100000.podwright" >/dev/null
# Issue 17 at 100,000 GPUs (plain programs; they exit 1 on a missed target, which is printed, not fatal).
build-bench/tests/bench/bench_floor >"$out/floor.txt" || echo "bench_floor: target missed" >>"$out/floor.txt"
build-bench/tests/bench/bench_failures >"$out/failures.txt" || echo "bench_failures: target missed" >>"$out/failures.txt"
build-bench/tests/bench/bench_floorview >"$out/floorview.txt" || echo "bench_floorview: target missed" >>"$out/floorview.txt"
# Issue 29: the design file at 100,000 and 1,000,000 GPUs and the 100,000-GPU CLI pipeline, each
# step its own process, wall and CPU time with the load average it was measured at.
python3 tests/bench/bench_pipeline.py build-bench/app/podwright-cli >"$out/pipeline.txt" \
    || echo "bench_pipeline: target missed" >>"$out/pipeline.txt"
# Issue 27: verify against an ibnetdiscover file of the 100,000-GPU fabric (target under 5 s).
python3 tests/bench/bench_verify.py build-bench/app/podwright-cli >"$out/verify.txt" \
    || echo "bench_verify: target missed" >>"$out/verify.txt"
uptime > "$out/load-after.txt"
python3 tests/bench/tables.py "$out" build-bench/app/podwright-cli
echo
cat "$out/floor.txt" "$out/failures.txt" "$out/floorview.txt"
echo
echo "### The design file and the CLI pipeline (issue 29)"
echo
cat "$out/pipeline.txt"
echo
echo "### Verify against discovery (issue 27)"
echo
cat "$out/verify.txt"
