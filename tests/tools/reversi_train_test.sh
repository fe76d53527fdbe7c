#!/bin/sh
# narabe-reversi-train's run on a small scale, as docs/reversi.md ("Training the
# evaluation") gives it: a generate run killed part-way and started again ends with
# the same file as one run straight through, on any thread count; a run with other
# settings does not go on with that file; fit reads it and prints its table.
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
echo "PASS"
