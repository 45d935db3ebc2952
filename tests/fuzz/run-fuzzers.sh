#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (address + undefined sanitizers) and runs each for a
# bounded time, starting from the hostile corpus. A crash fails the run; its input is saved under
# build-fuzz/crashes/ and belongs in tests/data/hostile/ as a regression test.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
build=build-fuzz # the fuzz preset's binary directory
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzz_designjson fuzz_designfile
mkdir -p $build/crashes $build/corpus-json $build/corpus-file
cp tests/data/hostile/*.json $build/corpus-json/
cp resources/samples/*.json $build/corpus-json/
ls tests/data/designs/*.podwright >/dev/null 2>&1 && cp tests/data/designs/*.podwright $build/corpus-file/ || true
export QT_QPA_PLATFORM=offscreen PODWRIGHT_CATALOG_DIR="$PWD/catalogs"
for t in designjson designfile; do
  corpus=$build/corpus-json
  [ $t = designfile ] && corpus=$build/corpus-file
  echo "fuzz_$t: ${seconds}s"
  $build/tests/fuzz/fuzz_$t -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=2048 \
    -artifact_prefix=$build/crashes/$t- "$corpus" 2>$build/fuzz_$t.log || { tail -40 $build/fuzz_$t.log; exit 1; }
  grep -E "^Done|#[0-9]+.*DONE" $build/fuzz_$t.log | tail -1 || true
done
echo "fuzz: both targets ran clean"
