#!/bin/sh
# installed_engine_test.sh CMAKE BUILD_DIR: installs BUILD_DIR into a temporary prefix
# and runs the installed engine from another directory. Its Reversi and Gomoku
# weights must be found (no fallback message), pbrain-narabe must answer, and the
# docs must be in place.
set -eu
cmake=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
mkdir "$work/elsewhere"
cd "$work/elsewhere"

fail() { echo "installed_engine_test: $*"; exit 1; }
for f in bin/narabe bin/pbrain-narabe bin/narabe-match share/narabe/reversi_eval.bin share/narabe/reversi_book.bin \
         share/narabe/gomoku_eval_renju.bin share/doc/narabe/README.md share/doc/narabe/docs/protocol.md; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
[ -L "$prefix/bin/pbrain-narabe" ] || fail "bin/pbrain-narabe is not a symbolic link"

out=$(printf 'uci\nnewgame reversi\ngo depth 3\nisready\nnewgame gomoku rule renju\ngo depth 2\nisready\nquit\n' \
      | "$prefix/bin/narabe")
echo "$out"
echo "$out" | grep -q '^uciok$' || fail "no uciok"
[ "$(echo "$out" | grep -c '^bestmove ')" = 2 ] || fail "not two bestmoves"
if echo "$out" | grep -q '^info string.*\(weights\|book\)'; then fail "the installed engine did not find its data files"; fi
about=$(printf 'ABOUT\nEND\n' | "$prefix/bin/pbrain-narabe")
echo "$about" | grep -q '^name="narabe"' || fail "pbrain-narabe did not answer ABOUT"
echo "installed_engine_test: ok"
