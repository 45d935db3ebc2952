#!/usr/bin/env bash
# Formats every C++ file of the tree with the root .clang-format (clang-format 14, Debian 12).
#   bash .ci/format.sh           format in place
#   bash .ci/format.sh --check   list unformatted files and exit 1 (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format: clang-format is not installed (apt install clang-format)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in "${files[@]}"; do
    clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
  done
  if [ ${#bad[@]} -gt 0 ]; then
    printf 'format: not formatted: %s\n' "${bad[@]}" >&2
    echo "format: run 'bash .ci/format.sh' to format them" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files formatted"
else
  clang-format -i "${files[@]}"
fi
