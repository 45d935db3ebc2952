#!/usr/bin/env python3
"""Issue 29: the design file and the CLI pipeline, each step its own process, against its target.
Prints, per step: wall time, CPU time (user + system) and peak memory of that process, and the
load average (1 min) read just before the step, so a figure taken on a busy machine says so.
Usage: bench_pipeline.py PODWRIGHT_CLI [GPUS ...]   (default: 100000 1000000)
Exits 1 when a target is missed (run-benchmarks.sh prints that, it does not stop)."""
import os
import re
import subprocess
import sys
import tempfile
import time

# The targets of issue 29, in seconds (None: measured, no target of its own).
TARGETS = {
    100000: {"generate": None, "save (generate less building)": None, "info (load only)": 0.3, "analyze": None, "validate": 1.0, "bom": None,
             "cost": None, "failures": None, "report": 1.5, "export slurm-topology-yaml": None,
             "pipeline (all but info)": 5.0},
    1000000: {"generate": 10.0, "save (generate less building)": 3.0, "info (load only)": 3.0, "analyze": 8.0, "failures": 10.0},
}
PEAK_LIMIT_MB = 4096  # "all under 4 GiB"


def load1():
    return os.getloadavg()[0]


def run(cmd):
    """Wall, CPU (user + system) seconds and peak MB of one child process."""
    start = time.monotonic()
    # A fresh Python per step, so that ru_maxrss is this step's own peak, not the highest so far.
    code = ("import resource,subprocess,sys;"
            "p=subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL,stderr=subprocess.PIPE);"
            "r=resource.getrusage(resource.RUSAGE_CHILDREN);print(r.ru_utime+r.ru_stime,r.ru_maxrss);"
            "sys.stdout.write(p.stderr.decode(errors='replace'))")
    out = subprocess.run([sys.executable, "-c", code, *cmd], check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - start
    first, _, stderr = out.partition("\n")
    cpu, kb = first.split()
    return wall, float(cpu), int(kb) / 1024, stderr


def steps(cli, design, tmp):
    pdf = os.path.join(tmp, "report.pdf")
    yaml = os.path.join(tmp, "topology.yaml")
    return [
        ("generate", [cli, "generate", "--server", "dgx-h100", "--gpus", None, "--switch", "qm9700", "-o", design]),
        ("info (load only)", [cli, "info", design]),
        ("analyze", [cli, "analyze", design]),
        ("validate", [cli, "validate", design]),
        ("bom", [cli, "bom", design]),
        ("cost", [cli, "cost", design]),
        ("failures", [cli, "failures", design]),
        ("report", [cli, "report", design, "-o", pdf, "--customer", "Benchmark"]),
        ("export slurm-topology-yaml", [cli, "export", design, "--format", "slurm-topology-yaml", "-o", yaml]),
    ]


def main():
    cli = sys.argv[1]
    sizes = [int(a) for a in sys.argv[2:]] or [100000, 1000000]
    missed = []
    print("| GPUs | step | wall | CPU | peak | load (1 min) before | target |")
    print("|---:|---|---:|---:|---:|---:|---|")
    for gpus in sizes:
        targets = TARGETS.get(gpus, {})
        with tempfile.TemporaryDirectory() as tmp:
            design = os.path.join(tmp, f"gpus-{gpus}.podwright")
            pipeline_wall = pipeline_cpu = 0.0
            for name, cmd in steps(cli, design, tmp):
                if gpus >= 1000000 and name not in targets:
                    continue  # at 1,000,000 GPUs only the steps with a target of their own
                cmd = [str(gpus) if a is None else a for a in cmd]
                load = load1()
                wall, cpu, peak, stderr = run(cmd)
                if name != "info (load only)":
                    pipeline_wall += wall
                    pipeline_cpu += cpu
                verdict = check(targets.get(name), wall, cpu, load, peak)
                if verdict.startswith("MISSED"):
                    missed.append(f"{gpus} {name}")
                print(f"| {gpus:,} | {name} | {wall:.2f} s | {cpu:.2f} s | {peak:.0f} MB | {load:.2f} | {verdict} |")
                if name == "generate":
                    # generate prints "generated in S s" (building the design, wall): the rest is the save.
                    built = re.search(r"generated in ([0-9.]+) s", stderr)
                    if built:
                        save = wall - float(built.group(1))
                        target = targets.get("save (generate less building)")
                        # Only wall times are known here: judged on an idle machine alone.
                        verdict = check(target, save, save, 0, 0) if load < 1 else "not judged: machine busy"
                        if verdict.startswith("MISSED"):
                            missed.append(f"{gpus} save")
                        print(f"| {gpus:,} | save (generate less building) | {save:.2f} s | | | {load:.2f} | "
                              f"{verdict} (wall less wall) |")
            if "pipeline (all but info)" in targets:
                name = "pipeline (all but info)"
                verdict = check(targets[name], pipeline_wall, pipeline_cpu, load1(), 0)
                if verdict.startswith("MISSED"):
                    missed.append(f"{gpus} {name}")
                print(f"| {gpus:,} | {name} | {pipeline_wall:.2f} s | {pipeline_cpu:.2f} s | | | {verdict} |")
    if missed:
        print("\nmissed: " + ", ".join(missed))
    return 1 if missed else 0


def check(target, wall, cpu, load, peak):
    """A target is met by the wall time on an idle machine (load under 1); on a busy one the CPU
    time is what the step cost, and the verdict says which it judged."""
    if peak > PEAK_LIMIT_MB:
        return f"MISSED: peak over {PEAK_LIMIT_MB} MB"
    if target is None:
        return "-"
    judged, what = (wall, "wall") if load < 1 else (cpu, "CPU, machine busy")
    return f"{'met' if judged < target else 'MISSED'} (< {target:g} s, {what})"


if __name__ == "__main__":
    sys.exit(main())
