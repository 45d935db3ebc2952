#!/usr/bin/env bash
# Configures and builds Podwright in build/ (Ninja, RelWithDebInfo, two jobs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default
