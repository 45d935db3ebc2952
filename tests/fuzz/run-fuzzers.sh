#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (address + undefined sanitizers) and runs each for a
# bounded time, starting from the hostile corpus. A crash fails the run; its input is saved under
# build-fuzz/crashes/ and belongs in tests/data/hostile/ as a regression test.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
build=build-fuzz # the fuzz preset's binary directory
targets="designjson designfile commands"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target $(printf 'fuzz_%s ' $targets)
mkdir -p $build/crashes $build/corpus-json $build/corpus-file $build/corpus-commands
cp tests/data/hostile/*.json $build/corpus-json/
cp resources/samples/*.json $build/corpus-json/
cp tests/data/designs/*.podwright tests/data/hostile/*.podwright $build/corpus-file/
# Command sequences start from a few random byte strings; libFuzzer grows the corpus from there.
for i in 1 2 3 4; do head -c $((256 * i)) /dev/urandom >$build/corpus-commands/random-$i; done
export QT_QPA_PLATFORM=offscreen PODWRIGHT_CATALOG_DIR="$PWD/catalogs"
for t in $targets; do
  corpus=$build/corpus-json
  maxlen=262144
  [ $t = designfile ] && corpus=$build/corpus-file
  [ $t = commands ] && corpus=$build/corpus-commands && maxlen=4096
  echo "fuzz_$t: ${seconds}s"
  # Per input: 10 s and 2 GB under the sanitizers (a design's load is bounded well below both), so a
  # slow view, a runaway loop or an amplification fails the run as a timeout or out-of-memory.
  $build/tests/fuzz/fuzz_$t -max_total_time="$seconds" -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=2048 \
    -artifact_prefix=$build/crashes/$t- "$corpus" 2>$build/fuzz_$t.log || { tail -40 $build/fuzz_$t.log; exit 1; }
  grep -E "^Done|#[0-9]+.*DONE" $build/fuzz_$t.log | tail -1 || true
done
echo "fuzz: every target ran clean ($targets)"
