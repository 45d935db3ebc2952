#!/usr/bin/env python3
"""Times the same bisection max-flow on the same generated fabrics with Podwright (Dinic on a
compressed-sparse-row network with the servers contracted into terminal arcs, see
docs/adr/0003-maxflow-csr-dinic.md) and Python networkx, in one run, and prints both times and the
ratio.

    PODWRIGHT_CATALOG_DIR=catalogs python3 tests/bench/compare_networkx.py build/app/podwright-cli [GPUS ...]

For each size: podwright-cli generate (DGX H100, QM9700, rail-optimized), then
podwright-cli analyze --export-graph, which writes the compute-fabric edge list and the split
(first half of the GPU servers against the rest) and times one Podwright max-flow over it; the
script then builds the same network in networkx (each link two arcs of the link's capacity, a
super source and sink) and times networkx.maximum_flow_value (preflow-push). Both sides report
the best of three runs.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import networkx as nx


def networkx_flow(path):
    g = nx.DiGraph()
    sources, sinks = [], []
    with open(path) as f:
        for line in f:
            if line.startswith('#'):
                continue
            parts = line.split()
            if parts[0] == 'S':
                sources.append(int(parts[1]))
            elif parts[0] == 'T':
                sinks.append(int(parts[1]))
            else:
                a, b, c = int(parts[0]), int(parts[1]), int(parts[2])
                for u, v in ((a, b), (b, a)):
                    if g.has_edge(u, v):
                        g[u][v]['capacity'] += c
                    else:
                        g.add_edge(u, v, capacity=c)
    for s in sources:
        g.add_edge('s', s)  # no capacity attribute: unbounded
    for t in sinks:
        g.add_edge(t, 't')
    best = None
    for _ in range(3):  # best of three, as podwright-cli analyze --export-graph does
        start = time.perf_counter()
        value = nx.maximum_flow_value(g, 's', 't')
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return value, best, g.number_of_edges()


def main():
    cli = sys.argv[1]
    sizes = [int(x) for x in sys.argv[2:]] or [1024, 16384, 65536, 100000]
    print(f"{'GPUs':>7} {'arcs':>9} {'podwright s':>12} {'networkx s':>11} {'speed-up':>9}  flow Gb/s (both)")
    with tempfile.TemporaryDirectory() as tmp:
        for gpus in sizes:
            design = os.path.join(tmp, f'd{gpus}.podwright')
            graph = os.path.join(tmp, f'g{gpus}.txt')
            subprocess.run([cli, 'generate', '--server', 'dgx-h100', '--gpus', str(gpus), '--switch', 'qm9700',
                            '-o', design], check=True, stderr=subprocess.DEVNULL)
            out = subprocess.run([cli, 'analyze', design, '--export-graph', graph], check=True,
                                 capture_output=True, text=True).stdout
            pw = json.loads(out)
            value, seconds, edges = networkx_flow(graph)
            if int(value) != int(pw['max_flow_gbps']):
                print(f'MISMATCH at {gpus}: podwright {pw["max_flow_gbps"]} networkx {value}', file=sys.stderr)
                sys.exit(1)
            print(f"{gpus:>7} {int(pw['arcs']):>9} {pw['max_flow_seconds']:>12.3f} {seconds:>11.3f} "
                  f"{seconds / pw['max_flow_seconds']:>8.0f}x  {int(value)}")
            sys.stdout.flush()


if __name__ == '__main__':
    main()
