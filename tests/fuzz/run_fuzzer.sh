#!/usr/bin/env bash
# Runs one fuzz target for a bounded time (docs/hardening.md):
#   run_fuzzer.sh BINARY NAME SECONDS WORK_DIR [extra libFuzzer flags...]
# The seed corpus and the regressions in the source tree are read, never written:
# new inputs go to WORK_DIR/corpus/NAME, and a crash, leak or time-out is saved as
# WORK_DIR/artifacts/NAME-<kind>-<sha1> and fails the run. Copy such a file into
# tests/fuzz/regressions/NAME once it is fixed.
set -euo pipefail
binary=$1 name=$2 seconds=$3 work=$4
shift 4
source_dir=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work/corpus/$name" "$work/artifacts" "$source_dir/regressions/$name"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$binary" \
  -max_total_time="$seconds" \
  -timeout=25 \
  -rss_limit_mb=2048 \
  -max_len=4096 \
  -print_final_stats=1 \
  -dict="$source_dir/dict/$name.dict" \
  -artifact_prefix="$work/artifacts/$name-" \
  "$@" \
  "$work/corpus/$name" "$source_dir/corpus/$name" "$source_dir/regressions/$name"
