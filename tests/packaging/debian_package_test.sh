#!/bin/sh
# debian_package_test.sh CPACK BUILD_DIR: makes the Debian package of BUILD_DIR in a
# temporary directory and checks its files and dependencies.
set -eu
cpack=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work" >/dev/null
deb=$(ls "$work"/*.deb)
fail() { echo "debian_package_test: $*"; exit 1; }
dpkg-deb --info "$deb"
depends=$(dpkg-deb --field "$deb" Depends)
for library in libc6 libstdc++6 libfmt libboost-program-options; do
  echo "$depends" | grep -q "$library" || fail "Depends lacks $library: $depends"
done
contents=$(dpkg-deb --contents "$deb")
for f in ./usr/bin/narabe ./usr/bin/narabe-match ./usr/share/narabe/reversi_eval.bin ./usr/share/narabe/reversi_book.bin \
         ./usr/share/doc/narabe/README.md; do
  echo "$contents" | grep -q " $f\( \|$\)" || fail "$f is not in the package"
done
echo "$contents" | grep -q ' ./usr/bin/pbrain-narabe -> narabe$' || fail "pbrain-narabe is not a link to narabe"
echo "debian_package_test: ok ($(basename "$deb"))"
