#!/usr/bin/env bash
# CTest install_prefix: `cmake --install BUILD --prefix P` into a fresh folder, then the installed
# binary run from elsewhere, in a clean environment, finds its assets relative to P — also after
# P is moved — while a binary with no share/posviz beside it finds none (it does not fall back to
# the source tree: only binaries inside the build tree do, checked last).
# Usage: check_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }
# A clean environment (no PYTHONPATH, no build-tree variables) but the sanitizers' settings.
clean_env=(env -i PATH=/usr/bin:/bin HOME="$scratch/home" LC_ALL=C.UTF-8
  ${ASAN_OPTIONS:+ASAN_OPTIONS=$ASAN_OPTIONS} ${LSAN_OPTIONS:+LSAN_OPTIONS=$LSAN_OPTIONS}
  ${UBSAN_OPTIONS:+UBSAN_OPTIONS=$UBSAN_OPTIONS})
mkdir -p "$scratch/home" "$scratch/work"

prefix="$scratch/prefix"
cmake --install "$build" --prefix "$prefix" >"$scratch/install.log" || { cat "$scratch/install.log"; fail "cmake --install failed"; }
for f in bin/posviz share/applications/posviz.desktop share/icons/hicolor/scalable/apps/posviz.svg \
    share/man/man1/posviz.1.gz share/doc/posviz/README.md; do
  [ -f "$prefix/$f" ] || fail "cmake --install left no $f"
done
[ -x "$prefix/bin/posviz" ] || fail "bin/posviz is not executable"
shipped=$(ls "$source/assets/presets" | grep -c '\.json$')
installed=$(ls "$prefix/share/posviz/presets" | grep -c '\.json$')
[ "$shipped" = "$installed" ] || fail "$installed presets installed, $shipped shipped"

# (Outputs are read whole before grep -q sees them: with pipefail, a grep -q that stops reading
# early would fail the pipeline by SIGPIPE.)
# The presets `posviz list` names (the lines after its "presets" heading).
presets_listed() { "${clean_env[@]}" "$1" list | awk '/^presets/ { on = 1; next } on && /^  / { print $1 } on && /^$/ { exit }'; }

# A preset only the installed copy has: listed only if the binary reads P/share/posviz.
cp "$(ls "$prefix"/share/posviz/presets/*.json | head -1)" "$prefix/share/posviz/presets/99-prefix-only.json"
cd "$scratch/work"
grep -qx "posviz [0-9.]*" <<<"$("${clean_env[@]}" "$prefix/bin/posviz" --version)" || fail "posviz --version"
grep -qx prefix-only <<<"$(presets_listed "$prefix/bin/posviz")" || fail "the installed posviz does not read P/share/posviz/presets"
"${clean_env[@]}" "$prefix/bin/posviz" export wavelengths -o "$scratch/work/w.npy"
head -c 6 w.npy | grep -q NUMPY || fail "export wavelengths wrote no .npy"

# Moved elsewhere, the tree still works: nothing in it names its prefix.
mv "$prefix" "$scratch/moved"
grep -qx prefix-only <<<"$(presets_listed "$scratch/moved/bin/posviz")" || fail "a moved prefix lost its presets"
"${clean_env[@]}" "$scratch/moved/bin/posviz" export storyline --preset prefix-only -o "$scratch/work/s.pdf"
[ -s s.pdf ] || fail "export storyline from the moved prefix wrote nothing"

# A lone binary (no share/posviz beside it) outside the build tree has no presets, not the checkout's.
mkdir -p "$scratch/lone/bin"
cp "$scratch/moved/bin/posviz" "$scratch/lone/bin/posviz"
[ -z "$(presets_listed "$scratch/lone/bin/posviz")" ] || fail "a binary outside the build tree read the source tree's presets"
# The build tree's binary reads the source tree's.
[ "$(presets_listed "$build/app/posviz" | wc -l)" = "$shipped" ] || fail "the build tree's posviz does not read assets/presets"

# The man page covers every subcommand.
page=$(MANWIDTH=100 man -l "$scratch/moved/share/man/man1/posviz.1.gz" 2>/dev/null)
for sub in $("$build/app/posviz" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'); do
  grep -q "^POSVIZ ${sub^^}\$" <<<"$page" || fail "the man page has no section POSVIZ ${sub^^}"
done

# The Python module, once python/ installs one: importable from the prefix with python3 alone.
# Expected when this build has python/ (sanitizer builds leave it out) and python/ installs it.
if grep -q '/python/cmake_install.cmake' "$build/cmake_install.cmake" &&
    grep -qs 'install *(' "$source/python/CMakeLists.txt"; then
  module=$(find "$scratch/moved" -path '*-packages/*' \( -name posviz -o -name posviz.py -o -name 'posviz.*.so' \) -prune | head -1)
  [ -n "$module" ] || fail "python/ has install rules but installed no posviz module under the prefix"
  (cd "$scratch/work" && "${clean_env[@]}" PYTHONPATH="$(dirname "$module")" /usr/bin/python3 -c "import posviz") ||
    fail "import posviz from the installed tree"
else
  echo "check_install: this build installs no Python module: not checked"
fi
echo "check_install: ok ($installed presets, man page, relocatable prefix)"
