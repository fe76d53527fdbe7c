#!/bin/sh
# narabe-gomoku-train on a small scale, as docs/gomoku.md ("Training") gives it: a
# generate run killed inside a line goes on to the same file as one run straight
# through; fit writes weights that --init reads back and reports on (--epochs 0),
# refuses another rule's file, and --searched-only leaves out the positions with a
# five point. --openings starts game i with the file's opening i % N, then the
# random stones; a file it cannot play is an error.
# Usage: gomoku_train_test.sh TRAINER
set -eu
trainer=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
play() { "$trainer" generate --rule renju --nodes 300 --seed 3 "$@"; }

play --games 6 --out "$dir/straight.txt" > "$dir/log"
grep -q '^6 new games (0 skipped as done), [0-9]* positions' "$dir/log" || fail "no summary: $(cat "$dir/log")"

# Three games, the last line cut short as a killed run leaves it, then all six.
play --games 3 --out "$dir/resumed.txt" > /dev/null
size=$(wc -c < "$dir/resumed.txt")
head -c $((size - 20)) "$dir/resumed.txt" > "$dir/cut" && mv "$dir/cut" "$dir/resumed.txt"
play --games 6 --out "$dir/resumed.txt" > "$dir/log"
grep -q "a partial game at its end is dropped" "$dir/log" || fail "no partial-game line: $(cat "$dir/log")"
grep -q '^4 new games (2 skipped as done)' "$dir/log" || fail "not resumed: $(cat "$dir/log")"
cmp "$dir/straight.txt" "$dir/resumed.txt" || fail "the resumed run differs from the straight one"

# Two openings: games 4 and 5 start with the first and the second, then two random stones.
printf '# two openings\nh8 h9 i9\n\ng7 h8 i9\n' > "$dir/openings.txt"
play --games 2 --first 4 --openings "$dir/openings.txt" --opening-min 2 --opening-max 2 --out "$dir/opened.txt" > /dev/null
grep -q '^4 [xod][a-z]* 5 h8:- h9:- i9:- [a-o][0-9]*:- [a-o][0-9]*:- [a-o][0-9]*:-*[0-9]' "$dir/opened.txt" ||
  fail "game 4 does not start with the first opening: $(cat "$dir/opened.txt")"
grep -q '^5 [xod][a-z]* 5 g7:- h8:- i9:- ' "$dir/opened.txt" || fail "game 5 does not start with the second opening"
printf 'h8 h8\n' > "$dir/bad_openings.txt"
if play --games 1 --openings "$dir/bad_openings.txt" --out "$dir/none.txt" 2> "$dir/err"; then fail "played a bad opening"; fi
grep -q "bad_openings.txt:1: move 'h8': h8 is already taken" "$dir/err" || fail "$(cat "$dir/err")"
printf 'fen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x\n' > "$dir/fen_openings.txt"
if play --games 1 --openings "$dir/fen_openings.txt" --out "$dir/none.txt" 2> "$dir/err"; then fail "took a fen opening"; fi
grep -q "opening 1 starts from a fen" "$dir/err" || fail "$(cat "$dir/err")"
[ ! -s "$dir/none.txt" ] || fail "a refused run wrote games"

fit() { "$trainer" fit --rule renju --data "$dir/straight.txt" --lambda 0.5 "$@"; }
fit --epochs 3 --out "$dir/w.bin" > "$dir/log" 2> /dev/null
trained=$(sed -n 's/^held-out log-loss: trained \([0-9.]*\) against the target.*/\1/p' "$dir/log")
written=$(sed -n 's/^held-out log-loss: the weights as written \([0-9.]*\) against the target.*/\1/p' "$dir/log")
[ -n "$trained" ] && [ -n "$written" ] && [ -s "$dir/w.bin" ] || fail "no fit: $(cat "$dir/log")"

# The file read back predicts as the fit says the weights it wrote do (its
# values rounded to score units; on six games that alone moves the loss by up
# to 0.01, so the report of the written values is the one to match).
fit --init "$dir/w.bin" --epochs 0 > "$dir/log"
again=$(sed -n 's/^held-out log-loss: the --init weights \([0-9.]*\) against the target.*/\1/p' "$dir/log")
[ -n "$again" ] || fail "no report of the --init weights: $(cat "$dir/log")"
[ "$again" = "$written" ] || fail "the file read back predicts $again, the fit said its weights as written $written"
fit --init "$dir/w.bin" --epochs 2 --out "$dir/w2.bin" > /dev/null 2>&1 || fail "no fit from --init"

if fit --epochs 0 --out "$dir/w3.bin" 2> "$dir/err"; then fail "fitted 0 epochs from nothing"; fi
grep -q -- "--epochs positive (0 with --init)" "$dir/err" || fail "$(cat "$dir/err")"
if "$trainer" fit --rule freestyle --data "$dir/straight.txt" --init "$dir/w.bin" --epochs 0 2> "$dir/err"; then
  fail "took renju weights for freestyle"
fi
grep -q "holds renju weights, not freestyle" "$dir/err" || fail "$(cat "$dir/err")"
head -c 100 "$dir/w.bin" > "$dir/bad.bin"
if fit --init "$dir/bad.bin" --epochs 0 2> "$dir/err"; then fail "read a damaged weights file"; fi
grep -q "bad.bin': " "$dir/err" || fail "$(cat "$dir/err")"

fit --epochs 1 --searched-only --out "$dir/w4.bin" > "$dir/log" 2> /dev/null
grep -q '^[1-9][0-9]* positions left out: a five point on the board' "$dir/log" || fail "nothing left out: $(cat "$dir/log")"
echo "PASS"
