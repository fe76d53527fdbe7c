#!/usr/bin/env bash
# The long fuzzing run (docs/hardening.md): builds the asan-ubsan preset's fuzz
# targets, then runs every one (or the ones named) for SECONDS each, JOBS at a
# time, and lists what was found.
#   tools/fuzz.sh [--seconds N] [--jobs J] [target ...]     (defaults: 3600 s, 2 jobs)
# Inputs that grow coverage collect in build/asan-ubsan/fuzz/corpus/<target>,
# findings in build/asan-ubsan/fuzz/artifacts/; each target's log is
# build/asan-ubsan/fuzz/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=3600 jobs=2 targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ $seconds =~ ^[0-9]+$ && $jobs =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --seconds and --jobs take whole numbers" >&2; exit 2; }

cmake --preset asan-ubsan >/dev/null
cmake --build --preset asan-ubsan --target narabe_fuzzers
bin=build/asan-ubsan/tests/fuzz work=build/asan-ubsan/fuzz
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$bin"/fuzz_*; do [ -x "$f" ] && targets+=("${f##*/fuzz_}"); done
fi
for t in "${targets[@]}"; do
  [ -x "$bin/fuzz_$t" ] || { echo "fuzz.sh: no fuzz target '$t' (built: $(ls "$bin" | grep '^fuzz_' | sed 's/^fuzz_//' | tr '\n' ' '))" >&2; exit 2; }
done
mkdir -p "$work"

echo "fuzz.sh: ${#targets[@]} targets, $seconds s each, $jobs at a time"
# Each run leaves its verdict in <target>.status, read once all have ended.
run_one() {
  local t=$1
  if tests/fuzz/run_fuzzer.sh "$bin/fuzz_$t" "$t" "$seconds" "$work" > "$work/$t.log" 2>&1; then
    echo ok > "$work/$t.status"
    echo "fuzz.sh: $t: $(grep -m1 '^stat::number_of_executed_units' "$work/$t.log" | awk '{print $2}') runs, no finding"
  else
    echo finding > "$work/$t.status"
    echo "fuzz.sh: $t: FINDING, see $work/$t.log and $work/artifacts/"
  fi
}
for t in "${targets[@]}"; do
  rm -f "$work/$t.status"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_one "$t" &
done
wait
failed=()
for t in "${targets[@]}"; do [ "$(cat "$work/$t.status" 2>/dev/null)" = ok ] || failed+=("$t"); done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: findings in: ${failed[*]}"
  exit 1
fi
echo "fuzz.sh: every target ran $seconds s without a finding"
