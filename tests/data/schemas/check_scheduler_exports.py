#!/usr/bin/env python3
"""Structural check of Podwright's scheduler exports against their documented schemas.

Usage: check_scheduler_exports.py (slurm|k8s) FILE [(slurm|k8s) FILE ...]

slurm: Slurm's topology.yaml as topology.yaml(5) of Slurm 25.05 describes it (slurm.schedmd.com/
topology.yaml.html): a list of topologies; "topology" (unique name) is the first attribute;
cluster_default is a boolean (the first true one is the default); exactly one of block, flat,
tree. tree.switches: each {switch, children | nodes} (hostlist expressions), children naming
defined switches; block: block_sizes (the planning base block, then aggregated sizes) and blocks
of {block, nodes}, every block at least the base block size.

k8s: multi-document YAML of a Kueue Topology (kueue.x-k8s.io, kind Topology, spec.levels of
nodeLabel, the lowest kubernetes.io/hostname as Kueue's topology-aware scheduling allows) and
Nodes (apiVersion v1) whose labels are valid Kubernetes label values and carry every level.

Exit 0 when valid; otherwise prints every problem and exits 1; exits 77 without python3-yaml.
"""
import re
import sys

try:
    import yaml
except ImportError:
    print('python3-yaml is not installed')
    sys.exit(77)

problems = []


def fail(text):
    problems.append(text)


def expand(hostlist):
    """Slurm hostlist expression -> names ("a[01-03,7],b" -> a01 a02 a03 a7 b)."""
    names = []
    for part in re.findall(r'[^,\[]+(?:\[[^\]]*\][^,\[]*)*', hostlist):
        m = re.fullmatch(r'([^\[]*)\[([^\]]*)\](.*)', part)
        if not m:
            names.append(part)
            continue
        prefix, ranges, suffix = m.groups()
        for r in ranges.split(','):
            if '-' in r:
                lo, hi = r.split('-')
                for i in range(int(lo), int(hi) + 1):
                    names.append(f'{prefix}{str(i).zfill(len(lo))}{suffix}')
            else:
                names.append(prefix + r + suffix)
    return names


def check_slurm(text):
    doc = yaml.safe_load(text)
    if not isinstance(doc, list) or not doc:
        return fail('topology.yaml: the top level is not a non-empty list of topologies')
    names = set()
    defaults = 0
    for t in doc:
        if not isinstance(t, dict) or not t:
            fail(f'topology entry is not a mapping: {t!r}')
            continue
        keys = list(t.keys())
        if keys[0] != 'topology':
            fail(f'"topology" is not the first attribute: {keys}')
        name = t.get('topology')
        if not isinstance(name, str) or not name or name in names:
            fail(f'topology name missing or not unique: {name!r}')
        names.add(name)
        unknown = set(keys) - {'topology', 'cluster_default', 'block', 'flat', 'tree'}
        if unknown:
            fail(f'{name}: unknown attributes {sorted(unknown)}')
        if 'cluster_default' in t:
            if not isinstance(t['cluster_default'], bool):
                fail(f'{name}: cluster_default is not a boolean')
            defaults += t['cluster_default'] is True
        kinds = [k for k in ('block', 'flat', 'tree') if k in t]
        if len(kinds) != 1:
            fail(f'{name}: defines {kinds}, exactly one of block, flat, tree required')
            continue
        if 'tree' in t:
            check_tree(name, t['tree'])
        elif 'block' in t:
            check_block(name, t['block'])
        elif t['flat'] is not True:
            fail(f'{name}: flat must be true')
    if defaults == 0:
        fail('no topology has cluster_default: true')


