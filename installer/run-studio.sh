#!/usr/bin/env bash
# Installs what is needed, builds, and opens the studio on the bundled sample design.
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/build.sh
sample=resources/samples/minimum-viable-cluster.json
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run-studio: no display; starting the studio under a virtual X server (xvfb-run)." >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" build/app/podwright "$sample" "$@"
fi
exec build/app/podwright "$sample" "$@"
