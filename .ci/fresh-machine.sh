#!/usr/bin/env bash
# The README's two quick-start commands, exactly as a new user types them, then a check that the
# studio really runs. .ci/run calls this inside a clean Debian 12 root (../shared/tools/fresh-root.sh);
# it also runs in place.
#   bash .ci/fresh-machine.sh            as root (the fresh root's only user)
#   bash .ci/fresh-machine.sh --sudo     as a new unprivileged user with sudo (installs sudo first)
# Warnings are errors here (PW_WERROR=1), as in every CI build.
set -euo pipefail
cd "$(dirname "$0")/.."
studio_seconds=${STUDIO_SECONDS:-60}

as_user() { "$@"; }
if [ "${1:-}" = "--sudo" ]; then
  [ "$(id -u)" -eq 0 ] || { echo "fresh-machine: --sudo needs root to create the user" >&2; exit 2; }
  command -v sudo >/dev/null || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends sudo >/dev/null; }
  id architect >/dev/null 2>&1 || useradd -m -s /bin/bash architect
  echo "architect ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/architect
  chown -R architect: .
  as_user() { sudo -u architect -H env PATH="$PATH" PW_WERROR=1 "$@"; }
fi

stage() { echo "== $(date -u +%H:%M:%S) $*"; }

t0=$(date +%s)
stage "README: bash installer/run-tests.sh"
as_user env PW_WERROR=1 bash installer/run-tests.sh
t1=$(date +%s)

# The studio command must still be running when the limit ends: it started, found its (virtual)
# display, opened the sample (its "opened" log line) and did not crash.
stage "README: bash installer/run-studio.sh (for ${studio_seconds} s)"
log=$(mktemp)
set +e
as_user timeout --kill-after=15 "$studio_seconds" bash installer/run-studio.sh >"$log" 2>&1
rc=$?
set -e
t2=$(date +%s)
if [ "$rc" -ne 124 ]; then
  cat "$log"
  echo "fresh-machine: the studio exited with status $rc before ${studio_seconds} s (expected to be still running)" >&2
  exit 1
fi
if ! grep -q "opened .*minimum-viable-cluster" "$log"; then
  cat "$log"
  echo "fresh-machine: the studio ran but did not open the bundled sample design" >&2
  exit 1
fi
grep -iE "error|fatal|could not" "$log" && { echo "fresh-machine: the studio logged errors (above)" >&2; exit 1; }
echo "fresh-machine: tests passed in $((t1 - t0)) s (install, build, ctest); the studio ran ${studio_seconds} s on the sample ($((t2 - t1)) s with its build check)"
