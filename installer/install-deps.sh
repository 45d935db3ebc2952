#!/usr/bin/env bash
# Installs the Debian 12 / Ubuntu packages Podwright needs to build, run and test.
# Idempotent: packages already present are skipped. Works as root or through sudo.
set -euo pipefail

PACKAGES=(
  # build
  cmake ninja-build g++ pkg-config ccache
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite libsqlite3-dev qt6-qpa-plugins libgl-dev
  libboost-dev libboost-graph-dev
  # the team repository: Qt's PostgreSQL driver, and the server the tests start (tests/repo)
  libqt6sql6-psql postgresql
  # zlib to inflate a stored revision in bounded chunks (core/repo/storedrevision.h)
  zlib1g-dev
  # the TLS tests make their certificates with openssl (tests/repo/tst_repo_tls)
  openssl
  # run and test: offscreen/virtual display, fonts, PDF checks, packaging, benchmarks, fuzzing
  clang-format
  xvfb xauth fonts-dejavu-core poppler-utils imagemagick dpkg-dev file
  libbenchmark-dev python3 python3-networkx python3-yaml clang libclang-rt-dev
)

# shellcheck source=lib/packages.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"
find_missing_packages "${PACKAGES[@]}"

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages are present"
  exit 0
fi

find_root_or_sudo install-deps

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# PostgreSQL is here for its programs: the tests start their own throwaway server (tests/repo). On a
# first install, ask Debian's postgresql-common not to create (and start) a system-wide "main"
# cluster: in a chroot or container without an init system that server would outlive the install.
if [[ " ${missing[*]} " == *" postgresql "* ]] && [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  $SUDO mkdir -p /etc/postgresql-common/createcluster.d
  echo "create_main_cluster = false" | $SUDO tee /etc/postgresql-common/createcluster.d/podwright-no-main-cluster.conf >/dev/null
fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
