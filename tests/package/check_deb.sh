#!/usr/bin/env bash
# The Debian package, end to end (run by .ci/test after the Release tests): builds it with cpack in
# BUILD_DIR, inspects it (dpkg-deb -c, -I), installs it (apt-get, which fetches any Depends not
# yet installed from Debian's archive), runs the installed posviz, its man page and the Python
# module from their installed paths in a clean environment, then purges it and checks that every
# file it installed is gone. Installing needs root; as another user it stops after the inspection.
# Usage: tests/package/check_deb.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
source_dir=$PWD
build=$(realpath "${1:-build}")
fail() { echo "check_deb: $*" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== cpack -G DEB in $build =="
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
arch=$(dpkg --print-architecture)
deb="$build/posviz_${version}_${arch}.deb"
rm -f "$deb"
(cd "$build" && cpack -G DEB >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack failed"; }
[ -f "$deb" ] || fail "cpack wrote no $(basename "$deb")"

echo "== dpkg-deb -I, -c =="
dpkg-deb -I "$deb"
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >"$scratch/contents"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = posviz ] && [ "$(field Version)" = "$version" ] && [ "$(field Architecture)" = "$arch" ] ||
  fail "wrong Package/Version/Architecture"
[ -n "$(field Maintainer)" ] && [ "$(field Section)" = science ] || fail "no Maintainer or Section"
# Not `field Description | grep -q .`: grep quits at the first line, dpkg-deb then dies of SIGPIPE on
# the long description and pipefail fails the check (CI, stop 28).
[ -n "$(field Description)" ] || fail "no Description"
depends=$(field Depends)
echo "Depends: $depends"
# The packages Depends names, one a line, without versions.
depends_names=$(sed 's/ *([^)]*)//g; s/, */\n/g' <<<"$depends")
needs() { grep -qxF "$1" <<<"$depends_names" || fail "Depends lacks $1"; }
# dpkg-shlibdeps' libraries (the C++ runtime, cairo, GLFW, epoxy), the ones epoxy loads with
# dlopen and the fonts, named by hand.
for d in libc6 libstdc++6 libcairo2 libglfw3 libepoxy0 libegl1 libgl1 fonts-dejavu-core fonts-noto-cjk; do
  needs $d
done
python_rules=no
# Expected when this build has python/ (-DPOSVIZ_BUILD_PYTHON=OFF leaves it out) and python/ installs it.
if grep -q '/python/cmake_install.cmake' "$build/cmake_install.cmake" &&
    grep -qs 'install *(' python/CMakeLists.txt; then python_rules=yes; fi
if [ $python_rules = yes ]; then needs python3; needs python3-numpy; fi
for f in /usr/bin/posviz /usr/share/applications/posviz.desktop /usr/share/icons/hicolor/scalable/apps/posviz.svg \
    /usr/share/man/man1/posviz.1.gz /usr/share/doc/posviz/README.md; do
  grep -qx "$f" "$scratch/contents" || fail "the package has no $f"
done
shipped=$(ls assets/presets | grep -c '\.json$')
[ "$(grep -c '^/usr/share/posviz/presets/.*\.json$' "$scratch/contents")" = "$shipped" ] ||
  fail "the package lacks some of the $shipped presets"
if [ $python_rules = yes ]; then
  grep -Eq '^/usr/lib/python3/dist-packages/posviz(/|\.py$|\..*\.so$)' "$scratch/contents" ||
    fail "python/ has install rules but the package has no posviz module in /usr/lib/python3/dist-packages"
else
  echo "check_deb: this build installs no Python module: not checked"
fi
if command -v desktop-file-validate >/dev/null; then
  dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/applications/posviz.desktop >"$scratch/posviz.desktop"
  desktop-file-validate "$scratch/posviz.desktop" || fail "desktop-file-validate"
fi

if [ "$(id -u)" != 0 ]; then
  echo "check_deb: not root: the package is not installed here"
  exit 0
fi

echo "== install, run from the installed paths, purge =="
export DEBIAN_FRONTEND=noninteractive
if dpkg -s posviz >/dev/null 2>&1; then dpkg --purge posviz; fi  # left by an earlier run
apt_install() { apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "$deb"; }
if ! apt_install >"$scratch/apt.log" 2>&1; then
  apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null  # Depends not installed and no lists yet
  apt_install >"$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log"; fail "apt-get install $deb"; }
fi
trap 'dpkg --purge posviz >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
dpkg -L posviz >"$scratch/installed"
# Installed files (not the directories shared with other packages) to be gone after the purge.
while read -r p; do if [ -f "$p" ] || [ -L "$p" ]; then echo "$p"; fi; done <"$scratch/installed" >"$scratch/files"
echo "installed $(wc -l <"$scratch/files") files"

mkdir -p "$scratch/home" "$scratch/work"
cd "$scratch/work"  # away from the source and build trees
clean=(env -i PATH=/usr/bin:/bin HOME="$scratch/home" LC_ALL=C.UTF-8)
[ "$(command -v posviz)" = /usr/bin/posviz ] || fail "posviz on PATH is $(command -v posviz), not /usr/bin/posviz"
grep -qx "posviz $version" <<<"$("${clean[@]}" posviz --version)" || fail "posviz --version"
"${clean[@]}" posviz export wavelengths -o "$scratch/work/x.npy"
head -c 6 x.npy | grep -q NUMPY || fail "posviz export wavelengths wrote no .npy"
grep -qx '  rope-rotation' <<<"$("${clean[@]}" posviz list)" || fail "the installed posviz lists no presets"
"${clean[@]}" posviz export storyline --preset rope-rotation -o "$scratch/work/s.pdf"
[ -s s.pdf ] || fail "posviz export storyline wrote nothing"
if grep -qs '^path-exclude[= ]*/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then
  # A minimal image's dpkg leaves man pages out (Debian's slim containers): checked in the .deb above.
  echo "check_deb: dpkg here excludes /usr/share/man: man posviz not checked installed"
else
  [ "$("${clean[@]}" man -w posviz)" = /usr/share/man/man1/posviz.1.gz ] || fail "man -w posviz"
  grep -q '^POSVIZ EXPORT$' <<<"$("${clean[@]}" MANWIDTH=100 man -P cat posviz 2>/dev/null)" ||
    fail "man posviz has no section POSVIZ EXPORT"
fi
if [ $python_rules = yes ]; then
  "${clean[@]}" /usr/bin/python3 -c "import posviz; print('import posviz:', posviz.__file__)" ||
    fail "/usr/bin/python3 -c 'import posviz'"
fi

dpkg --purge posviz >/dev/null
dpkg-query -W -f='${Status}' posviz 2>/dev/null | grep -q 'install ok' && fail "posviz is still installed"
left=$(while read -r p; do if [ -e "$p" ] || [ -L "$p" ]; then echo "$p"; fi; done <"$scratch/files")
[ -z "$left" ] || fail "left after dpkg --purge: $left"
# Nor its own folders (/usr/share/posviz, the Python package's, with any __pycache__ an import left).
left=$(grep posviz "$scratch/installed" | while read -r p; do if [ -e "$p" ]; then echo "$p"; fi; done)
[ -z "$left" ] || fail "left after dpkg --purge: $left"
cd "$source_dir"
echo "check_deb: ok ($(basename "$deb"): built, inspected, installed, run, purged)"
