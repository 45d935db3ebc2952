#!/usr/bin/env bash
# Installs what is needed, builds, and runs the whole test suite (ctest, per-test timeout).
# The test-only tools (ibsim, ibnetdiscover, ...; no service started) come first, then the build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/install-test-deps.sh
bash installer/build.sh
export QTEST_DISABLE_STACK_DUMP=1
export QT_QPA_PLATFORM=offscreen
ctest --test-dir build --output-on-failure --timeout 600 --no-tests=error "$@"
