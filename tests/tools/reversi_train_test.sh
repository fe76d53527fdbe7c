#!/bin/sh
# narabe-reversi-train's run on a small scale, as docs/reversi.md ("Training the
# evaluation") gives it: a generate run killed part-way and started again ends with
# the same file as one run straight through, on any thread count; a run with other
# settings does not go on with that file; fit reads it and prints its table. The
# book built from the fitted weights is the same straight through and resumed, and
# its searches are not taken for another depth's.
# Usage: reversi_train_test.sh TRAINER
set -eu
trainer=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$trainer" generate --games 24 --threads 2 --seed 5 --out "$dir/straight.bin" > "$dir/log"
grep -q '^24 games, [0-9]* positions' "$dir/log" || fail "no summary: $(cat "$dir/log")"

# One thread, 9 games, then killed inside a game (its tail cut), then the rest.
"$trainer" generate --games 9 --threads 1 --seed 5 --out "$dir/resumed.bin" > /dev/null
size=$(wc -c < "$dir/resumed.bin")
head -c $((size - 100)) "$dir/resumed.bin" > "$dir/cut" && mv "$dir/cut" "$dir/resumed.bin"
"$trainer" generate --games 24 --threads 2 --seed 5 --out "$dir/resumed.bin" > "$dir/log"
grep -q "^resuming '.*resumed.bin': 8 games (.*) already there; a partial game at its end is dropped" "$dir/log" ||
  fail "no resume line: $(cat "$dir/log")"
cmp "$dir/straight.bin" "$dir/resumed.bin" || fail "the resumed run differs from the straight one"

# Done already: nothing to play.
"$trainer" generate --games 24 --seed 5 --out "$dir/resumed.bin" | grep -q '^nothing to do' || fail "played again"

# Another seed is another run: refused, the file untouched.
if "$trainer" generate --games 30 --seed 6 --out "$dir/resumed.bin" 2> "$dir/err"; then fail "took another run's file"; fi
grep -q "holds games of another run ('depth=4 seed=5 .*'), not 'depth=4 seed=6 " "$dir/err" || fail "$(cat "$dir/err")"
cmp "$dir/straight.bin" "$dir/resumed.bin" || fail "the refused run changed the file"

# Not a positions file: a clear error.
printf 'NRBRVPS2\377\377\377\377' > "$dir/bad.bin"
if "$trainer" fit --data "$dir/bad.bin" --out "$dir/w.bin" 2> "$dir/err"; then fail "fitted a damaged file"; fi
grep -q "truncated or damaged header" "$dir/err" || fail "$(cat "$dir/err")"

"$trainer" fit --data "$dir/straight.bin" --epochs 3 --phases 12 --threads 2 --out "$dir/w.bin" > "$dir/log" 2> /dev/null
grep -q '^   11      5-0 ' "$dir/log" || fail "no fit table: $(cat "$dir/log")"
grep -q '^  all     60-0 ' "$dir/log" || fail "no whole held-out line: $(cat "$dir/log")"
[ -s "$dir/w.bin" ] || fail "no weights written"
if "$trainer" fit --data "$dir/straight.bin" --phases 61 --out "$dir/w2.bin" 2> "$dir/err"; then fail "took 61 phases"; fi
grep -q -- "--phases is 1 to 60" "$dir/err" || fail "$(cat "$dir/err")"

# The fitted file's held-out error, per phase of its own.
"$trainer" error --data "$dir/straight.bin" --weights "$dir/w.bin" > "$dir/log"
grep -q '^   11  ' "$dir/log" && grep -q '^  all  ' "$dir/log" || fail "no error table: $(cat "$dir/log")"
# The opening book, small: straight through on two threads, then on one thread cut
# part-way (half a line at the end) and started again.
book() { "$trainer" book --weights "$dir/w.bin" --full-plies 3 --line-plies 6 --max-positions 150 "$@"; }
book --depth 4 --threads 2 --out "$dir/straight-book.bin" > "$dir/log" 2> /dev/null
grep -q '^book: [0-9]* positions ([0-9]* searched by this run), expanded per ply: 1 1 3 ' "$dir/log" ||
  fail "no book summary: $(cat "$dir/log")"
book --depth 4 --threads 1 --out "$dir/resumed-book.bin" > /dev/null 2>&1
head -c 300 "$dir/resumed-book.bin.searched" > "$dir/cut" && mv "$dir/cut" "$dir/resumed-book.bin.searched"
rm "$dir/resumed-book.bin"
book --depth 4 --threads 2 --out "$dir/resumed-book.bin" > "$dir/log" 2> /dev/null
grep -q "^resuming: [0-9]* positions already searched in" "$dir/log" || fail "no book resume line: $(cat "$dir/log")"
cmp "$dir/straight-book.bin" "$dir/resumed-book.bin" || fail "the resumed book differs from the straight one"
if book --depth 5 --out "$dir/resumed-book.bin" 2> "$dir/err"; then fail "took another depth's searches"; fi
grep -q "holds searches of another run ('narabe-reversi-book-searches depth 4 " "$dir/err" || fail "$(cat "$dir/err")"
echo "PASS"
