#!/usr/bin/env bash
# Assembles the static site from the web build: index.html (tools/web/) and the app's posviz.js,
# posviz.wasm and posviz.data (presets and fonts). Any static file server can serve the folder.
# Usage: tools/web/build_site.sh BUILD_DIR SITE_DIR
set -euo pipefail
build=$1 site=$2
here=$(dirname "$0")
rm -rf "$site"
mkdir -p "$site"
cp "$here/index.html" "$site/"
cp "$build/app/web/posviz.js" "$build/app/web/posviz.wasm" "$build/app/web/posviz.data" "$site/"
total=0
for f in "$site"/*; do
  gz=$(gzip -9 -c "$f" | wc -c)
  total=$((total + gz))
  printf 'site: %-14s %8d bytes, %8d gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$gz"
done
printf 'site: %d bytes gzipped in all (at most 4 MiB: 4194304)\n' "$total"
[ "$total" -le 4194304 ] || { echo "site: larger than 4 MiB gzipped" >&2; exit 1; }
