#!/usr/bin/env bash
# Builds the .deb and .tar.gz with CPack, unpacks the .deb into a temporary root (dpkg -x) and
# runs the packaged podwright-cli there against the packaged catalog, as an installed user would.
set -euo pipefail
build_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cpack --config "$build_dir/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/podwright_*.deb)
tgz=$(ls "$work"/out/podwright-*.tar.gz)
echo "built $(basename "$deb") and $(basename "$tgz")"

contents=$(dpkg -c "$deb")
for f in ./usr/bin/podwright-cli ./usr/share/podwright/catalogs/servers.json ./usr/share/podwright/catalogs/tables/tiers.json ./usr/share/podwright/catalogs/tables/facility-defaults.json ./usr/share/podwright/samples/minimum-viable-cluster.json; do
  grep -q " $f\$" <<<"$contents" || { echo "missing from the package: $f"; exit 1; }
done
if [ -f "$build_dir/app/podwright" ]; then
  for f in ./usr/bin/podwright ./usr/share/applications/podwright.desktop ./usr/share/metainfo/io.podwright.Podwright.metainfo.xml ./usr/share/icons/hicolor/scalable/apps/podwright.svg; do
    grep -q " $f\$" <<<"$contents" || { echo "missing from the package: $f"; exit 1; }
  done
fi
depends=$(dpkg-deb -f "$deb" Depends)
for dep in libqt6core6 libqt6sql6-sqlite libqt6sql6-psql qt6-qpa-plugins fonts-dejavu-core; do
  grep -q "$dep" <<<"$depends" || { echo "Depends lacks $dep: $depends"; exit 1; }
done

root="$work/root"
dpkg -x "$deb" "$root"
unset PODWRIGHT_CATALOG_DIR PODWRIGHT_USER_CATALOG
cli="$root/usr/bin/podwright-cli"
"$cli" --version | grep -q "^podwright-cli "
n=$("$cli" catalog list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ "$n" -ge 40 ] || { echo "packaged catalog has only $n items"; exit 1; }
# The packaged catalog, its tables (tier table, facility defaults) included, checks clean.
"$cli" catalog check >/dev/null || { echo "the packaged catalog does not check clean"; exit 1; }
"$cli" import "$root/usr/share/podwright/samples/minimum-viable-cluster.json" -o "$work/mvc.podwright" 2>/dev/null
gpus=$("$cli" info "$work/mvc.podwright" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["gpus"])')
[ "$gpus" = 16 ] || { echo "expected 16 GPUs, got $gpus"; exit 1; }
# The packaged CLI writes the proposal PDF without a display.
env -u QT_QPA_PLATFORM "$cli" report "$work/mvc.podwright" -o "$work/proposal.pdf" 2>/dev/null
pages=$(pdfinfo "$work/proposal.pdf" | awk '/^Pages:/ {print $2}')
[ "${pages:-0}" -ge 5 ] || { echo "packaged report has ${pages:-no} pages"; exit 1; }
tar -tzf "$tgz" >"$work/tgz.list"   # not piped into grep -q: pipefail would catch tar's SIGPIPE
grep -q "bin/podwright-cli$" "$work/tgz.list"
echo "1 passed, 0 failed"
