#!/bin/sh
# configure_without_test.sh CMAKE SOURCE_DIR GENERATOR CXX: configures the project as
# on a machine without SDL2 (and, with no tests built, without GoogleTest), then with
# the tests but still without SDL2. Both configures must succeed; the first must say
# that narabe-gui is skipped. Nothing is built.
set -eu
cmake=$1 source=$2 generator=$3 cxx=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "configure_without_test: $*"; exit 1; }

out=$("$cmake" -S "$source" -B "$work/programs" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_BUILD_TYPE=Release -DNARABE_BUILD_TESTS=OFF \
      -DCMAKE_DISABLE_FIND_PACKAGE_SDL2=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON 2>&1) \
  || { echo "$out"; fail "configure without SDL2 and GoogleTest failed"; }
echo "$out" | grep 'narabe'
echo "$out" | grep -q 'narabe-gui skipped' || fail "no word that narabe-gui is skipped"
echo "$out" | grep -q 'programs are .*narabe-match' || fail "narabe-match is not among the programs"

out=$("$cmake" -S "$source" -B "$work/tests" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_SDL2=ON 2>&1) \
  || { echo "$out"; fail "configure of the tests without SDL2 failed"; }
echo "configure_without_test: ok"
