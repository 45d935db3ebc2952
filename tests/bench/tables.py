#!/usr/bin/env python3
"""Prints the Markdown tables of docs/benchmarks.md from Google Benchmark JSON (median of the
repetitions) and from timed CLI runs (median wall time and peak memory of five runs).
Usage: tables.py RESULTS_DIR PODWRIGHT_CLI (run by tests/bench/run-benchmarks.sh)."""
import json
import os
import statistics
import subprocess
import sys
import tempfile


def medians(path):
    """{(benchmark name, arg): {"ms": median real time, counters...}} from a benchmark JSON file."""
    with open(path) as f:
        data = json.load(f)
    result = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            raise SystemExit(f"{path}: {b['name']}: {b.get('error_message')}")
        aggregate = b.get("aggregate_name")
        if aggregate not in (None, "median"):
            continue
        # "BM_Generate/1024/iterations:1/repeats:5" -> "BM_Generate/1024"
        name = "/".join(p for p in b.get("run_name", b["name"]).split("/")
                        if not p.startswith(("iterations:", "repeats:")))
        if aggregate is None and name in result:
            continue  # a single repetition: no aggregates, keep the first
        unit = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b.get("time_unit", "ns")]
        entry = {"ms": b["real_time"] * unit, "cpu_ms": b["cpu_time"] * unit}
        for k, v in b.items():
            if k not in ("name", "run_name", "real_time", "cpu_time", "time_unit", "iterations", "repetitions",
                         "repetition_index", "threads", "run_type", "aggregate_name", "family_index",
                         "per_family_instance_index", "aggregate_unit") and isinstance(v, (int, float)):
                entry[k] = v
        result[name] = entry
    return data.get("context", {}), result


def ms(v):
    return f"{v:.3f} ms" if v < 0.1 else f"{v:.2f} ms" if v < 10 else f"{v:.0f} ms"


