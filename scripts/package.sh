#!/usr/bin/env bash
# Builds spritec's Debian package from a build tree: the spritec executable, the runtime
# headers and the CMake package (find_package(spritec), spritec_add_pack), under /usr —
# exactly what `cmake --install` installs (CPack's DEB generator; CMakeLists.txt).
#
#   scripts/package.sh [BUILD_DIR [OUT_DIR]] [--no-build]
#
# BUILD_DIR (default: build) must be configured (scripts/test.sh, or cmake -S . -B build);
# it is built first unless --no-build (the package test, which runs inside ctest on a
# tree already built; CPack's own preinstall step still checks it). The .deb goes to
# OUT_DIR (default:
# BUILD_DIR/package); its path is the last line printed. Needs cpack, dpkg-deb and
# dpkg-shlibdeps (Debian's cmake and dpkg-dev, in build-essential).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build
out_dir=
build=1
positional=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "package.sh: unknown option $arg" >&2; exit 2 ;;
    *) positional+=("$arg") ;;
  esac
done
[ ${#positional[@]} -ge 1 ] && build_dir=${positional[0]}
[ ${#positional[@]} -ge 2 ] && out_dir=${positional[1]}
[ ${#positional[@]} -le 2 ] || { echo "package.sh: too many arguments" >&2; exit 2; }
build_dir=$(cd "$build_dir" && pwd)
out_dir=${out_dir:-$build_dir/package}
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)

if [ ! -f "$build_dir/CPackConfig.cmake" ]; then
  echo "package.sh: $build_dir is not a configured spritec build tree (no CPackConfig.cmake)" >&2
  exit 1
fi
if [ "$build" = 1 ]; then
  cmake --build "$build_dir"
fi

# CPack installs the tree into a staging directory under OUT_DIR and packs it. (Its
# `preinstall` step runs the build tool on the tree once more: nothing to do once built.)
rm -f "$out_dir"/spritec_*.deb
cpack --config "$build_dir/CPackConfig.cmake" -G DEB -B "$out_dir" >&2
deb=$(ls "$out_dir"/spritec_*.deb)
dpkg-deb --info "$deb" >&2
echo "$deb"
