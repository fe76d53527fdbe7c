#!/usr/bin/env bash
# Builds narabe and runs every test: the release build's full suite, then the whole
# suite again (unit, game, protocol and integration tests) under AddressSanitizer +
# UndefinedBehaviorSanitizer with assertions on, beside every fuzz target for 20 s
# under libFuzzer in that same build (docs/hardening.md), then the threaded search
# and protocol tests under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake --workflow --preset test-release
cmake --workflow --preset test-asan-ubsan
cmake --workflow --preset test-tsan