def fabric_table(results):
    print("| GPUs | links | generate (in memory) | one max-flow | max-flow arcs | generate + full analysis | cuts |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for gpus in (1024, 16384, 65536, 100000):
        g = results[f"BM_Generate/{gpus}"]
        m = results[f"BM_MaxFlow/{gpus}"]
        a = results[f"BM_GenerateAndAnalyze/{gpus}"]
        print(f"| {gpus:,} | {int(g.get('links', 0)):,} | {ms(g['ms'])} | {ms(m['ms'])} | {int(m.get('arcs', 0)):,} "
              f"| {ms(a['ms'])} | {int(a.get('cuts', 0))} |")


def canvas_table(results):
    labels = []
    for name in results:
        kind, _, label = name.partition("/")
        if kind == "open" and label not in labels:
            labels.append(label)
    print("| design | GPUs | nodes | links | visible nodes | bundles | open + first frame | fitted frame "
          "| zoomed 1:1 frame | 32-node drag step |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label in labels:
        f = results[f"frame_fitted/{label}"]
        print(f"| {label} | {int(f['gpus']):,} | {int(f['nodes']):,} | {int(f['links']):,} "
              f"| {int(f['visible_nodes']):,} | {int(f['bundles']):,} | {ms(results['open/' + label]['ms'])} "
              f"| {ms(f['ms'])} | {ms(results['frame_zoomed/' + label]['ms'])} "
              f"| {ms(results['drag_step/' + label]['ms'])} |")


def studio_table(results):
    """Issue 29's studio targets on the saved files: open + first frame under 0.5 s (the canvas alone,
    and File > Open in the whole window with every panel that follows a new design), a wheel zoom
    step and a middle-drag pan step under 50 ms (the event as the view gets it, level of detail,
    labels, bundles and the repaint); wall and CPU time of the GUI thread, and the worst step."""
    print("| design | open + first frame (target 500 ms) | File > Open in the studio window | zoom step (target 50 ms) "
          "| worst zoom step | pan step (target 50 ms) | worst pan step |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in results:
        kind, _, label = name.partition("/")
        if kind != "zoom_step":
            continue
        o, z, p = results["open/" + label], results[name], results["pan_step/" + label]
        w = results["open_studio/" + label]
        print(f"| {label} | {ms(o['ms'])} (CPU {ms(o['cpu_ms'])}) | {ms(w['ms'])} (CPU {ms(w['cpu_ms'])}) "
              f"| {ms(z['ms'])} (CPU {ms(z['cpu_ms'])}) "
              f"| {ms(z['worst_step_ms'])} (CPU {ms(z['worst_step_cpu_ms'])}) "
              f"| {ms(p['ms'])} (CPU {ms(p['cpu_ms'])}) "
              f"| {ms(p['worst_step_ms'])} (CPU {ms(p['worst_step_cpu_ms'])}) |")


def rebuild_table(results):
    """Issue 29: Edit > Change Design Dials in the studio's window (generator on its worker,
    one undo step, scene rebuilt) and its undo/redo (a swap of the two designs); target 1 s."""
    print("| design | rebuild with new dials (target 1 s) | undo or redo of it |")
    print("|---|---:|---:|")
    for name in results:
        kind, _, label = name.partition("/")
        if kind != "rebuild_dials":
            continue
        r, u = results[name], results["undo_rebuild/" + label]
        print(f"| {label} | {ms(r['ms'])} (GUI thread CPU {ms(r['cpu_ms'])}) "
              f"| {ms(u['ms'])} (GUI thread CPU {ms(u['cpu_ms'])}) |")


def cli_table(cli):
    print("| GPUs | generate + save, wall | peak | analyze --json incl. load, wall | peak |")
    print("|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for gpus in (1024, 16384, 65536, 100000):
            path = os.path.join(tmp, f"{gpus}.podwright")
            gen, ana = [], []
            for _ in range(5):
                if os.path.exists(path):
                    os.remove(path)
                # ru_maxrss of children is a high-water mark over all of them, so each run gets
                # its own measuring process (measure()).
                gen.append(measure([cli, "generate", "--server", "dgx-h100", "--gpus", str(gpus),
                                    "--switch", "qm9700", "-o", path]))
                ana.append(measure([cli, "analyze", path, "--json"]))
            g_wall = statistics.median(w for w, _ in gen)
            a_wall = statistics.median(w for w, _ in ana)
            print(f"| {gpus:,} | {g_wall:.2f} s | {max(m for _, m in gen):.0f} MB "
                  f"| {a_wall:.2f} s | {max(m for _, m in ana):.0f} MB |")


def report_table(cli):
    """The customer PDF of a 512-DGX (4,096-GPU) design: median wall of five runs and its pages."""
    print("| design | nodes | links | report (PDF), wall | peak | pages |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        design = os.path.join(tmp, "dgx512.podwright")
        pdf = os.path.join(tmp, "dgx512.pdf")
        summary = json.loads(subprocess.run([cli, "generate", "--server", "dgx-h100", "--nodes", "512", "--switch",
                                             "qm9700", "-o", design, "--json"], check=True, capture_output=True,
                                            text=True).stdout)
        runs = [measure([cli, "report", design, "-o", pdf, "--customer", "Benchmark"]) for _ in range(5)]
        pages = "?"
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True)
        for line in info.stdout.splitlines():
            if line.startswith("Pages:"):
                pages = line.split()[1]
        nodes, links = summary.get("nodes", "?"), summary.get("links", "?")
        print(f"| 512 DGX H100, rail-optimized | {nodes:,} | {links:,} | {statistics.median(w for w, _ in runs):.2f} s "
              f"| {max(m for _, m in runs):.0f} MB | {pages} |")


def measure(cmd):
    """Runs cmd in a fresh Python child so its peak memory is its own."""
    code = ("import resource,subprocess,sys,time;s=time.monotonic();"
            "subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
            "print(time.monotonic()-s, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], check=True, capture_output=True, text=True).stdout
    wall, kb = out.split()
    return float(wall), int(kb) / 1024


def main():
    results_dir, cli = sys.argv[1], sys.argv[2]
    context, fabric = medians(os.path.join(results_dir, "fabric.json"))
    _, canvas = medians(os.path.join(results_dir, "canvas.json"))
    load = [open(os.path.join(results_dir, f)).read().strip() for f in ("load-before.txt", "load-after.txt")]
    print(f"Host: {context.get('host_name', '?')}, {context.get('num_cpus', '?')} CPUs at "
          f"{context.get('mhz_per_cpu', '?')} MHz, {context.get('date', '')}")
    print(f"Load before: {load[0]}")
    print(f"Load after:  {load[1]}")
    print()
    print("### Generate and fabric analysis (bench_fabric, median of 5)")
    print()
    fabric_table(fabric)
    print()
    print("### Canvas (bench_canvas, median of 5)")
    print()
    canvas_table(canvas)
    print()
    print("### The studio's zoom, pan and open (bench_canvas zoom_step and pan_step, issue 29; median of 5)")
    print()
    studio_table(canvas)
    print()
    print("### The studio's rebuilds (bench_canvas rebuild_dials and undo_rebuild, issue 29; median of 5)")
    print()
    rebuild_table(canvas)
    print()
    print("### Through the CLI, file I/O included (median wall of 5 runs, highest peak)")
    print()
    cli_table(cli)
    print()
    print("### The customer proposal (median wall of 5 runs, highest peak)")
    print()
    report_table(cli)


if __name__ == "__main__":
    main()