def check_tree(name, tree):
    switches = tree.get('switches') if isinstance(tree, dict) else None
    if not isinstance(switches, list) or not switches:
        return fail(f'{name}: tree.switches is not a non-empty list')
    defined = {}
    for s in switches:
        if not isinstance(s, dict) or not isinstance(s.get('switch'), str):
            fail(f'{name}: switch entry without a name: {s!r}')
            continue
        if set(s) - {'switch', 'children', 'nodes'}:
            fail(f'{name}: switch {s["switch"]} has unknown attributes {sorted(set(s) - {"switch", "children", "nodes"})}')
        if 'children' in s and 'nodes' in s:
            fail(f'{name}: switch {s["switch"]} has both children and nodes')
        if s['switch'] in defined:
            fail(f'{name}: switch {s["switch"]} defined twice')
        defined[s['switch']] = s
    hosts = {}
    for s in defined.values():
        for child in expand(s.get('children', '')) if s.get('children') else []:
            if child not in defined:
                fail(f'{name}: switch {s["switch"]} names undefined child switch {child}')
        for host in expand(s['nodes']) if s.get('nodes') else []:
            hosts.setdefault(host, []).append(s['switch'])
    if not hosts:
        fail(f'{name}: no switch has nodes')


def check_block(name, block):
    if not isinstance(block, dict):
        return fail(f'{name}: block is not a mapping')
    sizes = block.get('block_sizes')
    blocks = block.get('blocks')
    if not isinstance(blocks, list) or not blocks:
        return fail(f'{name}: block.blocks is not a non-empty list')
    base = None
    if sizes is not None:
        if not isinstance(sizes, list) or not sizes or not all(isinstance(v, int) and v > 0 for v in sizes):
            return fail(f'{name}: block_sizes is not a list of positive integers: {sizes!r}')
        if sizes != sorted(sizes) or any(v % sizes[0] for v in sizes):
            fail(f'{name}: block_sizes {sizes} do not grow from the base block in multiples of it')
        base = sizes[0]
    seen = set()
    for b in blocks:
        if not isinstance(b, dict) or not isinstance(b.get('block'), str) or not isinstance(b.get('nodes'), str):
            fail(f'{name}: block entry needs block and nodes strings: {b!r}')
            continue
        if b['block'] in seen:
            fail(f'{name}: block {b["block"]} defined twice')
        seen.add(b['block'])
        count = len(expand(b['nodes']))
        if base is not None and count < base:
            fail(f'{name}: block {b["block"]} has {count} nodes, fewer than the base block size {base}')


LABEL_VALUE = re.compile(r'^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$')
DNS_SUBDOMAIN = re.compile(r'^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$')


def check_k8s(text):
    docs = [d for d in yaml.safe_load_all(text) if d is not None]
    topologies = [d for d in docs if d.get('kind') == 'Topology']
    nodes = [d for d in docs if d.get('kind') == 'Node']
    if len(topologies) != 1:
        return fail(f'{len(topologies)} Kueue Topology documents, one expected')
    topo = topologies[0]
    if not str(topo.get('apiVersion', '')).startswith('kueue.x-k8s.io/'):
        fail(f'Topology apiVersion {topo.get("apiVersion")!r} is not kueue.x-k8s.io')
    levels = [lv.get('nodeLabel') for lv in topo.get('spec', {}).get('levels', [])]
    if not levels or len(set(levels)) != len(levels):
        fail(f'Topology levels missing or repeated: {levels}')
    if 'kubernetes.io/hostname' in levels and levels[-1] != 'kubernetes.io/hostname':
        fail('kubernetes.io/hostname is not the lowest level')
    if not nodes:
        fail('no Node documents')
    for n in nodes:
        if n.get('apiVersion') != 'v1':
            fail(f'Node apiVersion {n.get("apiVersion")!r} is not v1')
        meta = n.get('metadata', {})
        name = meta.get('name', '')
        if not DNS_SUBDOMAIN.match(name) or len(name) > 253:
            fail(f'Node name {name!r} is not a DNS subdomain')
        labels = meta.get('labels', {})
        for key, value in labels.items():
            if not isinstance(value, str) or len(value) > 63 or not LABEL_VALUE.match(value):
                fail(f'{name}: label {key} value {value!r} is not a valid label value')
        for level in levels:
            if level != 'kubernetes.io/hostname' and level not in labels:
                fail(f'{name}: no label for the Topology level {level}')


if __name__ == '__main__':
    args = sys.argv[1:]
    for kind, path in zip(args[0::2], args[1::2]):
        with open(path, encoding='utf-8') as f:
            text = f.read()
        {'slurm': check_slurm, 'k8s': check_k8s}[kind](text)
    for p in problems[:50]:
        print(p)
    sys.exit(1 if problems else 0)
