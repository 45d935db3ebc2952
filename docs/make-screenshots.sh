#!/usr/bin/env bash
# Makes the README's pictures from the real application: the studio on the bundled sample under a
# virtual display, and the first pages of the sample's customer proposal rendered with pdftoppm.
#   bash docs/make-screenshots.sh [BUILD_DIR]      (default: build; needs xvfb, imagemagick, poppler)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=docs/images
sample=resources/samples/minimum-viable-cluster.json
mkdir -p "$out"
export PODWRIGHT_CATALOG_DIR="$PWD/catalogs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The studio: open the sample, give it time to lay out and analyse, grab the whole screen.
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c "
  '$build/app/podwright' '$sample' & pid=\$!
  sleep 8
  import -window root '$out/studio.png'
  kill \$pid; wait \$pid 2>/dev/null || true"

# The proposal: the sample's PDF, pages 1 and 2 side by side.
"$build/app/podwright-cli" report "$sample" -o "$tmp/proposal.pdf" --customer "Example customer" 2>/dev/null
pdftoppm -png -r 50 -f 1 -l 2 "$tmp/proposal.pdf" "$tmp/page"
convert "$tmp"/page-*.png -bordercolor '#cccccc' -border 1 +append "$out/proposal-pages.png"
echo "wrote $out/studio.png and $out/proposal-pages.png"
