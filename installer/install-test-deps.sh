#!/usr/bin/env bash
# Installs the packages only the test suite needs: the real bring-up tools the tests run against
# Podwright's exports (issue 27): InfiniBand simulation and discovery (ibsim, infiniband-diags,
# ibutils), LLDP (lldpd; iproute2 for its network namespaces) and Slurm (slurmctld, munge). Kept
# apart from install-deps.sh so a user's machine never gets daemons that would touch its network.
# No service is started or enabled: while installing, a policy-rc.d that refuses (exit 101) keeps
# Debian's maintainer scripts from starting daemons; it is removed afterwards, and the units these
# packages ship are disabled again. The tests start and stop every process they need themselves.
# Idempotent: packages already present are skipped. Works as root or through sudo.
set -euo pipefail

PACKAGES=(
  ibsim-utils libumad2sim0 infiniband-diags ibutils
  lldpd iproute2
  slurmctld slurm-client munge
)
UNITS=(lldpd.service slurmctld.service munge.service)

# shellcheck source=lib/packages.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"
find_missing_packages "${PACKAGES[@]}"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-test-deps: all ${#PACKAGES[@]} packages are present"
  exit 0
fi

find_root_or_sudo install-test-deps

# The daemons of these packages now running, as name(pid), read from /proc (a minimal root has no
# pgrep; in a chroot /proc may show the host's processes too, hence the list taken before).
daemons() {
  local comm name
  for comm in /proc/[0-9]*/comm; do
    name=$(cat "$comm" 2>/dev/null || true)
    case "$name" in
      lldpd|slurmctld|slurmd|munged|ibsim|opensm) echo "$name(${comm//[!0-9]/})" ;;
    esac
  done
}
before=" $(daemons | tr '\n' ' ') "

policy=/usr/sbin/policy-rc.d
# A policy-rc.d already there (Docker images ship one) is set aside and put back afterwards.
saved=""
if [ -e "$policy" ]; then
  saved=$(mktemp)
  $SUDO cp -p "$policy" "$saved"
fi
cleanup() {
  if [ -n "$saved" ]; then
    $SUDO cp -p "$saved" "$policy"
    rm -f "$saved"
  else
    $SUDO rm -f "$policy"
  fi
}
trap cleanup EXIT
printf '#!/bin/sh\n# install-test-deps.sh: no service starts while test packages install\nexit 101\n' \
  | $SUDO tee "$policy" >/dev/null
$SUDO chmod 755 "$policy"

echo "install-test-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"

# The packages enable their units for the next boot; the tests need none of them.
if command -v systemctl >/dev/null 2>&1; then
  for u in "${UNITS[@]}"; do
    $SUDO systemctl disable "$u" >/dev/null 2>&1 || true
  done
fi
cleanup
trap - EXIT

# Nothing of these packages may be left running: no daemon of theirs that was not running before.
started=""
for d in $(daemons); do
  [[ " $before " == *" $d "* ]] || started+="$d "
done
if [ -n "$started" ]; then
  echo "install-test-deps: processes left running after the install: $started" >&2
  exit 1
fi
echo "install-test-deps: installed, no service started or enabled"
