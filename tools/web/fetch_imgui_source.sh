#!/usr/bin/env bash
# Fetches Debian's `imgui` source package (the sources of the Dear ImGui that libimgui-dev was
# built from) into DEST, for the web build: Debian ships ImGui only as a desktop library, and
# emscripten must compile ImGui itself. apt gets a private state — its source list is the
# system's own with binary entries turned into source entries (`Types: deb` → `Types: deb-src` in
# deb822 .sources files, `deb ` → `deb-src ` in one-line .list files) — so no host is named here
# and the system's apt setup, lists and cache are left untouched.
# Usage: tools/web/fetch_imgui_source.sh DEST   (DEST/imgui.cpp etc. afterwards)
set -euo pipefail
dest=$1
[ -f "$dest/imgui.cpp" ] && exit 0
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
mkdir -p "$state/parts" "$state/lists/partial" "$state/cache/archives/partial" "$state/src"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed -E 's/^Types:[[:space:]]*deb([[:space:]]|$)/Types: deb-src\1/' "$f" \
    > "$state/parts/$(basename "$f")"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && sed -nE 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" \
    >> "$state/parts/system.list"
done
apt_private=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$state/parts"
  -o Dir::State::Lists="$state/lists" -o Dir::Cache="$state/cache"
  -o Dir::State::Status=/var/lib/dpkg/status -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${apt_private[@]}" -q update >/dev/null
(cd "$state/src" && apt-get "${apt_private[@]}" -q source --download-only imgui >/dev/null)
orig=$(ls "$state/src"/imgui_*.orig.tar.* | head -1)
mkdir -p "$dest"
tar -xf "$orig" -C "$dest" --strip-components=1
# Debian's patches (debian.tar) are about packaging (a shared library and its pkg-config file);
# the sources compiled here are upstream's.
[ -f "$dest/imgui.cpp" ] || { echo "no imgui.cpp in $orig" >&2; exit 1; }
echo "ImGui sources: $(grep -m1 'define IMGUI_VERSION ' "$dest/imgui.h")"
