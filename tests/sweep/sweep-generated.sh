#!/usr/bin/env bash
# Issue 26 sweep: generates a spread of default-topology designs (every server below, node counts
# from a few servers to 16 SU, every switch the generator accepts for the server), runs `validate`
# and `failures` on each, and prints what the issue's done-criteria forbid: LINK-UNCABLED,
# FABRIC-SPOF, PLACEMENT-FAILURE-DOMAIN, design-rule errors, and rack losses that cut off servers
# outside the rack or leave the bisection below 0.5. Refused combinations are skipped.
#   tests/sweep/sweep-generated.sh build/app/podwright-cli /tmp/sweep   (about 10 minutes on 2 cores)
# SERVERS and SWITCHES (space-separated) narrow the sweep.
set -uo pipefail
cli=${1:?usage: sweep-generated.sh PODWRIGHT-CLI OUTDIR}
out=${2:?usage: sweep-generated.sh PODWRIGHT-CLI OUTDIR}
mkdir -p "$out"
servers=${SERVERS:-"dgx-h100 dgx-b200 dgx-b300 dgx-b300-busbar dgx-gb200-nvl72 dgx-gb300-nvl72 smc-421ge-l40s dell-xe9680"}
switches=${SWITCHES:-"qm9700 q3400 sn5600 sn5610 sn5640 qm8700"}
check() { # $1 design stem, $2 the generate command
  python3 - "$1" "$2" <<'PY'
import json, re, sys
stem, cmd = sys.argv[1], sys.argv[2]
found = []
val = json.load(open(stem + ".val.json"))
for f in val.get("findings", []):
    if f["code"] in ("LINK-UNCABLED", "FABRIC-SPOF", "PLACEMENT-FAILURE-DOMAIN") or f["severity"] == "error":
        found.append(f"{f['code']}: {f['message'][:200]}")
for s in json.load(open(stem + ".fail.json")).get("scenarios", []):
    if s["kind"] != "rack":
        continue
    m = re.search(r"(\d+) GPU servers outside them cut off", s.get("effect", ""))
    if m and int(m.group(1)) > 0:
        found.append(f"rack {s['entity']}: {m.group(1)} servers outside it cut off")
    if s.get("bisection_ratio") is not None and s["bisection_ratio"] < 0.5:
        found.append(f"rack {s['entity']}: bisection {s['bisection_ratio']}")
for x in found:
    print(f"{cmd}: {x}")
PY
}
for server in $servers; do
  case $server in *nvl72*) counts="2 8 16 64 128" ;; *) counts="4 32 64 128 512" ;; esac
  for sw in $switches; do
    for n in $counts; do
      stem="$out/$server-$sw-$n"
      cmd="generate --server $server --nodes $n --switch $sw"
      nice -n 19 "$cli" $cmd -o "$stem.podwright" >"$stem.gen" 2>&1 || continue
      nice -n 19 "$cli" validate --json "$stem.podwright" >"$stem.val.json" 2>/dev/null
      nice -n 19 "$cli" failures --json "$stem.podwright" >"$stem.fail.json" 2>/dev/null
      check "$stem" "$cmd"
    done
  done
done
